import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import Archive from "lucide-react/icons/archive";
import ArchiveRestore from "lucide-react/icons/archive-arrow-up";
import Blocks from "lucide-react/icons/blocks";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import { useState } from "react";
import { SKELETON_COUNT } from "#shared/constants.ts";
import type { AdminModule } from "#shared/schemas/module.ts";
import { ModuleIcon } from "../../../components/module-icon.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatAgo, formatDateTime } from "../../../lib/format-date.ts";
import { adminModulesOptions } from "../api/admin-module-queries.ts";
import { AdminLoadError } from "./admin-load-error.tsx";
import { KindBadge, organizationsLabel, StateBadge } from "./module-badges.tsx";
import { useArchiveToggle } from "./use-archive-toggle.tsx";

const COLUMNS = ["Name", "Slug", "Category", "Kind", "Status", "Organizations", "Runs", "Last run"];

function ModuleRow({
  module,
  onArchiveToggle,
}: {
  module: AdminModule;
  onArchiveToggle: () => void;
}) {
  const archived = module.archivedAt !== null;
  return (
    <tr className="border-t align-middle" data-testid="admin-module-row">
      <td className="px-3 py-3">
        <Link
          to="/admin/modules/$moduleId"
          params={{ moduleId: module._id }}
          className="flex min-w-52 items-center gap-3 outline-none hover:text-primary focus-visible:underline"
          data-testid="admin-module-link"
        >
          <ModuleIcon name={module.icon} className="size-8 [&_svg]:size-4" />
          <span className="min-w-0">
            <span className="block font-medium">{module.name}</span>
            {module.description ? (
              <span className="line-clamp-1 max-w-60 text-muted-foreground text-xs">
                {module.description}
              </span>
            ) : null}
          </span>
        </Link>
      </td>
      <td className="whitespace-nowrap px-3 py-3 font-mono text-muted-foreground text-xs">
        {module.slug}
      </td>
      <td className="min-w-32 px-3 py-3 text-muted-foreground">{module.category ?? "—"}</td>
      <td className="px-3 py-3">
        <KindBadge kind={module.kind} />
      </td>
      <td className="px-3 py-3">
        <StateBadge module={module} />
      </td>
      <td
        className="max-w-36 truncate px-3 py-3 text-muted-foreground"
        title={organizationsLabel(module)}
      >
        {organizationsLabel(module)}
      </td>
      <td className="px-3 py-3 text-right text-muted-foreground tabular-nums">
        {module.executionCount}
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-muted-foreground">
        {module.lastExecutionAt ? (
          <time
            dateTime={new Date(module.lastExecutionAt).toISOString()}
            title={formatDateTime(module.lastExecutionAt)}
          >
            {formatAgo(module.lastExecutionAt)}
          </time>
        ) : (
          "Never"
        )}
      </td>
      <td className="px-3 py-3">
        <div className="flex justify-end gap-1">
          {archived ? null : (
            <Button size="icon" variant="ghost" asChild>
              <Link
                to="/admin/modules/$moduleId/edit"
                params={{ moduleId: module._id }}
                aria-label={`Edit ${module.name}`}
              >
                <Pencil aria-hidden="true" />
              </Link>
            </Button>
          )}
          <Button
            size="icon"
            variant="ghost"
            aria-label={`${archived ? "Restore" : "Archive"} ${module.name}`}
            onClick={onArchiveToggle}
            data-testid={archived ? "admin-module-restore" : "admin-module-archive"}
          >
            {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** /admin/modules: every module, for superadmins (SPEC 7: listAdmin with showArchived). */
export function AdminModulesPage() {
  const [showArchived, setShowArchived] = useState(false);
  const modules = useQuery(adminModulesOptions(showArchived));
  const toggle = useArchiveToggle();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Modules"
        description="The tools members run on their documents: automations and built-in prompts, and who may use them"
        actions={
          <Button asChild>
            <Link to="/admin/modules/new" data-testid="admin-module-new">
              <Plus aria-hidden="true" />
              New module
            </Link>
          </Button>
        }
      />
      <label className="mt-8 flex w-fit items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
          className="size-4 accent-primary"
          data-testid="admin-module-show-archived"
        />
        Show archived
      </label>
      <div className="mt-4 overflow-x-auto rounded-xl border bg-card">
        {modules.error && !modules.data ? (
          <AdminLoadError error={modules.error} retry={() => void modules.refetch()} />
        ) : (
          <table className="w-full text-sm" data-testid="admin-modules-table">
            <thead className="text-left text-muted-foreground text-xs">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    className={`whitespace-nowrap px-3 py-2.5 font-medium ${column === "Runs" ? "text-right" : ""}`}
                  >
                    {column}
                  </th>
                ))}
                <th className="px-3 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {modules.data
                ? modules.data.map((module) => (
                    <ModuleRow
                      key={module._id}
                      module={module}
                      onArchiveToggle={() => toggle.ask(module)}
                    />
                  ))
                : Array.from({ length: SKELETON_COUNT.table }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <tr key={i} className="border-t">
                      <td colSpan={COLUMNS.length + 1} className="px-3 py-3">
                        <Skeleton className="h-5 w-full" />
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        )}
        {modules.data?.length === 0 ? (
          <div
            className="flex flex-col items-center border-t px-4 py-14 text-center"
            data-testid="admin-modules-empty"
          >
            <Blocks aria-hidden="true" className="mb-3 size-6 text-muted-foreground" />
            <p className="font-medium">{showArchived ? "No modules yet" : "No active modules"}</p>
            <p className="mt-1 max-w-sm text-muted-foreground text-sm">
              Create a module to offer members an automation or a built-in prompt over their
              documents.
            </p>
          </div>
        ) : null}
      </div>
      {toggle.dialog}
    </div>
  );
}
