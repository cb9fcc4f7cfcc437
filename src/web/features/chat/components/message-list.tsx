import { useVirtualizer } from "@tanstack/react-virtual";
import type { ChatStatus } from "ai";
import ArrowDown from "lucide-react/icons/arrow-down";
import ChevronsUp from "lucide-react/icons/chevrons-up";
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useStickToBottom } from "../hooks/use-stick-to-bottom.ts";
import type { AtriumMessage } from "../lib/chat-message.ts";
import { AssistantMessage } from "./message/assistant-message.tsx";
import { TypingDots } from "./message/typing-dots.tsx";
import { UserMessage } from "./message/user-message.tsx";

interface MessageListProps {
  messages: AtriumMessage[];
  status: ChatStatus;
  onEdit: (messageId: string, text: string) => void;
  onRegenerate: () => void;
  /** Shown after the last message (the error of a failed request). */
  footer?: ReactNode;
  /** Earlier messages not loaded yet (a long thread opens at its end). */
  older?: { hasOlder: boolean; loadingOlder: boolean; loadOlder: () => void };
}

const PENDING_ROW = "pending-answer";

/**
 * The conversation, virtualized so a thread of thousands of messages scrolls
 * smoothly (only what is near the viewport is in the DOM; rows measure
 * themselves). It follows a streaming answer unless the user scrolled up.
 */
export function MessageList({
  messages,
  status,
  onEdit,
  onRegenerate,
  footer,
  older,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const busy = status === "submitted" || status === "streaming";
  const last = messages.at(-1);
  const showPending = busy && last?.role !== "assistant";
  const count = messages.length + (showPending ? 1 : 0);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (messages[index]?.role === "user" ? 76 : 180),
    getItemKey: (index) => messages[index]?.id ?? PENDING_ROW,
    overscan: 6,
    paddingStart: 28,
    paddingEnd: 12,
  });
  const { atBottom, scrollToBottom } = useStickToBottom(scrollRef, contentRef);

  // Your own new message always brings you to the end.
  const lastUserId = messages.findLast((m) => m.role === "user")?.id;
  const previousUserId = useRef(lastUserId);
  useEffect(() => {
    if (lastUserId !== previousUserId.current) scrollToBottom();
    previousUserId.current = lastUserId;
  }, [lastUserId, scrollToBottom]);

  // Earlier messages arriving above keep the one you were reading where it was.
  const firstId = messages[0]?.id;
  const previousFirstId = useRef(firstId);
  useLayoutEffect(() => {
    const before = previousFirstId.current;
    previousFirstId.current = firstId;
    if (!before || before === firstId) return;
    const index = messages.findIndex((m) => m.id === before);
    if (index > 0) virtualizer.scrollToIndex(index, { align: "start" });
  }, [firstId, messages, virtualizer]);

  const lastAssistantIndex = last?.role === "assistant" ? messages.length - 1 : -1;

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        className="absolute inset-0 overflow-y-auto overscroll-contain [scrollbar-gutter:stable]"
        data-testid="message-scroller"
      >
        <div ref={contentRef} className="mx-auto w-full max-w-3xl px-4 md:px-6">
          {older?.hasOlder || older?.loadingOlder ? (
            <div className="flex justify-center pt-5">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={older.loadOlder}
                disabled={older.loadingOlder}
                data-testid="load-older"
              >
                {older.loadingOlder ? <Spinner /> : <ChevronsUp aria-hidden="true" />}
                {older.loadingOlder ? "Loading earlier messages…" : "Show earlier messages"}
              </Button>
            </div>
          ) : null}
          <section
            aria-label="Conversation"
            aria-busy={busy}
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const message = messages[item.index];
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full pb-7"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {!message ? (
                    <PendingAnswer />
                  ) : message.role === "user" ? (
                    <UserMessage
                      message={message}
                      canEdit={!busy}
                      onEdit={(text) => onEdit(message.id, text)}
                    />
                  ) : (
                    <AssistantMessage
                      message={message}
                      streaming={busy && item.index === lastAssistantIndex}
                      canRegenerate={!busy && item.index === lastAssistantIndex}
                      onRegenerate={onRegenerate}
                    />
                  )}
                </div>
              );
            })}
          </section>
          {footer ? <div className="pb-6">{footer}</div> : null}
        </div>
      </div>
      {!atBottom ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => scrollToBottom("smooth")}
          className="absolute bottom-3 left-1/2 h-8 -translate-x-1/2 rounded-full bg-popover shadow-lg"
          data-testid="jump-to-latest"
        >
          <ArrowDown aria-hidden="true" />
          Jump to latest
        </Button>
      ) : null}
    </div>
  );
}

function PendingAnswer() {
  return (
    <div className="flex gap-3.5" data-testid="pending-answer">
      <span className="mt-0.5 size-7 shrink-0 animate-pulse rounded-lg bg-gradient-to-br from-brand-from to-brand-to opacity-80" />
      <div className="pt-0.5">
        <TypingDots />
      </div>
    </div>
  );
}
