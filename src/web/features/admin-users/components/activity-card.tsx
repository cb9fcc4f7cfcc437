import { Link } from "@tanstack/react-router";
import History from "lucide-react/icons/rotate-ccw-clock";
import type { AdminAuditEvent, AdminUserDetail } from "#shared/schemas/admin-user.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { formatDateTime, relativeTime } from "../../../lib/format-date.ts";
import { actionLabel } from "./format.ts";

/** What changed in an edit: "first name, role" (never a password's value). */
function details(event: AdminAuditEvent): string | null {
  const changes = event.metadata.changes;
  if (event.action === "admin.user_update" && changes && typeof changes === "object") {
    const fields = Object.keys(changes).map((k) =>
      k
        .replace(/Id$/, "")
        .replace(/([A-Z])/g, " $1")
        .toLowerCase(),
    );
    if (event.metadata.passwordChanged === true) fields.push("password");
    return fields.length > 0 ? `Changed ${fields.join(", ")}` : null;
  }
  return null;
}

/** The last 20 audit events where the user acted or was acted on. */
export function ActivityCard({ user }: { user: AdminUserDetail }) {
  return (
    <Card
      role="region"
      aria-labelledby="admin-user-activity-title"
      data-testid="admin-user-activity"
    >
      <CardHeader className="pb-3">
        <CardTitle id="admin-user-activity-title">Recent activity</CardTitle>
        <CardDescription>The last 20 audit events by or about this user.</CardDescription>
      </CardHeader>
      {user.recentEvents.length === 0 ? (
        <div className="flex items-center gap-2 border-t px-6 py-6 text-muted-foreground text-sm">
          <History aria-hidden="true" className="size-4" />
          Nothing recorded yet.
        </div>
      ) : (
        <ol className="divide-y border-t">
          {user.recentEvents.map((event) => {
            const by = event.actor && event.actor._id !== user._id ? event.actor : null;
            const extra = details(event);
            return (
              <li
                key={event._id}
                className="flex items-baseline gap-3 px-6 py-2.5 text-sm"
                data-testid="admin-user-event"
              >
                <time
                  dateTime={new Date(event.createdAt).toISOString()}
                  title={formatDateTime(event.createdAt)}
                  className="w-28 shrink-0 text-muted-foreground text-xs"
                >
                  {relativeTime(event.createdAt)}
                </time>
                <div className="min-w-0">
                  <span className="font-medium">{actionLabel(event.action)}</span>
                  {by ? (
                    <span className="text-muted-foreground">
                      {" "}
                      by{" "}
                      <Link
                        to="/admin/users/$userId"
                        params={{ userId: by._id }}
                        className="underline-offset-4 hover:underline"
                      >
                        {by.name}
                      </Link>
                    </span>
                  ) : null}
                  {extra ? (
                    <span className="block text-muted-foreground text-xs">{extra}</span>
                  ) : null}
                </div>
                {event.ip ? (
                  <span className="ml-auto shrink-0 font-mono text-[11px] text-muted-foreground">
                    {event.ip}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
