import { type DynamicToolUIPart, getToolName, type ToolUIPart } from "ai";
import ChevronRight from "lucide-react/icons/chevron-right";
import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import FileSearch from "lucide-react/icons/file-search";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { Collapsible } from "radix-ui";
import { cn } from "../../../../components/ui/cn.ts";
import { type ToolStatus, toolDataText, toolLabel, toolSummary } from "../../lib/tool-summary.ts";

type ToolPart = ToolUIPart | DynamicToolUIPart;

function statusOf(part: ToolPart, answerRunning: boolean): ToolStatus {
  if (part.state === "output-available") return "done";
  if (part.state === "output-error" || part.state === "output-denied") return "failed";
  // A call whose answer ended without a result did not finish.
  return answerRunning ? "running" : "failed";
}

const ICONS = { running: LoaderCircle, done: CircleCheck, failed: CircleAlert } as const;

/** A tool the assistant used, with its state (running, done, failed) and what it found. */
export function ToolCall({ part, answerRunning }: { part: ToolPart; answerRunning: boolean }) {
  const status = statusOf(part, answerRunning);
  const name = getToolName(part);
  const Icon = ICONS[status];
  const errorText =
    part.state === "output-error"
      ? part.errorText
      : status === "failed" && part.state !== "output-denied"
        ? "Stopped before it finished."
        : part.state === "output-denied"
          ? "Not allowed."
          : undefined;
  const summary = toolSummary(name, status, part.input, part.output, errorText);
  const hasDetails = part.input !== undefined || part.output !== undefined;

  return (
    <Collapsible.Root
      className="my-2 overflow-hidden rounded-lg border bg-muted/25 text-[13px]"
      data-testid="tool-call"
      data-tool={name}
      data-status={status}
    >
      <Collapsible.Trigger
        disabled={!hasDetails}
        className={cn(
          "group flex w-full items-center gap-2.5 px-3 py-2 text-left outline-none",
          "transition-colors enabled:hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        )}
      >
        <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-background/70 text-muted-foreground">
          <FileSearch aria-hidden="true" className="size-3.5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-foreground/90">{toolLabel(name, status)}</span>
          {summary ? (
            <span
              className={cn(
                "block truncate text-[12px]",
                status === "failed" ? "text-destructive" : "text-muted-foreground",
              )}
              data-testid="tool-summary"
            >
              {summary}
            </span>
          ) : null}
        </span>
        <Icon
          aria-label={status === "running" ? "Running" : status === "done" ? "Done" : "Failed"}
          className={cn(
            "size-4 shrink-0",
            status === "running" && "animate-spin text-muted-foreground",
            status === "done" && "text-success",
            status === "failed" && "text-destructive",
          )}
        />
        {hasDetails ? (
          <ChevronRight
            aria-hidden="true"
            className="size-3.5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-90"
          />
        ) : null}
      </Collapsible.Trigger>
      <Collapsible.Content className="grid gap-2 border-t bg-background/40 px-3 py-2.5">
        {part.input !== undefined ? <ToolData title="Input" value={part.input} /> : null}
        {part.output !== undefined ? <ToolData title="Result" value={part.output} /> : null}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function ToolData({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <p className="mb-1 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
        {title}
      </p>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 p-2 font-mono text-[11.5px] leading-relaxed">
        {toolDataText(value)}
      </pre>
    </div>
  );
}
