import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ChevronLeft from "lucide-react/icons/chevron-left";
import Clock from "lucide-react/icons/clock";
import Sparkles from "lucide-react/icons/sparkles";
import Workflow from "lucide-react/icons/workflow";
import type { Execution, Module } from "#shared/schemas/module.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import {
  documentsByIdOptions,
  executionOptions,
  moduleBySlugOptions,
} from "../api/module-run-queries.ts";
import { ModuleNotFound } from "./module-not-found.tsx";
import { type FormValues, ModuleRunForm } from "./module-run-form.tsx";
import { ModuleRunSkeleton } from "./module-run-skeleton.tsx";
import { RecentRuns } from "./recent-runs.tsx";

/** /modules/{slug}: the module, its run form (prefilled from an earlier run with `from`), the member's runs. */
export function ModuleRunPage({ slug, from }: { slug: string; from?: string }) {
  const module = useQuery(moduleBySlugOptions(slug));
  const previous = useQuery({ ...executionOptions(from ?? ""), enabled: Boolean(from) });
  const previousDocs = previous.data?.documentIds ?? [];
  const names = useQuery({
    ...documentsByIdOptions(previousDocs),
    enabled: previousDocs.length > 0,
  });
  usePageTitle(module.data?.name ?? "Module");
  if (module.error) throw module.error;
  if (module.data === undefined) return <ModuleRunSkeleton />;
  if (module.data === null) return <ModuleNotFound />;
  // Wait for the run to prefill from (and its documents' names) so the form starts with them.
  const waiting = from && (previous.isPending || (previousDocs.length > 0 && names.isPending));
  if (waiting) return <ModuleRunSkeleton />;
  const initial = prefill(
    module.data,
    previous.data?.moduleId === module.data._id ? previous.data : null,
    new Map((names.data ?? []).map((d) => [d._id, d.name])),
  );
  const m = module.data;
  const Icon = m.kind === "builtin" ? Sparkles : Workflow;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <Link
        to="/modules"
        className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Modules{m.category ? ` · ${m.category}` : ""}
      </Link>
      <header className="mt-4 flex items-start gap-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-xl border bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </div>
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl tracking-tight" data-testid="module-name">
            {m.name}
          </h1>
          {m.description ? (
            <p className="mt-1.5 max-w-2xl whitespace-pre-line text-muted-foreground text-sm">
              {m.description}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2 text-muted-foreground text-xs">
            <span className="inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5">
              <Icon aria-hidden="true" className="size-3.5" />
              {m.kind === "builtin" ? "Written by AI, with citations" : "Automation"}
            </span>
            {m.estimatedTimeMinutes ? (
              <span className="inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5">
                <Clock aria-hidden="true" className="size-3.5" />
                About {m.estimatedTimeMinutes} min
              </span>
            ) : null}
          </div>
        </div>
      </header>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Run this module" className="rounded-xl border bg-card p-6">
          <ModuleRunForm key={from ?? "new"} module={m} initial={initial} />
        </section>
        <RecentRuns moduleId={m._id} slug={m.slug} />
      </div>
    </div>
  );
}

function prefill(module: Module, run: Execution | null, names: Map<string, string>): FormValues {
  const values: FormValues = {};
  if (!run) return values;
  for (const input of module.inputs) {
    const value = run.inputs[input.key];
    if (input.type === "documents") {
      values[input.key] = Array.isArray(value)
        ? value.flatMap((id) =>
            typeof id === "string" && names.has(id) ? [{ _id: id, name: names.get(id)! }] : [],
          )
        : [];
    } else if (typeof value === "string" || typeof value === "number") {
      values[input.key] = String(value);
    }
  }
  return values;
}
