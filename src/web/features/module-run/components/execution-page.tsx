import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ChevronLeft from "lucide-react/icons/chevron-left";
import FileText from "lucide-react/icons/file-text";
import Square from "lucide-react/icons/square";
import { useEffect, useState } from "react";
import type { Execution, Module } from "#shared/schemas/module.ts";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { formatDuration, whenText } from "../../../lib/format-date.ts";
import {
  documentsByIdOptions,
  executionOptions,
  moduleBySlugOptions,
} from "../api/module-run-queries.ts";
import { useCancelExecution } from "../hooks/use-execution-mutations.ts";
import { DraftPreview } from "./draft-preview.tsx";
import { ExecutionStatusBadge } from "./execution-status-badge.tsx";
import { ExecutionTimeline } from "./execution-timeline.tsx";
import { ModuleNotFound } from "./module-not-found.tsx";
import { ModuleRunSkeleton } from "./module-run-skeleton.tsx";

/** Re-render every second while a run goes on (its duration). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** /modules/{slug}/{id}: one run, live: its timeline, Cancel, its inputs, and a built-in run's draft as it is written. */
export function ExecutionPage({ slug, executionId }: { slug: string; executionId: string }) {
  const execution = useQuery(executionOptions(executionId));
  const module = useQuery(moduleBySlugOptions(slug));
  const cancel = useCancelExecution();
  const run = execution.data;
  const unfinished = run?.status === "queued" || run?.status === "running";
  const now = useNow(unfinished);
  usePageTitle(run ? `${run.moduleName}: run` : "Run");
  if (execution.error) throw execution.error;
  if (run === undefined) return <ModuleRunSkeleton />;
  if (run === null) return <ModuleNotFound what="run" />;
  const since = run.startedAt ?? run._creationTime;
  const isBuiltin = module.data?.kind === "builtin";
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <Link
        to="/modules/$slug"
        params={{ slug }}
        className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {run.moduleName}
      </Link>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-semibold text-2xl tracking-tight">{run.moduleName}</h1>
            <ExecutionStatusBadge status={run.status} />
          </div>
          <p className="mt-1.5 text-muted-foreground text-sm">
            Started {whenText(run._creationTime, now)}
            {run.finishedAt
              ? ` · took ${formatDuration(run.finishedAt - since)}`
              : run.startedAt
                ? ` · running for ${formatDuration(now - since)}`
                : ""}
          </p>
        </div>
        {run.canCancel ? (
          <Button
            variant="outline"
            onClick={() => cancel.mutate({ executionId: run._id })}
            disabled={cancel.isPending}
            data-testid="execution-cancel"
          >
            <Square aria-hidden="true" className="fill-current" />
            Cancel run
          </Button>
        ) : null}
      </header>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6">
          <section aria-label="Progress" className="rounded-xl border bg-card p-6">
            <ExecutionTimeline execution={run} slug={slug} writesDraftBelow={isBuiltin} />
          </section>
          {isBuiltin ? <DraftPreview executionId={run._id} running={unfinished} /> : null}
        </div>
        <RunInputs execution={run} module={module.data ?? null} />
      </div>
    </div>
  );
}

function RunInputs({ execution, module }: { execution: Execution; module: Module | null }) {
  const documents = useQuery({
    ...documentsByIdOptions(execution.documentIds),
    enabled: execution.documentIds.length > 0,
  });
  const names = new Map((documents.data ?? []).map((d) => [d._id, d.name]));
  const inputs =
    module?.inputs ?? Object.keys(execution.inputs).map((key) => ({ key, label: key }));
  return (
    <section aria-labelledby="run-inputs" className="min-w-0 rounded-xl border bg-card p-4">
      <h2 id="run-inputs" className="font-medium text-sm">
        Ran with
      </h2>
      {inputs.length === 0 ? (
        <p className="mt-2 text-muted-foreground text-sm">No inputs.</p>
      ) : (
        <dl className="mt-3 grid gap-3" data-testid="execution-inputs">
          {inputs.map((input) => {
            const value = execution.inputs[input.key];
            return (
              <div key={input.key} className="grid min-w-0 gap-0.5">
                <dt className="text-muted-foreground text-xs">{input.label}</dt>
                <dd className="min-w-0 whitespace-pre-line break-words text-sm">
                  {Array.isArray(value) ? (
                    value.length === 0 ? (
                      <span className="text-muted-foreground">None</span>
                    ) : (
                      <ul className="grid min-w-0 gap-1">
                        {value.map((id) => (
                          <li key={String(id)} className="flex min-w-0 items-center gap-1.5">
                            <FileText
                              aria-hidden="true"
                              className="size-3.5 shrink-0 text-muted-foreground"
                            />
                            <span className="truncate">
                              {names.get(String(id)) ?? "A document"}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )
                  ) : value === null || value === undefined || value === "" ? (
                    <span className="text-muted-foreground">Not given</span>
                  ) : (
                    String(value)
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
