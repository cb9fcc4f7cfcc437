import Brain from "lucide-react/icons/brain";
import ChevronRight from "lucide-react/icons/chevron-right";
import { Collapsible } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../../../components/ui/cn.ts";

interface ReasoningBlockProps {
  text: string;
  streaming: boolean;
}

/** How long the model thought, measured while it streamed here. */
function useThinkingSeconds(streaming: boolean): number | null {
  const startedAt = useRef<number | null>(streaming ? Date.now() : null);
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    if (streaming) {
      startedAt.current ??= Date.now();
      return;
    }
    if (startedAt.current !== null) {
      setSeconds(Math.max(1, Math.round((Date.now() - startedAt.current) / 1000)));
      startedAt.current = null;
    }
  }, [streaming]);
  return seconds;
}

function label(streaming: boolean, seconds: number | null): string {
  if (streaming) return "Thinking…";
  if (seconds === null) return "Thought for a few seconds";
  return seconds === 1 ? "Thought for 1 second" : `Thought for ${seconds} seconds`;
}

/**
 * A reasoning model's thinking (its <think> text): never shown as the answer,
 * folded away under a line that says how long it took; open while it streams.
 */
export function ReasoningBlock({ text, streaming }: ReasoningBlockProps) {
  const [open, setOpen] = useState(false);
  const seconds = useThinkingSeconds(streaming);
  const expanded = open || streaming;
  return (
    <Collapsible.Root
      open={expanded}
      onOpenChange={setOpen}
      className="my-1.5"
      data-testid="reasoning"
    >
      <Collapsible.Trigger
        className={cn(
          "group inline-flex items-center gap-1.5 rounded-md py-1 pr-2 text-[13px] text-muted-foreground outline-none",
          "transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        )}
      >
        <Brain
          aria-hidden="true"
          className={cn("size-3.5", streaming && "animate-pulse text-primary")}
        />
        <span className={cn(streaming && "animate-pulse")}>{label(streaming, seconds)}</span>
        <ChevronRight
          aria-hidden="true"
          className="size-3.5 transition-transform group-data-[state=open]:rotate-90"
        />
      </Collapsible.Trigger>
      <Collapsible.Content
        className="mt-1 mb-2 whitespace-pre-wrap border-border border-l-2 pl-3.5 text-[13px] text-muted-foreground leading-relaxed"
        data-testid="reasoning-text"
      >
        {text.trim()}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
