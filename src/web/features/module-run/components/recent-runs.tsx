import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ChevronRight from "lucide-react/icons/chevron-right";
import History from "lucide-react/icons/rotate-ccw-clock";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { whenText } from "../../../lib/format-date.ts";
import { recentRunsOptions } from "../api/module-run-queries.ts";
import { ExecutionStatusBadge } from "./execution-status-badge.tsx";

/** The member's recent runs of one module, live. */
export function RecentRuns({ moduleId, slug }: { moduleId: string; slug: string }) {
  const runs = useQuery(recentRunsOptions(moduleId));
  return (
    <section aria-labelledby="recent-runs" className="rounded-xl border bg-card p-4">
      <h2 id="recent-runs" className="flex items-center gap-2 font-medium text-sm">
        <History aria-hidden="true" className="size-4 text-muted-foreground" />
        Your recent runs
      </h2>
      {runs.error ? (
        <p className="mt-3 text-destructive text-sm">{runs.error.message}</p>
      ) : !runs.data ? (
        <div className="mt-3 grid gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : runs.data.length === 0 ? (
        <p className="mt-3 text-muted-foreground text-sm">
          No runs yet. Fill in the form and press Run.
        </p>
      ) : (
        <ul className="mt-2 -mx-2 grid gap-0.5" data-testid="recent-runs">
          {runs.data.map((run) => (
            <li key={run._id}>
              <Link
                to="/modules/$slug/$id"
                params={{ slug, id: run._id }}
                className="flex items-center gap-3 rounded-lg px-2 py-2 text-sm transition-colors hover:bg-accent"
              >
                <ExecutionStatusBadge status={run.status} />
                <span className="min-w-0 flex-1 truncate text-muted-foreground text-xs">
                  {whenText(run._creationTime)}
                  {run.draftIds.length > 0
                    ? ` · ${run.draftIds.length} draft${run.draftIds.length === 1 ? "" : "s"}`
                    : ""}
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
