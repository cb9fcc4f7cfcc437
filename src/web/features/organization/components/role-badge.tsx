import type { Role } from "#shared/constants.ts";
import { cn } from "../../../components/ui/cn.ts";
import { roleLabel } from "../lib/format.ts";

/** Member, Admin or Superadmin, as a small pill. */
export function RoleBadge({ role, isSuperadmin = false }: { role: Role; isSuperadmin?: boolean }) {
  const elevated = isSuperadmin || role === "OrganizationAdmin";
  return (
    <span
      data-testid="member-role"
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-[11px]",
        elevated
          ? "border-primary/30 bg-primary/10 text-primary"
          : "bg-muted text-muted-foreground",
      )}
    >
      {roleLabel(role, isSuperadmin)}
    </span>
  );
}
