import { Link } from "@tanstack/react-router";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import MessageSquare from "lucide-react/icons/message-square";
import Paperclip from "lucide-react/icons/paperclip";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import type { Thread } from "#shared/schemas/chat.ts";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { formatThreadTime } from "../thread-time.ts";
import { DeleteThreadDialog } from "./delete-thread-dialog.tsx";
import { RenameThreadDialog } from "./rename-thread-dialog.tsx";

interface ThreadListItemProps {
  thread: Thread;
  onRename: (title: string) => void;
  onDelete: () => void;
}

/** One thread: opens it; shows when it was last active, its documents, and whether it is answering. */
export function ThreadListItem({ thread, onRename, onDelete }: ThreadListItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <li className="group relative" data-testid="thread-row" data-thread-id={thread._id}>
      <Link
        to="/threads/$threadId"
        params={{ threadId: thread._id }}
        className={cn(
          "flex items-center gap-3 rounded-lg py-2.5 pr-12 pl-3 outline-none transition-colors",
          "hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring",
        )}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg border bg-card text-muted-foreground">
          <MessageSquare aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-[13.5px]" data-testid="thread-title">
            {thread.title}
          </span>
          <span className="flex items-center gap-2 text-[12px] text-muted-foreground">
            <time dateTime={new Date(thread.lastMessageAt).toISOString()}>
              {formatThreadTime(thread.lastMessageAt)}
            </time>
            {thread.documentCount > 0 ? (
              <span className="inline-flex items-center gap-1">
                <Paperclip aria-hidden="true" className="size-3" />
                {thread.documentCount === 1 ? "1 document" : `${thread.documentCount} documents`}
              </span>
            ) : null}
          </span>
        </span>
        {thread.isStreaming ? (
          <span
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-primary/12 px-2 py-0.5 font-medium text-[11.5px] text-primary"
            data-testid="thread-streaming"
          >
            <span className="size-1.5 animate-pulse rounded-full bg-primary" />
            Answering
          </span>
        ) : null}
      </Link>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Actions for ${thread.title}`}
          data-testid="thread-actions"
          className={cn(
            "absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground outline-none",
            "opacity-100 transition md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100 data-[state=open]:opacity-100",
            "hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent",
          )}
        >
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-44">
          <DropdownMenuItem onSelect={() => setRenaming(true)} data-testid="thread-rename">
            <Pencil aria-hidden="true" />
            Rename
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => setDeleting(true)}
            data-testid="thread-delete"
          >
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RenameThreadDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={thread.title}
        onRename={onRename}
      />
      <DeleteThreadDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={thread.title}
        onDelete={onDelete}
      />
    </li>
  );
}
