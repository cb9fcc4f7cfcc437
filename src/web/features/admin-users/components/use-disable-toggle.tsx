import { useState } from "react";
import type { AdminUserRow } from "#shared/schemas/admin-user.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useSetUserDisabled } from "../hooks/use-admin-user-mutations.ts";
import { fullName } from "./format.ts";

/** Disable or enable a user after a confirmation; returns the opener and the dialog. */
export function useDisableToggle() {
  const setDisabled = useSetUserDisabled();
  const [target, setTarget] = useState<AdminUserRow | null>(null);
  const disabling = target ? !target.disabled : false;
  const name = target ? fullName(target) : "";
  const dialog = target ? (
    <ConfirmDialog
      testId="admin-user-confirm"
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        disabling
          ? "They are signed out everywhere at once and cannot sign in until enabled again. Their work stays."
          : "They can sign in again with their password."
      }
      confirmLabel={disabling ? "Disable user" : "Enable user"}
      destructive={disabling}
      onOpenChange={(open) => !open && setTarget(null)}
      onConfirm={() => {
        const user = target;
        setDisabled.mutate(
          { userId: user._id, disabled: disabling },
          {
            onSuccess: () =>
              toast({
                title: disabling ? `${fullName(user)} is disabled` : `${fullName(user)} is enabled`,
                variant: "success",
              }),
          },
        );
      }}
    />
  ) : null;
  return { open: setTarget, dialog };
}
