import ShieldCheck from "lucide-react/icons/shield-check";
import type { Role } from "#shared/constants.ts";
import { cn } from "../../../components/ui/cn.ts";
import { roleLabel } from "./format.ts";

const pill = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-[11px]";

export function RoleBadge({ role, hasOrganization }: { role: Role; hasOrganization: boolean }) {
  if (!hasOrganization) return <span className="text-muted-foreground text-xs">—</span>;
  return (
    <span
      className={cn(
        pill,
        role === "OrganizationAdmin"
          ? "bg-primary/10 text-primary"
          : "bg-muted text-muted-foreground",
      )}
    >
      {roleLabel(role)}
    </span>
  );
}

export function SuperadminBadge() {
  return (
    <span className={cn(pill, "bg-amber-500/15 text-amber-700 dark:text-amber-300")}>
      <ShieldCheck aria-hidden="true" className="size-3" />
      Superadmin
    </span>
  );
}

export function StatusBadge({ disabled }: { disabled: boolean }) {
  return (
    <span
      className={cn(
        pill,
        disabled
          ? "bg-destructive/10 text-destructive"
          : "bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("size-1.5 rounded-full", disabled ? "bg-destructive" : "bg-emerald-500")}
      />
      {disabled ? "Disabled" : "Active"}
    </span>
  );
}
