import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Ban from "lucide-react/icons/ban";
import CircleCheck from "lucide-react/icons/circle-check";
import SearchX from "lucide-react/icons/search-x";
import { Avatar, initialsOf } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDate, formatDateTime, relativeTime } from "../../../lib/format-date.ts";
import { adminUserOptions } from "../api/admin-user-queries.ts";
import { ActivityCard } from "./activity-card.tsx";
import { StatusBadge, SuperadminBadge } from "./badges.tsx";
import { fullName } from "./format.ts";
import { SessionsCard } from "./sessions-card.tsx";
import { useDisableToggle } from "./use-disable-toggle.tsx";
import { UserEditForm } from "./user-edit-form.tsx";
import { UsersLoadError } from "./users-load-error.tsx";

const BACK = (
  <Link
    to="/admin/users"
    className="inline-flex items-center gap-1.5 text-muted-foreground text-sm hover:text-foreground"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All users
  </Link>
);

/** /admin/users/{userId}: edit a user, their sessions, their recent activity. */
export function AdminUserPage({ userId }: { userId: string }) {
  const query = useQuery(adminUserOptions(userId));
  const toggle = useDisableToggle();
  const shell = (body: React.ReactNode) => (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      {BACK}
      {body}
    </div>
  );
  if (query.isPending) return shell(<UserPageSkeleton />);
  if (query.error)
    return shell(
      <div className="mt-6">
        <UsersLoadError error={query.error} />
      </div>,
    );
  const user = query.data;
  if (!user) return shell(<UserNotFound />);

  const name = fullName(user);
  return shell(
    <>
      <header className="mt-5 flex flex-wrap items-center gap-4">
        <Avatar
          initials={initialsOf(user.firstName, user.lastName, user.email)}
          className="size-12 text-sm"
        />
        <div className="min-w-0 flex-1">
          <h1
            className="truncate font-semibold text-2xl tracking-tight"
            data-testid="admin-user-name"
          >
            {name}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
            <span className="truncate">{user.email}</span>
            <span aria-hidden="true">·</span>
            <span>{user.organization?.name ?? "No organization"}</span>
            <StatusBadge disabled={user.disabled} />
            {user.isSuperadmin ? <SuperadminBadge /> : null}
          </div>
        </div>
        {user.isMe ? null : (
          <Button
            variant={user.disabled ? "default" : "outline"}
            onClick={() => toggle.open(user)}
            data-testid={user.disabled ? "admin-user-enable" : "admin-user-disable"}
          >
            {user.disabled ? <CircleCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
            {user.disabled ? "Enable user" : "Disable user"}
          </Button>
        )}
      </header>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6">
          <UserEditForm user={user} />
          <ActivityCard user={user} />
        </div>
        <div className="grid gap-6">
          <Card className="p-5 text-sm" data-testid="admin-user-facts">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2.5">
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatDate(user.createdAt)}</dd>
              <dt className="text-muted-foreground">Last active</dt>
              <dd>
                {user.lastActiveAt ? (
                  <time title={formatDateTime(user.lastActiveAt)}>
                    {relativeTime(user.lastActiveAt)}
                  </time>
                ) : (
                  "Never"
                )}
              </dd>
              <dt className="text-muted-foreground">Last sign-in</dt>
              <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : "Never"}</dd>
            </dl>
          </Card>
          <SessionsCard user={user} />
        </div>
      </div>
      {toggle.dialog}
    </>,
  );
}

function UserNotFound() {
  return (
    <div
      className="flex flex-col items-center py-20 text-center"
      data-testid="admin-user-not-found"
    >
      <SearchX aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
      <h1 className="font-semibold text-xl tracking-tight">User not found</h1>
      <p className="mt-1.5 text-muted-foreground text-sm">
        There is no user at this address; the link may be wrong or the account gone.
      </p>
      <Button className="mt-6" variant="outline" asChild>
        <Link to="/admin/users">All users</Link>
      </Button>
    </div>
  );
}

function UserPageSkeleton() {
  return (
    <div role="status" aria-label="Loading user">
      <div className="mt-5 flex items-center gap-4">
        <Skeleton className="size-12 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-4 w-72" />
        </div>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-[30rem] rounded-xl" />
        <div className="grid content-start gap-6">
          <Skeleton className="h-28 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
        </div>
      </div>
    </div>
  );
}
