import { useQuery } from "@tanstack/react-query";
import type { Execution, ExecutionStatus } from "#shared/schemas/module.ts";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatAgo, formatDateTime, formatDuration } from "../../../lib/format-date.ts";
import { adminExecutionsOptions } from "../api/admin-module-queries.ts";

const STATUS: Record<ExecutionStatus, { label: string; className: string }> = {
  queued: { label: "Queued", className: "bg-muted text-muted-foreground" },
  running: {
    label: "Running",
    className: "border-sky-500/25 bg-sky-500/10 text-sky-600 dark:text-sky-300",
  },
  succeeded: {
    label: "Succeeded",
    className: "border-emerald-500/25 bg-emerald-500/10 text-emerald-600 dark:text-emerald-400",
  },
  failed: {
    label: "Failed",
    className: "border-destructive/30 bg-destructive/10 text-destructive",
  },
  cancelled: { label: "Cancelled", className: "bg-muted text-muted-foreground" },
};

/** What came of a run, in a few words. */
export function executionOutcome(execution: Execution): string {
  switch (execution.status) {
    case "failed":
      return execution.error ?? "Failed without a reason";
    case "succeeded": {
      const n = execution.draftIds.length;
      return n === 0 ? "Finished without a draft" : `${n} draft${n === 1 ? "" : "s"} written`;
    }
    case "running":
      return execution.progress.at(-1)?.message ?? "Started";
    case "queued":
      return "Waiting to start";
    case "cancelled":
      return "Stopped by the member";
  }
}

function duration(execution: Execution): string {
  if (!execution.startedAt) return "—";
  return formatDuration((execution.finishedAt ?? Date.now()) - execution.startedAt);
}

/** A module's recent executions across organizations, live. */
export function AdminExecutions({ moduleId }: { moduleId: string }) {
  const executions = useQuery(adminExecutionsOptions(moduleId));
  if (!executions.data) {
    return executions.error ? (
      <p className="text-destructive text-sm">{executions.error.message}</p>
    ) : (
      <div className="grid gap-2">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (executions.data.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm"
        data-testid="admin-executions-empty"
      >
        No runs yet. Each time a member runs the module, it shows here with its outcome.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="admin-executions">
        <thead className="bg-muted/40 text-left text-muted-foreground text-xs">
          <tr>
            <th className="px-3 py-2 font-medium">Started</th>
            <th className="px-3 py-2 font-medium">Member</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 font-medium">Outcome</th>
            <th className="px-3 py-2 text-right font-medium">Duration</th>
          </tr>
        </thead>
        <tbody>
          {executions.data.map((execution) => {
            const status = STATUS[execution.status];
            return (
              <tr key={execution._id} className="border-t" data-testid="admin-execution-row">
                <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
                  <time
                    dateTime={new Date(execution._creationTime).toISOString()}
                    title={formatDateTime(execution._creationTime)}
                  >
                    {formatAgo(execution._creationTime)}
                  </time>
                </td>
                <td className="whitespace-nowrap px-3 py-2">{execution.userName}</td>
                <td className="px-3 py-2">
                  <span
                    className={cn(
                      "inline-flex h-5 items-center rounded-full border px-2 font-medium text-[11px]",
                      status.className,
                    )}
                  >
                    {status.label}
                  </span>
                </td>
                <td
                  className={cn(
                    "max-w-80 truncate px-3 py-2",
                    execution.status === "failed" ? "text-destructive" : "text-muted-foreground",
                  )}
                  title={executionOutcome(execution)}
                >
                  {executionOutcome(execution)}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right text-muted-foreground tabular-nums">
                  {duration(execution)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
