import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import Archive from "lucide-react/icons/archive";
import ChevronLeft from "lucide-react/icons/chevron-left";
import Pencil from "lucide-react/icons/pencil";
import WorkflowIcon from "lucide-react/icons/workflow";
import { NotFoundView } from "../../../components/not-found-view.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { myRunsOptions, workflowBySlugOptions } from "../api/workflow-queries.ts";
import { useArchiveWorkflow } from "../hooks/use-workflow-mutations.ts";
import { RunForm } from "./run-form.tsx";
import { RunView } from "./run-view.tsx";
import { RunsList } from "./runs-list.tsx";
import { WorkflowSkeleton } from "./workflow-skeleton.tsx";

const KIND_LABEL = { prompt: "Prompt", module: "Module", table: "Review table" } as const;

/** /workflows/{slug}: the workflow, its steps, the run form, the run being watched and my runs of it. */
export function WorkflowPage({ slug, runId }: { slug: string; runId?: string }) {
  const workflow = useQuery(workflowBySlugOptions(slug));
  const runs = useQuery({ ...myRunsOptions(workflow.data?._id), enabled: Boolean(workflow.data) });
  const archive = useArchiveWorkflow();
  const navigate = useNavigate();
  usePageTitle(workflow.data?.name ?? "Workflow");
  if (workflow.error) throw workflow.error;
  if (workflow.data === undefined) return <WorkflowSkeleton />;
  if (workflow.data === null) return <NotFoundView />;
  const w = workflow.data;
  const shownRun = runId ?? runs.data?.[0]?._id;
  const onArchive = async () => {
    if (
      !window.confirm(`Archive “${w.name}”? Nobody can run it any more; its runs and drafts stay.`)
    )
      return;
    await archive.mutateAsync({ workflowId: w._id });
    await navigate({ to: "/workflows" });
  };
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <Link
        to="/workflows"
        className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Workflows
      </Link>
      <header className="mt-4 flex flex-wrap items-start gap-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-xl border bg-primary/10 text-primary">
          <WorkflowIcon aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0 flex-1">
          <h1 className="font-semibold text-2xl tracking-tight" data-testid="workflow-name-heading">
            {w.name}
          </h1>
          {w.description ? (
            <p className="mt-1.5 max-w-2xl whitespace-pre-line text-muted-foreground text-sm">
              {w.description}
            </p>
          ) : null}
          <p className="mt-2 text-muted-foreground text-xs">by {w.createdByName}</p>
        </div>
        {w.canEdit ? (
          <div className="flex items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/workflows/new" search={{ edit: w.slug }} data-testid="workflow-edit">
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void onArchive()}
              disabled={archive.isPending}
            >
              <Archive aria-hidden="true" />
              Archive
            </Button>
          </div>
        ) : null}
      </header>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6">
          {/* A run just started (or opened from a list) comes first; else my latest run comes last. */}
          {runId ? <RunView key={runId} runId={runId} /> : null}
          <section aria-labelledby="steps-overview" className="rounded-xl border bg-card p-5">
            <h2 id="steps-overview" className="font-medium text-sm">
              Steps
            </h2>
            <ol className="mt-3 grid gap-2">
              {w.steps.map((step, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered and have no id
                <li key={i} className="flex items-start gap-3 text-sm">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-xs">
                    {i + 1}
                  </span>
                  <span className="min-w-0">
                    <span className="font-medium">
                      {step.title || `${KIND_LABEL[step.kind]} step`}
                    </span>
                    <span className="block truncate text-muted-foreground text-xs">
                      {step.kind === "prompt"
                        ? step.prompt.slice(0, 140)
                        : step.kind === "module"
                          ? `Runs the module ${step.moduleSlug}`
                          : `${step.columns.length} question${step.columns.length === 1 ? "" : "s"} over the documents`}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-label="Run this workflow" className="rounded-xl border bg-card p-5">
            <RunForm workflow={w} />
          </section>
          {!runId && shownRun ? <RunView key={shownRun} runId={shownRun} /> : null}
        </div>
        <RunsList title="My runs of this workflow" workflowId={w._id} activeRunId={shownRun} />
      </div>
    </div>
  );
}
