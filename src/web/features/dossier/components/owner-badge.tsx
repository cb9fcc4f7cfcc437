import Users from "lucide-react/icons/users";
import type { DossierRole } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";

const ROLE_LABEL: Record<DossierRole, string> = {
  owner: "Owner",
  editor: "Can edit",
  viewer: "Can view",
};

/** On something shared with me: whose it is and what I may do with it. Nothing on my own things. */
export function OwnerBadge({
  ownerName,
  myRole,
  className,
}: {
  ownerName: string | null;
  myRole: DossierRole;
  className?: string;
}) {
  if (myRole === "owner") return null;
  return (
    <span
      data-testid="owner-badge"
      data-role={myRole}
      title={`Shared by ${ownerName ?? "a former member"} · ${ROLE_LABEL[myRole]}`}
      className={cn(
        "flex min-w-0 max-w-full items-center gap-1 text-[11.5px] text-muted-foreground",
        className,
      )}
    >
      <Users aria-hidden="true" className="size-3 shrink-0" />
      <span className="truncate">{ownerName ?? "Former member"}</span>
      <span
        className={cn(
          "shrink-0 rounded px-1 py-px font-medium text-[10.5px]",
          myRole === "editor" ? "bg-primary/15 text-primary" : "bg-muted text-muted-foreground",
        )}
      >
        {ROLE_LABEL[myRole]}
      </span>
    </span>
  );
}
