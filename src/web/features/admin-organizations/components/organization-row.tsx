import Ban from "lucide-react/icons/ban";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import Pencil from "lucide-react/icons/pencil";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import type { AdminOrganization } from "#shared/schemas/admin-organizations.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { formatBytes, formatCount, formatNumber } from "../../../lib/format-figures.ts";

const date = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

export type RowAction = "rename" | "suspend" | "restore";

function StatusBadge({ organization }: { organization: AdminOrganization }) {
  if (organization.status === "active") {
    return (
      <span className="inline-flex items-center gap-1.5 rounded-full border border-success/30 bg-success/10 px-2 py-0.5 font-medium text-success text-xs">
        <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
        Active
      </span>
    );
  }
  return (
    <span className="grid gap-0.5">
      <span className="inline-flex w-fit items-center gap-1.5 rounded-full border border-destructive/30 bg-destructive/10 px-2 py-0.5 font-medium text-destructive text-xs">
        <Ban aria-hidden="true" className="size-3" />
        Suspended
      </span>
      {organization.suspendedAt ? (
        <span className="text-muted-foreground text-xs">
          since {date.format(organization.suspendedAt)}
        </span>
      ) : null}
      {organization.suspendedReason ? (
        <span
          className="line-clamp-1 max-w-44 text-muted-foreground text-xs"
          title={organization.suspendedReason}
        >
          {organization.suspendedReason}
        </span>
      ) : null}
    </span>
  );
}

/** One organization of the table, with its actions. */
export function OrganizationRow({
  organization: o,
  onAction,
}: {
  organization: AdminOrganization;
  onAction: (action: RowAction) => void;
}) {
  return (
    <tr className="border-t align-middle" data-testid="admin-organization-row" data-slug={o.slug}>
      <td className="px-4 py-3">
        <span className="block font-medium">{o.name}</span>
        <span className="text-muted-foreground text-xs">Created {date.format(o.createdAt)}</span>
      </td>
      <td className="whitespace-nowrap px-3 py-3 font-mono text-muted-foreground text-xs">
        {o.slug}
      </td>
      <td className="whitespace-nowrap px-3 py-3">
        <span className="tabular-nums">{plural(o.memberCount, "member")}</span>
        <span className="block text-muted-foreground text-xs">
          {plural(o.adminCount, "admin")}
          {o.pendingInvitations > 0
            ? ` · ${plural(o.pendingInvitations, "invited", "invited")}`
            : ""}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-3">
        <span className="tabular-nums">{formatBytes(o.storageBytes)}</span>
        <span className="block text-muted-foreground text-xs">
          {plural(o.documentCount, "document")}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-muted-foreground text-xs">
        <span className="block text-foreground text-sm tabular-nums">
          {plural(o.usage.messages, "message")}
        </span>
        {formatCount(o.usage.tokens)} tokens · {plural(o.usage.activeUsers, "active user")}
      </td>
      <td className="px-3 py-3" data-testid="admin-organization-status">
        <StatusBadge organization={o} />
      </td>
      <td className="px-3 py-3 text-right">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Actions for ${o.name}`}
              data-testid="admin-organization-actions"
            >
              <MoreHorizontal aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onAction("rename")} data-testid="organization-rename">
              <Pencil aria-hidden="true" />
              Rename…
            </DropdownMenuItem>
            {o.status === "active" ? (
              <DropdownMenuItem
                variant="destructive"
                onSelect={() => onAction("suspend")}
                data-testid="organization-suspend"
              >
                <Ban aria-hidden="true" />
                Suspend…
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem
                onSelect={() => onAction("restore")}
                data-testid="organization-restore"
              >
                <RotateCcw aria-hidden="true" />
                Restore…
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </td>
    </tr>
  );
}
