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
  const confirm = async () => {
    if (!target) return;
    const args = { moduleId: target._id };
    try {
      if (archived) await restore.mutateAsync(args);
      else await archive.mutateAsync(args);
      toast({
        title: archived ? `${target.name} restored` : `${target.name} archived`,
        variant: "success",
      });
      setTarget(null);
    } catch {
      // The mutation's toast says why; the dialog stays for another try.
    }
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
      pending={archive.isPending || restore.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    />
  ) : null;
  return { ask: setTarget, dialog };
}
