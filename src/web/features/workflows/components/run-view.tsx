import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ExternalLink from "lucide-react/icons/external-link";
import FileText from "lucide-react/icons/file-text";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Square from "lucide-react/icons/square";
import type { WorkflowRun, WorkflowRunStep } from "#shared/schemas/workflow.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { whenText } from "../../../lib/format-date.ts";
import { runOptions } from "../api/workflow-queries.ts";
import { useCancelRun, useRetryStep } from "../hooks/use-workflow-mutations.ts";
import { WorkflowStatusBadge } from "./run-status-badge.tsx";
import { StepOutput } from "./step-output.tsx";

/** One run, live: each step's status, output and error ("Retry step"), and its draft at the end. */
export function RunView({ runId }: { runId: string }) {
  const run = useQuery(runOptions(runId));
  const cancel = useCancelRun();
  if (run.data === undefined) return <Skeleton className="h-48 rounded-xl" />;
  if (run.data === null) {
    return <Alert variant="error">This run was not found. It may belong to someone else.</Alert>;
  }
  const r = run.data;
  return (
    <section
      className="rounded-xl border bg-card"
      aria-label="Run"
      data-testid="workflow-run"
      data-status={r.status}
    >
      <header className="flex flex-wrap items-center gap-3 border-b px-5 py-3">
        <h2 className="font-medium">Run</h2>
        <WorkflowStatusBadge status={r.status} testId="workflow-run-status" />
        <span className="text-muted-foreground text-xs">started {whenText(r._creationTime)}</span>
        <div className="ml-auto flex items-center gap-2">
          {r.canCancel ? (
            <Button variant="outline" size="sm" onClick={() => cancel.mutate({ runId: r._id })}>
              <Square aria-hidden="true" />
              Cancel
            </Button>
          ) : null}
          {r.draftId ? (
            <Button asChild size="sm">
              <Link
                to="/modules/drafts"
                search={{ id: r.draftId }}
                data-testid="workflow-run-draft"
              >
                <FileText aria-hidden="true" />
                Open draft
              </Link>
            </Button>
          ) : null}
        </div>
      </header>
      {r.error ? (
        <div className="px-5 pt-4">
          <Alert variant="error">{r.error}</Alert>
        </div>
      ) : null}
      <ol className="grid gap-0 p-2" aria-live="polite">
        {r.steps.map((step) => (
          <RunStep key={step.index} run={r} step={step} />
        ))}
      </ol>
    </section>
  );
}

function RunStep({ run, step }: { run: WorkflowRun; step: WorkflowRunStep }) {
  const retry = useRetryStep();
  const canRetry = run.retryStepIndex === step.index;
  const took =
    step.startedAt && step.finishedAt
      ? `${Math.max(0, Math.round((step.finishedAt - step.startedAt) / 1000))} s`
      : null;
  return (
    <li className="rounded-lg px-3 py-3" data-testid="workflow-run-step" data-status={step.status}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-xs">
          {step.index + 1}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium text-sm">{step.title}</span>
        {took ? <span className="text-muted-foreground text-xs">{took}</span> : null}
        {step.attempts > 1 ? (
          <span className="text-muted-foreground text-xs">attempt {step.attempts}</span>
        ) : null}
        {step.link ? (
          <Link
            to={step.link}
            className="inline-flex items-center gap-1 text-primary text-xs hover:underline"
          >
            {step.kind === "module" ? "Module run" : "Table"}
            <ExternalLink aria-hidden="true" className="size-3" />
          </Link>
        ) : null}
        <WorkflowStatusBadge status={step.status} />
      </div>
      {step.error ? (
        <div className="mt-2 ml-9 flex flex-wrap items-center gap-3">
          <p className="text-destructive text-sm" data-testid="workflow-step-error">
            {step.error}
          </p>
          {canRetry ? (
            <Button
              size="sm"
              variant="outline"
              disabled={retry.isPending}
              onClick={() => retry.mutate({ runId: run._id, stepIndex: step.index })}
              data-testid="workflow-retry-step"
            >
              <RotateCcw aria-hidden="true" />
              Retry step
            </Button>
          ) : null}
        </div>
      ) : null}
      {step.output ? (
        <details
          className="mt-2 ml-9 rounded-md border bg-background/40"
          open={step.index === run.steps.length - 1}
        >
          <summary className="cursor-pointer px-3 py-2 text-muted-foreground text-xs">
            Output
          </summary>
          <div className="border-t px-3 py-2" data-testid="workflow-step-output">
            <StepOutput text={step.output} />
          </div>
        </details>
      ) : null}
    </li>
  );
}
