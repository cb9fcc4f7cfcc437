import { useQuery } from "@tanstack/react-query";
import RotateCw from "lucide-react/icons/rotate-cw";
import UserPlus from "lucide-react/icons/user-plus";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { Invitation } from "#shared/schemas/organization.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { relativeTime } from "../../../lib/format-date.ts";
import { invitationsOptions } from "../api/organization-queries.ts";
import { useResendInvitation, useRevokeInvitation } from "../hooks/use-organization-mutations.ts";
import { CopyLinkButton } from "./copy-link-button.tsx";
import { InviteDialog } from "./invite-dialog.tsx";
import { RoleBadge } from "./role-badge.tsx";

/** A pending invitation whose time ran out reads as expired, without waiting for the server. */
const statusOf = (i: Invitation, now: number) =>
  i.status === "pending" && i.expiresAt <= now ? "expired" : i.status;

const STATUS_STYLE: Record<string, string> = {
  accepted: "bg-success/10 text-success",
  expired: "bg-warning/10 text-warning",
  revoked: "bg-muted text-muted-foreground",
};

/** Admins: invite people, and resend, revoke or copy a new link for pending invitations. */
export function InvitationsCard({ mailConfigured }: { mailConfigured: boolean }) {
  const invitations = useQuery(invitationsOptions());
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const now = Date.now();
  const all = invitations.data ?? [];
  const pending = all.filter((i) => statusOf(i, now) === "pending");
  const history = all.filter((i) => statusOf(i, now) !== "pending").slice(0, 10);

  const resendNow = (invitation: Invitation) =>
    resend.mutate(
      { invitationId: invitation._id },
      {
        onSuccess: (outcome) =>
          toast({
            title: outcome.emailed ? "Invitation sent again" : "New link made",
            description: outcome.emailed
              ? `A new link was emailed to ${invitation.email}.`
              : (outcome.message ?? undefined),
            variant: "success",
          }),
      },
    );
  /** Only the hash of a link is kept: copying makes a new link (the old one stops working). */
  const newLink = async (invitation: Invitation) => {
    const outcome = await resend.mutateAsync({ invitationId: invitation._id });
    if (!outcome.link) throw new Error("No link was made.");
    return outcome.link;
  };

  return (
    <Card aria-labelledby="org-invitations-title" role="region" data-testid="org-invitations">
      <CardHeader className="flex-row items-start justify-between gap-4 pb-4">
        <div className="grid gap-1.5">
          <CardTitle id="org-invitations-title">Invitations</CardTitle>
          <CardDescription>
            {mailConfigured
              ? "Invitations are emailed. Each link works once, for 7 days."
              : "Email is not configured on this server: copy each link and send it yourself."}
          </CardDescription>
        </div>
        <Button onClick={() => setInviting(true)} data-testid="invite-open">
          <UserPlus aria-hidden="true" />
          Invite people
        </Button>
      </CardHeader>
      <div className="border-t">
        {invitations.isPending ? (
          <div className="grid gap-2 p-6">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : pending.length === 0 && history.length === 0 ? (
          <p
            className="px-6 py-10 text-center text-muted-foreground text-sm"
            data-testid="invitations-empty"
          >
            No invitations yet. Invite your colleagues to work here with you.
          </p>
        ) : (
          <ul data-testid="invitations-list">
            {pending.map((invitation) => (
              <li
                key={invitation._id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-6 py-3 last:border-b-0"
                data-testid="invitation-row"
                data-email={invitation.email}
              >
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 truncate font-medium text-sm">
                    <span className="truncate">{invitation.email}</span>
                    <RoleBadge role={invitation.role} />
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ""}
                    {invitation.lastSentAt
                      ? `emailed ${relativeTime(invitation.lastSentAt)} · `
                      : ""}
                    expires {relativeTime(invitation.expiresAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <CopyLinkButton
                    link={() => newLink(invitation)}
                    label="Copy new link"
                    testId="invitation-copy-link"
                  />
                  {mailConfigured ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => resendNow(invitation)}
                      disabled={resend.isPending}
                      data-testid="invitation-resend"
                    >
                      <RotateCw aria-hidden="true" />
                      Resend
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => revoke.mutate({ invitationId: invitation._id })}
                    data-testid="invitation-revoke"
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                  >
                    <X aria-hidden="true" />
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
            {history.map((invitation) => {
              const status = statusOf(invitation, now);
              return (
                <li
                  key={invitation._id}
                  className="flex items-center gap-4 border-b px-6 py-2.5 text-sm last:border-b-0"
                  data-testid="invitation-history-row"
                  data-status={status}
                >
                  <span className="min-w-0 flex-1 truncate text-muted-foreground">
                    {invitation.email}
                  </span>
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 font-medium text-[11px] capitalize",
                      STATUS_STYLE[status],
                    )}
                  >
                    {status}
                  </span>
                  {status === "expired" ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => resendNow(invitation)}
                      data-testid="invitation-renew"
                    >
                      <RotateCw aria-hidden="true" />
                      Renew
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {inviting ? (
        <InviteDialog
          mailConfigured={mailConfigured}
          onOpenChange={(open) => {
            if (!open) setInviting(false);
          }}
        />
      ) : null}
    </Card>
  );
}
