import { useState } from "react";
import { type AdminOrganization, SUSPEND_REASON_MAX } from "#shared/schemas/admin-organizations.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import {
  useRestoreOrganization,
  useSuspendOrganization,
} from "../hooks/use-admin-organization-mutations.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Suspend …?": what happens to its members, and an optional reason for the record. */
export function SuspendOrganizationDialog({
  organization,
  search,
  onClose,
}: {
  organization: AdminOrganization;
  search: string;
  onClose: () => void;
}) {
  const suspend = useSuspendOrganization(search);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const tooLong = reason.trim().length > SUSPEND_REASON_MAX;
  const confirm = async () => {
    setError(undefined);
    try {
      await suspend.mutateAsync({
        organizationId: organization._id,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent data-testid="suspend-organization-dialog">
        <DialogHeader>
          <DialogTitle>Suspend {organization.name}?</DialogTitle>
          <DialogDescription asChild>
            <div className="grid gap-2">
              <p>
                {organization.memberCount === 0
                  ? "It has no members yet."
                  : `Its ${plural(organization.memberCount, "member is", "members are")} signed out at once, everywhere.`}{" "}
                Until you restore it, nobody can sign in to it or accept its invitations.
                Superadmins keep their access.
              </p>
              <p>Nothing is deleted: documents, chats and settings stay as they are.</p>
            </div>
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="error" title="Could not suspend it">
            {error}
          </Alert>
        ) : null}
        <FormField
          label="Reason (optional)"
          description="Kept in the audit log and shown to superadmins."
          error={tooLong ? `Reason must be at most ${SUSPEND_REASON_MAX} characters` : undefined}
        >
          <Textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            data-testid="suspend-organization-reason"
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={suspend.isPending || tooLong}
            onClick={() => void confirm()}
            data-testid="suspend-organization-confirm"
          >
            {suspend.isPending ? <Spinner /> : null}
            Suspend organization
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Restore …?": its members may sign in again. */
export function RestoreOrganizationDialog({
  organization,
  search,
  onClose,
}: {
  organization: AdminOrganization;
  search: string;
  onClose: () => void;
}) {
  const restore = useRestoreOrganization(search);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent data-testid="restore-organization-dialog">
        <DialogHeader>
          <DialogTitle>Restore {organization.name}?</DialogTitle>
          <DialogDescription>
            Its members can sign in again. They were signed out when it was suspended, so each signs
            in once more.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={restore.isPending}
            onClick={() =>
              restore.mutate({ organizationId: organization._id }, { onSuccess: onClose })
            }
            data-testid="restore-organization-confirm"
          >
            {restore.isPending ? <Spinner /> : null}
            Restore organization
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
