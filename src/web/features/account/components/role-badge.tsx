import type { User } from "#shared/schemas/user.ts";
import { cn } from "../../../components/ui/cn.ts";

function roleLabel(user: User): string {
  if (user.isSuperadmin) return "Superadmin";
  return user.role === "OrganizationAdmin" ? "Organization admin" : "Member";
}

export function RoleBadge({ user }: { user: User }) {
  const elevated = user.isSuperadmin || user.role === "OrganizationAdmin";
  return (
    <span
      data-testid="profile-role"
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 font-medium text-[11px]",
        elevated
          ? "border-primary/30 bg-primary/10 text-primary"
          : "bg-muted text-muted-foreground",
      )}
    >
      {roleLabel(user)}
    </span>
  );
}
