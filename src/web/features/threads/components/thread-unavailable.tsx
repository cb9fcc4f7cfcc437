import { Link } from "@tanstack/react-router";
import { ArrowLeft, MessagesSquare } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";

/** A well-formed thread id; conversations arrive with the chat capability. */
export function ThreadUnavailable({ threadId }: { threadId: string }) {
  usePageTitle("Conversation");
  return (
    <div
      data-testid="thread-unavailable"
      className="flex flex-1 items-center justify-center px-6 py-24"
    >
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-xl border bg-muted/60">
          <MessagesSquare aria-hidden="true" className="size-6 text-muted-foreground" />
        </div>
        <h1 className="mt-5 font-semibold text-xl tracking-tight">
          This conversation is not available
        </h1>
        <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
          Conversations open here once AI chat is enabled for your workspace.
        </p>
        <p className="mt-3 max-w-full truncate font-mono text-muted-foreground/70 text-xs">
          {threadId}
        </p>
        <Button asChild variant="outline" className="mt-7">
          <Link to="/command-center">
            <ArrowLeft aria-hidden="true" />
            Back to Command Center
          </Link>
        </Button>
      </div>
    </div>
  );
}
