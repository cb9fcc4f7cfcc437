import { useQuery } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import FileJson from "lucide-react/icons/file-braces";
import X from "lucide-react/icons/x";
import type { AuditFilter } from "#shared/schemas/audit.ts";
import { OrganizationSelect } from "../../../components/admin/organization-select.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { auditActionsOptions, auditExportHref } from "../api/audit-queries.ts";
import { actionLabel } from "./audit-labels.ts";
import { AuditTable } from "./audit-table.tsx";

export interface AuditLocation {
  actor?: string;
  actorName?: string;
  org?: string;
  action?: string;
  /** Days, "YYYY-MM-DD", in the viewer's time zone; `to` included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Local midnight of a "YYYY-MM-DD" day, in ms. */
function dayStart(day: string | undefined, offsetDays = 0): number | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const ms = new Date(y, m - 1, d + offsetDays).getTime();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

export function filterOf(location: AuditLocation): AuditFilter {
  return {
    actorUserId: location.actor,
    organizationId: location.org,
    action: location.action,
    from: dayStart(location.from),
    to: dayStart(location.to, 1),
  };
}

/** /admin/audit: the log, filtered by actor, organization, action and days; export as CSV or JSON lines. */
export function AuditPage({
  location,
  onNavigate,
}: {
  location: AuditLocation;
  onNavigate: (next: AuditLocation) => void;
}) {
  usePageTitle("Audit log · Admin");
  const actions = useQuery(auditActionsOptions());
  const filter = filterOf(location);
  const badRange = filter.from !== undefined && filter.to !== undefined && filter.from >= filter.to;
  const filtered = Object.values(location).some((value) => value !== undefined);
  const set = (patch: Partial<AuditLocation>) => onNavigate({ ...location, ...patch });

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="Audit log"
        description="Sign-ins, administrative changes and every superadmin look. Lines cannot be changed or deleted."
        actions={
          <>
            <Button variant="outline" size="sm" asChild>
              <a href={auditExportHref("csv", filter)} download data-testid="audit-export-csv">
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href={auditExportHref("jsonl", filter)} download data-testid="audit-export-jsonl">
                <FileJson aria-hidden="true" />
                Export JSON lines
              </a>
            </Button>
          </>
        }
      />
      <form
        className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="audit-org">Organization</Label>
          <OrganizationSelect
            id="audit-org"
            value={location.org ?? ""}
            onChange={(org) => set({ org: org || undefined })}
            testId="audit-filter-org"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <select
            id="audit-action"
            className={selectClass}
            value={location.action ?? ""}
            onChange={(event) => set({ action: event.target.value || undefined })}
            data-testid="audit-filter-action"
          >
            <option value="">All actions</option>
            {(actions.data ?? []).map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={location.from ?? ""}
            onChange={(event) => set({ from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">To (included)</Label>
          <Input
            id="audit-to"
            type="date"
            value={location.to ?? ""}
            onChange={(event) => set({ to: event.target.value || undefined })}
            aria-invalid={badRange || undefined}
          />
        </div>
        {location.actor || filtered ? (
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4">
            {location.actor ? (
              <span
                className="inline-flex items-center gap-1.5 rounded-full border bg-muted/50 py-0.5 pr-1 pl-2.5 text-[12.5px]"
                data-testid="audit-actor-chip"
              >
                Actor: {location.actorName ?? location.actor}
                <button
                  type="button"
                  aria-label="Remove the actor filter"
                  onClick={() => set({ actor: undefined, actorName: undefined })}
                  className="cursor-pointer rounded-full p-0.5 hover:bg-accent"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            ) : null}
            {filtered ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => onNavigate({})}>
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
      {badRange ? (
        <Alert variant="error">The start day must be on or before the end day.</Alert>
      ) : (
        <AuditTable
          filter={filter}
          onFilterActor={(actor, actorName) => set({ actor, actorName })}
        />
      )}
    </div>
  );
}
