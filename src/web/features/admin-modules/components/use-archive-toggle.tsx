import { useState } from "react";
import type { AdminModule } from "#shared/schemas/module.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useArchiveModule, useRestoreModule } from "../hooks/use-module-mutations.ts";

/** Archive or restore a module after a confirmation; `dialog` is drawn by the caller. */
export function useArchiveToggle() {
  const archive = useArchiveModule();
  const restore = useRestoreModule();
  const [target, setTarget] = useState<AdminModule | null>(null);
  const archived = target?.archivedAt != null;
  // A refusal stays in the dialog (the mutations do not toast it) for another try.
  const confirm = async () => {
    if (!target) return;
    const args = { moduleId: target._id };
    if (archived) await restore.mutateAsync(args);
    else await archive.mutateAsync(args);
    toast({
      title: archived ? `${target.name} restored` : `${target.name} archived`,
      variant: "success",
    });
  };
  const dialog = target ? (
    <ConfirmDialog
      title={archived ? `Restore ${target.name}?` : `Archive ${target.name}?`}
      description={
        archived
          ? "Members of the organizations it is offered to see and run it again (if it is active)."
          : "Members no longer see or run it. Its executions and drafts stay, and you can restore it at any time."
      }
      confirmLabel={archived ? "Restore" : "Archive"}
      destructive={!archived}
      onConfirm={confirm}
      onOpenChange={(open) => !open && setTarget(null)}
      testId="archive-module-dialog"
    />
  ) : null;
  return { ask: setTarget, dialog };
}
