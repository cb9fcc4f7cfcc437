import { Link } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import Ban from "lucide-react/icons/ban";
import CircleCheck from "lucide-react/icons/circle-check";
import Users from "lucide-react/icons/users";
import { useEffect, useState } from "react";
import { SKELETON_COUNT } from "#shared/constants.ts";
import type { AdminUserRow } from "#shared/schemas/admin-user.ts";
import { Avatar, initialsOf } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate, formatDateTime, relativeTime } from "../../../lib/format-date.ts";
import { RoleBadge, StatusBadge, SuperadminBadge } from "./badges.tsx";
import { fullName } from "./format.ts";

const ROW_HEIGHT = 60;
const GRID =
  "grid grid-cols-[minmax(14rem,2.2fr)_minmax(9rem,1.2fr)_minmax(8rem,1fr)_6.5rem_7.5rem_7rem_3rem] items-center gap-x-3 px-4";
const COLUMNS = ["User", "Organization", "Role", "Status", "Last active", "Created"];

interface UserListProps {
  users: AdminUserRow[];
  loading: boolean;
  loadingMore: boolean;
  filtered: boolean;
  onNearEnd: () => void;
  onToggleDisabled: (user: AdminUserRow) => void;
  currentUserId: string | undefined;
}

/**
 * Every user matching the filters, in virtualized rows (only those in view
 * are in the page) inside their own scroll area; nearing the end asks for the
 * next cursor page.
 */
export function UserList(props: UserListProps) {
  const { users, loading, loadingMore, filtered, onNearEnd } = props;
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: users.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (users.length > 0 && last >= users.length - 15) onNearEnd();
  }, [last, users.length, onNearEnd]);

  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div
        ref={setScroller}
        className="max-h-[calc(100dvh-17rem)] min-h-[18rem] overflow-auto"
        data-testid="admin-users-scroll"
      >
        <table
          aria-label="Users"
          aria-rowcount={users.length + 1}
          className="grid min-w-[58rem]"
          data-testid="admin-users-table"
        >
          <thead className="sticky top-0 z-10 grid border-b bg-card/95 backdrop-blur">
            <tr aria-rowindex={1} className={cn(GRID, "h-10")}>
              {COLUMNS.map((column) => (
                <th
                  scope="col"
                  key={column}
                  className="truncate text-left font-medium text-[12px] text-muted-foreground"
                >
                  {column}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {loading ? (
            <tbody className="grid" aria-busy="true">
              {SKELETON_ROWS.map((key) => (
                <SkeletonRow key={key} />
              ))}
            </tbody>
          ) : users.length === 0 ? (
            <tbody className="grid">
              <tr className="grid">
                <td>
                  <EmptyState filtered={filtered} />
                </td>
              </tr>
            </tbody>
          ) : (
            <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const user = users[item.index];
                if (!user) return null;
                return (
                  <UserRowView
                    key={user._id}
                    user={user}
                    index={item.index}
                    top={item.start}
                    isMe={user._id === props.currentUserId}
                    onToggleDisabled={() => props.onToggleDisabled(user)}
                  />
                );
              })}
            </tbody>
          )}
        </table>
        {loadingMore ? (
          <div className="flex items-center justify-center gap-2 py-4 text-muted-foreground text-sm">
            <Spinner /> Loading more users…
          </div>
        ) : null}
      </div>
    </div>
  );
}

function UserRowView(props: {
  user: AdminUserRow;
  index: number;
  top: number;
  isMe: boolean;
  onToggleDisabled: () => void;
}) {
  const { user, isMe } = props;
  const name = fullName(user);
  return (
    <tr
      aria-rowindex={props.index + 2}
      className={cn(
        GRID,
        "absolute inset-x-0 border-b text-sm transition-colors hover:bg-muted/40",
        user.disabled && "text-muted-foreground",
      )}
      style={{ height: ROW_HEIGHT, transform: `translateY(${props.top}px)` }}
      data-testid="admin-user-row"
      data-email={user.email}
    >
      <td className="min-w-0">
        <Link
          to="/admin/users/$userId"
          params={{ userId: user._id }}
          className="flex min-w-0 items-center gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="admin-user-link"
        >
          <Avatar initials={initialsOf(user.firstName, user.lastName, user.email)} />
          <span className="min-w-0">
            <span className="flex items-center gap-2">
              <span className="truncate font-medium text-foreground">{name}</span>
              {isMe ? (
                <span className="rounded bg-muted px-1.5 py-px text-[10px] text-muted-foreground">
                  You
                </span>
              ) : null}
              {user.isSuperadmin ? <SuperadminBadge /> : null}
            </span>
            <span className="block truncate text-muted-foreground text-xs">{user.email}</span>
          </span>
        </Link>
      </td>
      <td className="truncate text-muted-foreground">
        {user.organization?.name ?? <span className="italic">No organization</span>}
      </td>
      <td>
        <RoleBadge role={user.role} hasOrganization={user.organization !== null} />
      </td>
      <td>
        <StatusBadge disabled={user.disabled} />
      </td>
      <td className="truncate text-muted-foreground">
        {user.lastActiveAt ? (
          <time
            dateTime={new Date(user.lastActiveAt).toISOString()}
            title={formatDateTime(user.lastActiveAt)}
          >
            {relativeTime(user.lastActiveAt)}
          </time>
        ) : (
          "Never"
        )}
      </td>
      <td className="truncate text-muted-foreground">{formatDate(user.createdAt)}</td>
      <td className="flex justify-end">
        {isMe ? null : (
          <Button
            size="icon"
            variant="ghost"
            aria-label={`${user.disabled ? "Enable" : "Disable"} ${name}`}
            title={user.disabled ? "Enable" : "Disable"}
            onClick={props.onToggleDisabled}
            data-testid={user.disabled ? "admin-user-enable" : "admin-user-disable"}
          >
            {user.disabled ? <CircleCheck aria-hidden="true" /> : <Ban aria-hidden="true" />}
          </Button>
        )}
      </td>
    </tr>
  );
}

const SKELETON_ROWS = Array.from({ length: SKELETON_COUNT.table }, (_, index) => `row-${index}`);

function SkeletonRow() {
  return (
    <tr className={cn(GRID, "border-b")} style={{ height: ROW_HEIGHT }}>
      <td className="flex items-center gap-3">
        <Skeleton className="size-8 rounded-full" />
        <div className="grid gap-1.5">
          <Skeleton className="h-3.5 w-36" />
          <Skeleton className="h-3 w-48" />
        </div>
      </td>
      <td>
        <Skeleton className="h-3.5 w-28" />
      </td>
      <td>
        <Skeleton className="h-5 w-20 rounded-full" />
      </td>
      <td>
        <Skeleton className="h-5 w-16 rounded-full" />
      </td>
      <td>
        <Skeleton className="h-3.5 w-20" />
      </td>
      <td>
        <Skeleton className="h-3.5 w-20" />
      </td>
      <td />
    </tr>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div
      className="flex flex-col items-center px-6 py-20 text-center"
      data-testid="admin-users-empty"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted">
        <Users aria-hidden="true" className="size-5 text-muted-foreground" />
      </div>
      <h2 className="font-semibold text-base">
        {filtered ? "No users match these filters" : "No users yet"}
      </h2>
      <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
        {filtered
          ? "Try another search, or clear the filters to see everyone."
          : "Create the first account with New user."}
      </p>
    </div>
  );
}
