import { useRouter } from "@tanstack/react-router";
import Check from "lucide-react/icons/check";
import type { Notification } from "#shared/schemas/notification.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { NotificationIcon, timeAgo } from "./notification-icon.tsx";

/** One notification of the page: opening it marks it read and follows its link. */
export function NotificationRow({
  notification: n,
  onMarkRead,
}: {
  notification: Notification;
  onMarkRead: (id: string) => void;
}) {
  const router = useRouter();
  const unread = n.readAt === null;
  const open = () => {
    if (unread) onMarkRead(n._id);
    if (n.link) router.history.push(n.link);
  };
  return (
    <li
      data-testid="notification-row"
      data-read={!unread}
      className={cn(
        "group relative flex items-start gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-accent/60",
        unread && "bg-primary/[0.04]",
      )}
    >
      <NotificationIcon kind={n.kind} />
      <button
        type="button"
        onClick={open}
        className="min-w-0 flex-1 cursor-pointer text-left outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-ring"
      >
        <span
          className={cn(
            "block text-sm leading-snug",
            unread ? "font-medium text-foreground" : "text-muted-foreground",
          )}
        >
          {n.title}
        </span>
        {n.body ? (
          <span className="mt-0.5 block text-[13px] text-muted-foreground">{n.body}</span>
        ) : null}
        <time
          dateTime={new Date(n._creationTime).toISOString()}
          title={new Date(n._creationTime).toLocaleString()}
          className="mt-1 block text-[12px] text-muted-foreground/80"
        >
          {timeAgo(n._creationTime)}
        </time>
      </button>
      {unread ? (
        <div className="relative z-10 flex items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-[12px] opacity-0 focus-visible:opacity-100 group-hover:opacity-100"
            onClick={() => onMarkRead(n._id)}
            aria-label={`Mark “${n.title}” as read`}
          >
            <Check aria-hidden="true" />
            Mark read
          </Button>
          <span className="size-2 rounded-full bg-primary" aria-hidden="true" />
          <span className="sr-only">Unread</span>
        </div>
      ) : null}
    </li>
  );
}
