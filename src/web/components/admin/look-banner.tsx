import Eye from "lucide-react/icons/eye";

/**
 * On the superadmin pages that open members' things (/admin/dossier,
 * /admin/chat): what opening an item leaves behind (decision 024).
 */
export function LookBanner() {
  return (
    <div
      role="note"
      data-testid="look-banner"
      className="flex items-start gap-3 rounded-lg border border-warning/30 bg-warning/[0.07] px-4 py-3 text-sm"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p className="text-foreground/90">
        <span className="font-medium">Opening an item here is recorded in the audit log.</span>{" "}
        <span className="text-muted-foreground">
          Each folder, document and thread you open is logged with your name, and its owner sees the
          look on their account page.
        </span>
      </p>
    </div>
  );
}
