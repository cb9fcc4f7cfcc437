import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import Blocks from "lucide-react/icons/blocks";
import Settings2 from "lucide-react/icons/settings-2";
import { useState } from "react";
import type { ModuleGroup } from "#shared/schemas/module.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { meOptions } from "../../../lib/shared-queries.ts";
import { moduleGroupsOptions } from "../api/module-queries.ts";
import { ModuleCard } from "./module-card.tsx";
import { ModuleCardsSkeleton } from "./module-skeletons.tsx";
import { ModulesError } from "./modules-error.tsx";

/** The groups with only the modules whose name, description or category holds `query`. */
export function filterModuleGroups(groups: ModuleGroup[], query: string): ModuleGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((group) => ({
      ...group,
      modules: group.modules.filter((m) =>
        [m.name, m.description, group.name].some((text) => text.toLowerCase().includes(q)),
      ),
    }))
    .filter((group) => group.modules.length > 0);
}

/** /modules: the modules the caller's organization may run, by category, with a search. */
export function ModulesPage() {
  const groups = useQuery(moduleGroupsOptions());
  const me = useQuery(meOptions());
  const [query, setQuery] = useState("");
  const isSuperadmin = me.data?.isSuperadmin === true;
  const shown = groups.data ? filterModuleGroups(groups.data, query) : [];
  const empty = groups.data?.length === 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Modules"
        description="Discover and access specialized tools for your organization"
        actions={
          isSuperadmin ? (
            <Button variant="outline" asChild>
              <Link to="/admin/modules" data-testid="modules-manage">
                <Settings2 aria-hidden="true" />
                Manage modules
              </Link>
            </Button>
          ) : null
        }
      />
      {empty ? null : (
        <SearchInput
          wrapperClassName="mt-8 max-w-md"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search modules"
          aria-label="Search modules"
          data-testid="module-search"
        />
      )}
      <div className="mt-8">
        {groups.data ? (
          empty ? (
            <EmptyCatalogue isSuperadmin={isSuperadmin} />
          ) : shown.length === 0 ? (
            <p
              className="rounded-xl border border-dashed px-6 py-16 text-center text-muted-foreground text-sm"
              data-testid="module-no-match"
            >
              No modules match “{query.trim()}”.
            </p>
          ) : (
            <div className="grid gap-10">
              {shown.map((group) => (
                <section
                  key={group.categoryId ?? "other"}
                  aria-labelledby={`module-group-${group.categoryId ?? "other"}`}
                  data-testid="module-group"
                >
                  <h2
                    id={`module-group-${group.categoryId ?? "other"}`}
                    className="mb-4 flex items-baseline gap-2 font-semibold text-muted-foreground text-sm uppercase tracking-wider"
                  >
                    {group.name}
                    <span className="font-normal text-muted-foreground/70 text-xs normal-case tracking-normal">
                      {group.modules.length}
                    </span>
                  </h2>
                  <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                    {group.modules.map((module) => (
                      <ModuleCard key={module._id} module={module} />
                    ))}
                  </div>
                </section>
              ))}
            </div>
          )
        ) : groups.error ? (
          <ModulesError error={groups.error} retry={() => void groups.refetch()} />
        ) : (
          <ModuleCardsSkeleton />
        )}
      </div>
    </div>
  );
}

function EmptyCatalogue({ isSuperadmin }: { isSuperadmin: boolean }) {
  return (
    <div
      className="flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center"
      data-testid="modules-empty"
    >
      <div className="mb-4 flex size-11 items-center justify-center rounded-xl border bg-muted/50 text-muted-foreground">
        <Blocks aria-hidden="true" className="size-5" />
      </div>
      <h2 className="font-semibold text-lg tracking-tight">No modules yet</h2>
      <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
        {isSuperadmin
          ? "Modules turn a webhook automation or a prompt template into a tool members run on their documents."
          : "When an administrator makes modules available to your organization, they will appear here."}
      </p>
      {isSuperadmin ? (
        <Button className="mt-6" asChild>
          <Link to="/admin/modules">Set up modules</Link>
        </Button>
      ) : null}
    </div>
  );
}
