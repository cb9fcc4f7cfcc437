import { useState } from "react";
import type { Member } from "#shared/schemas/organization.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useRemoveMember } from "../hooks/use-organization-mutations.ts";
import { selectClass } from "./select-styles.ts";

interface RemoveMemberDialogProps {
  member: Member;
  members: Member[];
  onOpenChange: (open: boolean) => void;
}

const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/**
 * Remove a member: their documents, folders and chats go to a member the
 * admin picks, or are deleted after a second, explicit confirmation.
 */
export function RemoveMemberDialog({ member, members, onOpenChange }: RemoveMemberDialogProps) {
  const remove = useRemoveMember();
  const recipients = members.filter((m) => m._id !== member._id && !m.disabled);
  const me = recipients.find((m) => m.isMe);
  const [mode, setMode] = useState<"transfer" | "delete">(
    recipients.length > 0 ? "transfer" : "delete",
  );
  const [recipientId, setRecipientId] = useState(me?._id ?? recipients[0]?._id ?? "");
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string>();
  const name = nameOf(member);
  const ready = mode === "transfer" ? recipientId !== "" : confirmed;

  const submit = async () => {
    setError(undefined);
    try {
      const result = await remove.mutateAsync({
        userId: member._id,
        transferToUserId: mode === "transfer" ? recipientId : undefined,
      });
      const recipient = recipients.find((m) => m._id === result.transferredTo);
      toast({
        title: `${name} was removed`,
        description: recipient
          ? `Their documents, folders and chats now belong to ${nameOf(recipient)}.`
          : "Their documents, folders and chats were deleted.",
        variant: "success",
      });
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const option = (value: "transfer" | "delete", title: string, text: string) => (
    <label
      className={cn(
        "flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors",
        mode === value ? "border-primary/50 bg-primary/[0.06]" : "hover:bg-muted/40",
      )}
    >
      <input
        type="radio"
        name="remove-mode"
        value={value}
        checked={mode === value}
        onChange={() => setMode(value)}
        className="mt-0.5 accent-[var(--primary)]"
        data-testid={`remove-mode-${value}`}
        disabled={value === "transfer" && recipients.length === 0}
      />
      <span className="grid gap-0.5">
        <span className="font-medium text-sm">{title}</span>
        <span className="text-muted-foreground text-xs">{text}</span>
      </span>
    </label>
  );

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="remove-member-dialog"
        aria-describedby="remove-member-description"
      >
        <DialogHeader>
          <DialogTitle>Remove {name}?</DialogTitle>
          <DialogDescription id="remove-member-description">
            {member.email} will be signed out at once and can no longer sign in to this
            organization.
          </DialogDescription>
        </DialogHeader>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Their documents, folders and chats</legend>
          {option(
            "transfer",
            "Give them to another member",
            "Nothing is lost; the member you pick owns them from now on.",
          )}
          {mode === "transfer" ? (
            <select
              aria-label="Member who receives them"
              className={selectClass("ml-7 w-[calc(100%-1.75rem)]")}
              value={recipientId}
              onChange={(e) => setRecipientId(e.target.value)}
              data-testid="remove-transfer-to"
            >
              {recipients.map((m) => (
                <option key={m._id} value={m._id}>
                  {nameOf(m)}
                  {m.isMe ? " (you)" : ""} · {m.email}
                </option>
              ))}
            </select>
          ) : null}
          {option(
            "delete",
            "Delete them",
            "Their own documents, folders and chats are deleted for good.",
          )}
          {mode === "delete" ? (
            <label className="ml-7 flex items-center gap-2 text-[13px]">
              <input
                type="checkbox"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
                data-testid="remove-confirm-delete"
                className="accent-[var(--destructive)]"
              />
              I understand that this cannot be undone.
            </label>
          ) : null}
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={!ready || remove.isPending}
            onClick={() => void submit()}
            data-testid="remove-member-submit"
          >
            {remove.isPending ? <Spinner /> : null}
            Remove member
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
