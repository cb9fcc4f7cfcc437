import LogOut from "lucide-react/icons/log-out";
import Monitor from "lucide-react/icons/monitor";
import { useState } from "react";
import type { AdminUserDetail } from "#shared/schemas/admin-user.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { formatDateTime, relativeTime } from "../../../lib/format-date.ts";
import { useSignOutEverywhere } from "../hooks/use-admin-user-mutations.ts";
import { describeUserAgent, fullName } from "./format.ts";

/** The user's live sessions (device, address, started, last used) and "Sign out everywhere". */
export function SessionsCard({ user }: { user: AdminUserDetail }) {
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const name = fullName(user);
  return (
    <Card
      role="region"
      aria-labelledby="admin-user-sessions-title"
      data-testid="admin-user-sessions"
    >
      <CardHeader className="pb-3">
        <CardTitle id="admin-user-sessions-title">Sessions</CardTitle>
        <CardDescription>
          {user.sessions.length === 0
            ? "Not signed in anywhere."
            : `Signed in on ${user.sessions.length} ${user.sessions.length === 1 ? "device" : "devices"}.`}
        </CardDescription>
      </CardHeader>
      {user.sessions.length > 0 ? (
        <ul className="divide-y border-t">
          {user.sessions.map((session) => (
            <li
              key={session._id}
              className="flex items-start gap-3 px-6 py-3"
              data-testid="admin-user-session"
            >
              <Monitor
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-muted-foreground"
              />
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <span className="truncate" title={session.userAgent ?? undefined}>
                    {describeUserAgent(session.userAgent)}
                  </span>
                  {session.isCurrent ? (
                    <span className="rounded bg-primary/10 px-1.5 py-px font-normal text-[10px] text-primary">
                      This session
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground text-xs">
                  {session.ip ?? "Unknown address"} · used{" "}
                  <time title={formatDateTime(session.lastUsedAt)}>
                    {relativeTime(session.lastUsedAt)}
                  </time>{" "}
                  · since {formatDateTime(session.createdAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="border-t px-6 py-4">
        <Button
          variant="outline"
          size="sm"
          disabled={user.sessions.length === 0}
          onClick={() => setConfirming(true)}
          data-testid="admin-user-sign-out-everywhere"
        >
          <LogOut aria-hidden="true" />
          Sign out everywhere
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          testId="admin-user-confirm"
          title={`Sign ${name} out everywhere?`}
          description={
            user.isMe
              ? "Every session of yours ends, this one too: you will be asked to sign in again."
              : "Every session ends at once; they can sign in again with their password."
          }
          confirmLabel="Sign out everywhere"
          destructive
          onOpenChange={setConfirming}
          onConfirm={() => {
            signOut.mutate(
              { userId: user._id },
              {
                onSuccess: ({ sessionsEnded }) =>
                  toast({
                    title: `${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} ended`,
                    variant: "success",
                  }),
              },
            );
          }}
        />
      ) : null}
    </Card>
  );
}
