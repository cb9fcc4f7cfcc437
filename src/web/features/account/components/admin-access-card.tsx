import { useQuery } from "@tanstack/react-query";
import Eye from "lucide-react/icons/eye";
import ShieldCheck from "lucide-react/icons/shield-check";
import type { LookAtMe } from "#shared/schemas/audit.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatAgo, formatDateTime } from "../../../lib/format-date.ts";
import { looksAtMeOptions } from "../api/looks-queries.ts";
import { SectionCard } from "./section-card.tsx";

const WHAT: Record<string, string> = {
  "admin.look.thread": "opened your chat",
  "admin.look.document": "opened your document",
  "admin.look.dossier": "opened your folder",
};

function describe(look: LookAtMe): string {
  const what = WHAT[look.action] ?? "looked at";
  return look.targetName ? `${what} “${look.targetName}”` : what;
}

/**
 * Superadmins can open any member's documents and chats from /admin; each
 * look is in the audit log, and here for its owner (decision 024).
 */
export function AdminAccessCard() {
  const looks = useQuery(looksAtMeOptions());
  return (
    <SectionCard
      id="administrator-access"
      title="Administrator access"
      description="Atrium's superadmins can open members' documents and chats to help or investigate. Every time they open one of yours, it is listed here."
    >
      {looks.error && !looks.data ? (
        <p role="alert" className="text-destructive text-sm">
          {looks.error.message}
        </p>
      ) : !looks.data ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : looks.data.length === 0 ? (
        <p
          className="flex items-center gap-2 text-muted-foreground text-sm"
          data-testid="admin-access-none"
        >
          <ShieldCheck aria-hidden="true" className="size-4 text-success" />
          No administrator has opened your documents or chats.
        </p>
      ) : (
        <ul className="grid gap-2" data-testid="admin-access-list">
          {looks.data.map((look) => (
            <li
              key={look._id}
              className="flex items-start gap-3 rounded-lg border bg-background/40 px-3 py-2 text-sm"
              data-testid="admin-access-item"
            >
              <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
              <span className="min-w-0 flex-1">
                <span className="font-medium">{look.actorName}</span> {describe(look)}
              </span>
              <time
                dateTime={new Date(look._creationTime).toISOString()}
                title={formatDateTime(look._creationTime)}
                className="shrink-0 text-muted-foreground text-xs"
              >
                {formatAgo(look._creationTime)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
