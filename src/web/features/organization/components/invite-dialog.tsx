import CircleCheck from "lucide-react/icons/circle-check";
import CircleMinus from "lucide-react/icons/circle-minus";
import Mail from "lucide-react/icons/mail";
import { useState } from "react";
import type { Role } from "#shared/constants.ts";
import {
  type InvitationOutcome,
  MAX_INVITATIONS_AT_ONCE,
  splitEmailList,
} from "#shared/schemas/organization.ts";
import { emailSchema, roleSchema } from "#shared/schemas/user.ts";
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
import { FormField } from "../../../components/ui/form-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useCreateInvitations } from "../hooks/use-organization-mutations.ts";
import { CopyLinkButton } from "./copy-link-button.tsx";
import { selectClass } from "./select-styles.ts";

export const MAIL_NOT_CONFIGURED =
  "Email is not configured on this server, copy the link and send it yourself.";

/** Addresses pasted as a list: the valid ones, and the words that are not addresses. */
function readAddresses(text: string) {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const part of splitEmailList(text)) {
    const parsed = emailSchema.safeParse(part);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(part);
  }
  return { valid, invalid };
}

/** Invite many people at once (pasted list, one role); then each address's outcome and link. */
export function InviteDialog({
  mailConfigured,
  onOpenChange,
}: {
  mailConfigured: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateInvitations();
  const [text, setText] = useState("");
  const [role, setRole] = useState<Role>("Member");
  const [error, setError] = useState<string>();
  const [results, setResults] = useState<InvitationOutcome[] | null>(null);
  const { valid, invalid } = readAddresses(text);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (invalid.length > 0) {
      setError(
        `Not an email address: ${invalid.slice(0, 3).join(", ")}${invalid.length > 3 ? "…" : ""}`,
      );
      return;
    }
    if (valid.length === 0) {
      setError("Enter at least one email address.");
      return;
    }
    if (valid.length > MAX_INVITATIONS_AT_ONCE) {
      setError(`At most ${MAX_INVITATIONS_AT_ONCE} addresses at once.`);
      return;
    }
    setError(undefined);
    try {
      setResults(await create.mutateAsync({ emails: valid, role }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const anyToCopy = results?.some((r) => r.status === "invited" && !r.emailed) ?? false;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        data-testid="invite-dialog"
        aria-describedby="invite-description"
      >
        <DialogHeader>
          <DialogTitle>{results ? "Invitations" : "Invite people"}</DialogTitle>
          <DialogDescription id="invite-description">
            {results
              ? "Each link works once and expires in 7 days."
              : "Paste one or many email addresses, separated by commas or new lines."}
          </DialogDescription>
        </DialogHeader>
        {results ? (
          <>
            {anyToCopy ? (
              <Alert variant="warning" data-testid="invite-no-mail">
                {mailConfigured
                  ? "Some emails could not be sent; copy their links and send them yourself."
                  : MAIL_NOT_CONFIGURED}
              </Alert>
            ) : null}
            <ul className="grid max-h-80 gap-1 overflow-y-auto" data-testid="invite-results">
              {results.map((r) => (
                <li
                  key={r.email}
                  className="flex items-center gap-3 rounded-lg border px-3 py-2"
                  data-testid="invite-result"
                  data-status={r.status}
                >
                  {r.status === "invited" ? (
                    r.emailed ? (
                      <Mail aria-hidden="true" className="size-4 shrink-0 text-success" />
                    ) : (
                      <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
                    )
                  ) : (
                    <CircleMinus
                      aria-hidden="true"
                      className="size-4 shrink-0 text-muted-foreground"
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-sm">{r.email}</p>
                    <p className="truncate text-muted-foreground text-xs">
                      {r.status === "invited"
                        ? r.emailed
                          ? "Invitation emailed."
                          : "Invited. Copy the link and send it."
                        : (r.message ?? "")}
                    </p>
                  </div>
                  {r.status === "invited" && !r.emailed && r.link ? (
                    <CopyLinkButton link={r.link} testId="invite-copy-link" />
                  ) : null}
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setResults(null);
                  setText("");
                }}
              >
                Invite more
              </Button>
              <Button type="button" onClick={() => onOpenChange(false)} data-testid="invite-done">
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            {!mailConfigured ? (
              <Alert variant="info">
                Email is not configured on this server: you will get a link for each person to send
                yourself.
              </Alert>
            ) : null}
            <FormField
              label="Email addresses"
              error={error}
              description={
                valid.length > 0
                  ? `${valid.length} address${valid.length === 1 ? "" : "es"}`
                  : undefined
              }
            >
              <textarea
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(undefined);
                }}
                rows={5}
                autoFocus
                placeholder={"ada@example.com, grace@example.com\nalan@example.com"}
                data-testid="invite-emails"
                className={cn(
                  "w-full rounded-md border border-input bg-background/40 px-3 py-2 text-sm",
                  "shadow-xs outline-none placeholder:text-muted-foreground/70",
                  "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
                  "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
                )}
              />
            </FormField>
            <FormField
              label="Role"
              description="Admins manage members, invitations, prompts and settings."
            >
              <select
                className={selectClass("w-full")}
                value={role}
                onChange={(e) => setRole(roleSchema.catch("Member").parse(e.target.value))}
                data-testid="invite-role"
              >
                <option value="Member">Member</option>
                <option value="OrganizationAdmin">Organization admin</option>
              </select>
            </FormField>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending} data-testid="invite-submit">
                {create.isPending ? <Spinner /> : null}
                {valid.length > 1 ? `Invite ${valid.length} people` : "Send invitation"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
