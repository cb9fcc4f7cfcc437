import { getToolName, isToolUIPart } from "ai";
import RefreshCw from "lucide-react/icons/refresh-cw";
import Sparkles from "lucide-react/icons/sparkles";
import { Fragment, useMemo } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { cn } from "../../../../components/ui/cn.ts";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { type AtriumMessage, messageMeta, messageText } from "../../lib/chat-message.ts";
import { messageSources } from "../../lib/sources.ts";
import { CitationProvider } from "../citations/citation-context.tsx";
import { CopyButton } from "../copy-button.tsx";
import { LazyMarkdown } from "../markdown/lazy-markdown.tsx";
import { ReadAloudButton } from "../voice/read-aloud-button.tsx";
import { MessageNotice } from "./message-notice.tsx";
import { ReasoningBlock } from "./reasoning-block.tsx";
import { SourceList } from "./source-list.tsx";
import { ToolCall } from "./tool-call.tsx";
import { TypingDots } from "./typing-dots.tsx";

interface AssistantMessageProps {
  message: AtriumMessage;
  /** This answer is being streamed right now. */
  streaming: boolean;
  /** The newest answer and nothing streams: it can be regenerated. */
  canRegenerate: boolean;
  onRegenerate: () => void;
}

/** An answer: reasoning, tool calls, Markdown with [n] citations, its sources and actions. */
export function AssistantMessage({
  message,
  streaming,
  canRegenerate,
  onRegenerate,
}: AssistantMessageProps) {
  const meta = messageMeta(message);
  const sources = useMemo(() => messageSources(message), [message]);
  const text = messageText(message);
  const visibleParts = message.parts.filter(
    (part) => part.type === "text" || part.type === "reasoning" || isToolUIPart(part),
  );
  const running = streaming || meta.status === "streaming";

  return (
    <article
      className="group/message flex gap-3.5"
      data-testid="chat-message"
      data-role="assistant"
      data-status={streaming ? "streaming" : (meta.status ?? "complete")}
      aria-label="Assistant"
    >
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-from to-brand-to text-white shadow-sm">
        <Sparkles aria-hidden="true" className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <CitationProvider sources={sources}>
          {visibleParts.map((part, index) => {
            const key = `${message.id}-${index}`;
            if (part.type === "text") {
              return part.text.trim() ? <LazyMarkdown key={key} text={part.text} /> : null;
            }
            if (part.type === "reasoning") {
              return part.text.trim() ? (
                <ReasoningBlock
                  key={key}
                  text={part.text}
                  streaming={running && part.state === "streaming"}
                />
              ) : null;
            }
            if (isToolUIPart(part)) {
              return (
                <ToolCall key={`${key}-${getToolName(part)}`} part={part} answerRunning={running} />
              );
            }
            return <Fragment key={key} />;
          })}
        </CitationProvider>
        {running && !text && !visibleParts.some(isToolUIPart) ? <TypingDots /> : null}
        <SourceList sources={sources} />
        <MessageNotice
          meta={meta}
          streaming={streaming}
          canRetry={canRegenerate}
          onRetry={onRegenerate}
        />
        <div
          className={cn(
            "-ml-1.5 mt-2 flex items-center gap-0.5 transition-opacity",
            streaming
              ? "invisible"
              : "opacity-100 md:opacity-0 md:group-hover/message:opacity-100 md:group-focus-within/message:opacity-100",
            canRegenerate && "md:opacity-100",
          )}
        >
          {text ? <CopyButton text={text} label="Copy answer" testId="copy-answer" /> : null}
          {text && !streaming ? <ReadAloudButton text={text} /> : null}
          {canRegenerate && meta.status !== "error" ? (
            <Tooltip content="Regenerate answer">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label="Regenerate answer"
                onClick={onRegenerate}
                data-testid="regenerate"
              >
                <RefreshCw aria-hidden="true" />
              </Button>
            </Tooltip>
          ) : null}
        </div>
      </div>
    </article>
  );
}
