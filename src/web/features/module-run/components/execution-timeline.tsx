import { Link } from "@tanstack/react-router";
import Ban from "lucide-react/icons/ban";
import Check from "lucide-react/icons/check";
import CircleDashed from "lucide-react/icons/circle-dashed";
import FileText from "lucide-react/icons/file-text";
import Loader2 from "lucide-react/icons/loader-circle";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import X from "lucide-react/icons/x";
import type { ReactNode } from "react";
import type { Execution } from "#shared/schemas/module.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Progress } from "../../../components/ui/progress.tsx";
import { DraftLink } from "./draft-link.tsx";

const timeOf = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

function Step({
  tone,
  icon,
  title,
  at,
  last = false,
  children,
  testId,
}: {
  tone: "done" | "active" | "error" | "muted";
  icon: ReactNode;
  title: string;
  at?: number | null;
  last?: boolean;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0" data-testid={testId}>
      {last ? null : (
        <span aria-hidden="true" className="absolute top-8 bottom-0 left-[15px] w-px bg-border" />
      )}
      <span
        aria-hidden="true"
        className={cn(
          "relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border",
          tone === "done" && "border-success/40 bg-success/15 text-success",
          tone === "active" && "border-primary/40 bg-primary/15 text-primary",
          tone === "error" && "border-destructive/40 bg-destructive/15 text-destructive",
          tone === "muted" && "bg-muted text-muted-foreground",
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h3 className="font-medium text-sm">{title}</h3>
          {at ? (
            <span className="text-muted-foreground text-xs tabular-nums">{timeOf(at)}</span>
          ) : null}
        </div>
        {children ? <div className="mt-2">{children}</div> : null}
      </div>
    </li>
  );
}

/**
 * A run's life as a timeline: queued, running with each progress message and
 * the last percent, then how it ended (its drafts, its reason, or cancelled).
 */
export function ExecutionTimeline({
  execution,
  slug,
  writesDraftBelow = false,
}: {
  execution: Execution;
  slug: string;
  /** A built-in run: the draft it writes shows below the timeline. */
  writesDraftBelow?: boolean;
}) {
  const { status, progress } = execution;
  const started = status !== "queued" || execution.startedAt !== null;
  const finished = status === "succeeded" || status === "failed" || status === "cancelled";
  const percent = [...progress].reverse().find((p) => p.percent !== null)?.percent ?? null;
  const runAgain = (
    <Button asChild variant="outline" size="sm" className="mt-3">
      <Link
        to="/modules/$slug"
        params={{ slug }}
        search={{ from: execution._id }}
        data-testid="run-again"
      >
        <RotateCcw aria-hidden="true" />
        Run again
      </Link>
    </Button>
  );
  return (
    <ol className="grid" data-testid="execution-timeline">
      <Step
        testId="step-queued"
        tone={started || finished ? "done" : "active"}
        icon={
          started || finished ? <Check className="size-4" /> : <CircleDashed className="size-4" />
        }
        title={started || finished ? "Queued" : "Queued: waiting for a free worker"}
        at={execution._creationTime}
      />
      {started ? (
        <Step
          testId="step-running"
          tone={finished ? (status === "succeeded" ? "done" : "muted") : "active"}
          icon={
            finished ? <Check className="size-4" /> : <Loader2 className="size-4 animate-spin" />
          }
          title={status === "succeeded" ? "Ran" : finished ? "Started" : "Running"}
          at={execution.startedAt}
          last={!finished}
        >
          {progress.length === 0 && !finished ? (
            <p className="text-muted-foreground text-sm">
              {writesDraftBelow
                ? "The model is writing the draft below."
                : "Started. Progress will show here as it comes."}
            </p>
          ) : null}
          {progress.length > 0 ? (
            <ul className="grid gap-1.5" data-testid="execution-progress">
              {progress.map((p, index) => (
                <li
                  key={`${p.at}-${p.message}`}
                  className={cn(
                    "flex items-baseline gap-3 text-sm",
                    index < progress.length - 1 || finished
                      ? "text-muted-foreground"
                      : "text-foreground",
                  )}
                >
                  <span className="w-20 shrink-0 whitespace-nowrap text-muted-foreground text-xs tabular-nums">
                    {timeOf(p.at)}
                  </span>
                  <span className="min-w-0 flex-1">{p.message}</span>
                  {p.percent !== null ? (
                    <span className="text-muted-foreground text-xs tabular-nums">
                      {Math.round(p.percent)}%
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {percent !== null && !finished ? (
            <Progress
              value={percent / 100}
              label="Progress"
              className="mt-3 max-w-md"
              data-testid="execution-percent"
            />
          ) : null}
        </Step>
      ) : null}
      {status === "succeeded" ? (
        <Step
          testId="step-succeeded"
          tone="done"
          icon={<Check className="size-4" />}
          title="Succeeded"
          at={execution.finishedAt}
          last
        >
          {execution.draftIds.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {execution.draftIds.map((draftId, index) => (
                <li key={draftId}>
                  <DraftLink
                    draftId={draftId}
                    className="inline-flex items-center gap-2 rounded-lg border bg-background/50 px-3 py-1.5 text-sm transition-colors hover:bg-accent"
                  >
                    <FileText aria-hidden="true" className="size-4 text-primary" />
                    {execution.draftIds.length === 1 ? "Open the draft" : `Draft ${index + 1}`}
                  </DraftLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">The run finished without a draft.</p>
          )}
        </Step>
      ) : null}
      {status === "failed" ? (
        <Step
          testId="step-failed"
          tone="error"
          icon={<X className="size-4" />}
          title="Failed"
          at={execution.finishedAt}
          last
        >
          <p className="text-sm" data-testid="execution-error">
            {execution.error ?? "The run failed."}
          </p>
          {runAgain}
        </Step>
      ) : null}
      {status === "cancelled" ? (
        <Step
          testId="step-cancelled"
          tone="muted"
          icon={<Ban className="size-4" />}
          title="Cancelled"
          at={execution.finishedAt}
          last
        >
          <p className="text-muted-foreground text-sm">
            You stopped this run. Nothing more will be written.
          </p>
          {runAgain}
        </Step>
      ) : null}
    </ol>
  );
}
