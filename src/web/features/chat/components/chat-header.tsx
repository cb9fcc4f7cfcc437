import { Link } from "@tanstack/react-router";
import Plus from "lucide-react/icons/plus";
import History from "lucide-react/icons/rotate-ccw-clock";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Tooltip } from "../../../components/ui/tooltip.tsx";

interface ChatHeaderProps {
  title: string;
  /** The title is the page's heading (a thread), not a label over a welcome with its own. */
  isHeading: boolean;
  /** A word under or beside the title ("Answering…", the document count). */
  detail?: ReactNode;
  /** Offer "New chat" (not on a chat that is still new). */
  showNewChat: boolean;
}

/** The conversation's title bar: its name, and the ways to a new chat and to all threads. */
export function ChatHeader({ title, isHeading, detail, showNewChat }: ChatHeaderProps) {
  const Title = isHeading ? "h1" : "p";
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b px-4 md:px-5">
      <div className="flex min-w-0 flex-1 items-center gap-2.5">
        <Title
          className="truncate font-semibold text-[15px] tracking-tight"
          data-testid="chat-title"
        >
          {title}
        </Title>
        {detail}
      </div>
      <Tooltip content="All threads">
        <Button asChild variant="ghost" size="icon" aria-label="All threads">
          <Link to="/threads" data-testid="chat-all-threads">
            <History aria-hidden="true" />
          </Link>
        </Button>
      </Tooltip>
      {showNewChat ? (
        <Button asChild variant="outline" size="sm">
          <Link to="/command-center" data-testid="new-chat">
            <Plus aria-hidden="true" />
            New chat
          </Link>
        </Button>
      ) : null}
    </header>
  );
}
