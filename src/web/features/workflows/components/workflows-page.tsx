import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ListOrdered from "lucide-react/icons/list-ordered";
import Plus from "lucide-react/icons/plus";
import WorkflowIcon from "lucide-react/icons/workflow";
import type { Workflow } from "#shared/schemas/workflow.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { workflowPermissionsOptions, workflowsOptions } from "../api/workflow-queries.ts";
import { useSetMembersCanCreate } from "../hooks/use-workflow-mutations.ts";
import { RunsList } from "./runs-list.tsx";

/** /workflows: the organization's workflows as cards, my recent runs, "New workflow" for those allowed. */
export function WorkflowsPage() {
  usePageTitle("Workflows");
  const workflows = useQuery(workflowsOptions());
  const permissions = useQuery(workflowPermissionsOptions());
  if (workflows.error) throw workflows.error;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Workflows"
        description="Repeatable multi-step procedures your team builds once and runs on its documents"
        actions={
          permissions.data?.canCreate ? (
            <Button asChild>
              <Link to="/workflows/new" data-testid="new-workflow">
                <Plus aria-hidden="true" />
                New workflow
              </Link>
            </Button>
          ) : null
        }
      />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Workflows">
          {workflows.data === undefined ? (
            <div className="grid gap-4 sm:grid-cols-2">
              {Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
                <Skeleton key={i} className="h-36 rounded-xl" />
              ))}
            </div>
          ) : workflows.data.length === 0 ? (
            <EmptyWorkflows canCreate={permissions.data?.canCreate ?? false} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="workflow-cards">
              {workflows.data.map((w) => (
                <li key={w._id}>
                  <WorkflowCard workflow={w} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <aside className="grid gap-6">
          <RunsList title="My recent runs" />
          {permissions.data?.canChangeSetting ? (
            <MembersSetting allowed={permissions.data.membersCanCreate} />
          ) : null}
        </aside>
      </div>
    </div>
  );
}

const KIND_LABEL = { prompt: "prompt", module: "module", table: "review table" } as const;

function WorkflowCard({ workflow }: { workflow: Workflow }) {
  const kinds = [...new Set(workflow.steps.map((s) => KIND_LABEL[s.kind]))];
  return (
    <Link
      to="/workflows/$slug"
      params={{ slug: workflow.slug }}
      className="group flex h-full flex-col rounded-xl border bg-card p-5 transition-colors hover:border-primary/40 hover:bg-accent/30 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30"
      data-testid="workflow-card"
    >
      <div className="flex items-center gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-primary/10 text-primary">
          <WorkflowIcon aria-hidden="true" className="size-4" />
        </div>
        <h2 className="min-w-0 truncate font-medium">{workflow.name}</h2>
      </div>
      <p className="mt-3 line-clamp-2 flex-1 text-muted-foreground text-sm">
        {workflow.description || "No description."}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
        <span className="inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5">
          <ListOrdered aria-hidden="true" className="size-3.5" />
          {workflow.steps.length} step{workflow.steps.length === 1 ? "" : "s"}
        </span>
        <span>{kinds.join(" · ")}</span>
        <span className="ml-auto truncate">by {workflow.createdByName}</span>
      </div>
    </Link>
  );
}

function EmptyWorkflows({ canCreate }: { canCreate: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <WorkflowIcon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h2 className="mt-3 font-medium">No workflows yet</h2>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        A workflow chains prompts and modules into one procedure: build it once, and everyone in
        your organization can run it.
      </p>
      {canCreate ? (
        <Button asChild className="mt-5">
          <Link to="/workflows/new">
            <Plus aria-hidden="true" />
            New workflow
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function MembersSetting({ allowed }: { allowed: boolean }) {
  const set = useSetMembersCanCreate();
  return (
    <section className="rounded-xl border bg-card p-4 text-sm">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={allowed}
          disabled={set.isPending}
          onChange={(e) => set.mutate({ allowed: e.target.checked })}
        />
        <span>
          <span className="font-medium">Members can create workflows</span>
          <span className="mt-0.5 block text-muted-foreground text-xs">
            Admins can always create and edit every workflow; members edit their own.
          </span>
        </span>
      </label>
    </section>
  );
}
