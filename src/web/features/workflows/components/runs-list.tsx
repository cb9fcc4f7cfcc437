import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { whenText } from "../../../lib/format-date.ts";
import { myRunsOptions } from "../api/workflow-queries.ts";
import { WorkflowStatusBadge } from "./run-status-badge.tsx";

/** The caller's recent runs (of one workflow when given), each opening its run view. */
export function RunsList({
  title,
  workflowId,
  activeRunId,
}: {
  title: string;
  workflowId?: string;
  activeRunId?: string;
}) {
  const runs = useQuery(myRunsOptions(workflowId));
  return (
    <section className="rounded-xl border bg-card p-4" aria-label={title}>
      <h2 className="font-medium text-sm">{title}</h2>
      {runs.data === undefined ? (
        <div className="mt-3 grid gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : runs.data.length === 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">No runs yet.</p>
      ) : (
        <ul className="mt-2 grid gap-1" data-testid="workflow-runs">
          {runs.data.map((run) => (
            <li key={run._id}>
              <Link
                to="/workflows/$slug"
                params={{ slug: run.workflowSlug }}
                search={{ run: run._id }}
                aria-current={run._id === activeRunId ? "true" : undefined}
                className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent aria-[current]:bg-accent"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{run.workflowName}</span>
                  <span className="block text-muted-foreground text-xs">
                    {whenText(run._creationTime)} · step{" "}
                    {Math.min(run.currentStep + 1, run.stepCount)} of {run.stepCount}
                  </span>
                </span>
                <WorkflowStatusBadge status={run.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
