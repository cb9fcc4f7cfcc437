import type { SupportMessage } from "#shared/schemas/support.ts";
import { formatDateTime } from "../lib/format-date.ts";
import { cn } from "./ui/cn.ts";

interface SupportMessagesProps {
  messages: SupportMessage[];
  /** Whose messages stand on the right: the reader's own side. */
  ownSide: "support" | "member";
  /** Each message's test id. */
  itemTestId: string;
}

/** A support request's conversation, oldest first, the reader's side on the right. */
export function SupportMessages({ messages, ownSide, itemTestId }: SupportMessagesProps) {
  return (
    <ol className="grid gap-3" aria-label="Messages">
      {messages.map((message) => {
        const own = message.fromSupport === (ownSide === "support");
        return (
          <li
            key={message._id}
            data-testid={itemTestId}
            data-from-support={message.fromSupport}
            className={cn(
              "max-w-[85%] rounded-xl border px-4 py-3",
              message.fromSupport ? "border-primary/25 bg-primary/[0.07]" : "bg-muted/50",
              own && "ml-auto",
            )}
          >
            <p className="mb-1 flex items-center gap-2 text-[12px] text-muted-foreground">
              <span className="font-medium text-foreground">{message.authorName}</span>
              <time dateTime={new Date(message._creationTime).toISOString()}>
                {formatDateTime(message._creationTime)}
              </time>
            </p>
            <p className="whitespace-pre-wrap text-sm leading-relaxed">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
