import { Link } from "@tanstack/react-router";
import MessageSquareOff from "lucide-react/icons/message-square-off";
import Plus from "lucide-react/icons/plus";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";

/** A thread id that does not exist, was deleted, or is someone else's (never said which). */
export function ThreadNotFound({ threadId }: { threadId: string }) {
  usePageTitle("Conversation not found");
  return (
    <div
      data-testid="thread-unavailable"
      className="flex flex-1 items-center justify-center px-6 py-24"
    >
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-xl border bg-muted/60">
          <MessageSquareOff aria-hidden="true" className="size-6 text-muted-foreground" />
        </div>
        <h1 className="mt-5 font-semibold text-xl tracking-tight">
          This conversation is not available
        </h1>
        <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
          It may have been deleted, or the link may be wrong. Conversations are private to the
          person who started them.
        </p>
        <p className="mt-3 max-w-full truncate font-mono text-muted-foreground/70 text-xs">
          {threadId}
        </p>
        <div className="mt-7 flex gap-2">
          <Button asChild>
            <Link to="/command-center">
              <Plus aria-hidden="true" />
              New chat
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/threads">All threads</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
