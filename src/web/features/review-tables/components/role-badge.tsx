import type { TableRole } from "#shared/schemas/review-table.ts";
import { cn } from "../../../components/ui/cn.ts";

const LABELS: Record<TableRole, string> = { owner: "Owner", editor: "Editor", viewer: "Viewer" };

/** Your role on a table. */
export function RoleBadge({ role, className }: { role: TableRole; className?: string }) {
  return (
    <span
      data-testid="role-badge"
      className={cn(
        "inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 font-medium text-[11px]",
        role === "owner"
          ? "border-primary/30 bg-primary/10 text-primary"
          : role === "editor"
            ? "border-success/30 bg-success/10 text-success"
            : "border-border bg-muted/50 text-muted-foreground",
        className,
      )}
    >
      {LABELS[role]}
    </span>
  );
}
