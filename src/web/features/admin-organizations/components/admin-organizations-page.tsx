import { useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import Plus from "lucide-react/icons/plus";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { useState } from "react";
import type { AdminOrganization } from "#shared/schemas/admin-organizations.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { formatNumber } from "../../../lib/format-figures.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { adminOrganizationsOptions } from "../api/admin-organization-queries.ts";
import { NewOrganizationDialog } from "./new-organization-dialog.tsx";
import { OrganizationRow, type RowAction } from "./organization-row.tsx";
import { COLUMNS, OrganizationRowsPending } from "./organizations-pending.tsx";
import { RenameOrganizationDialog } from "./rename-organization-dialog.tsx";
import {
  RestoreOrganizationDialog,
  SuspendOrganizationDialog,
} from "./suspend-organization-dialog.tsx";

type Open = { action: RowAction; organization: AdminOrganization } | { action: "new" } | null;

function Empty({ searching, onCreate }: { searching: boolean; onCreate: () => void }) {
  return (
    <div
      className="flex flex-col items-center border-t px-4 py-14 text-center"
      data-testid="admin-organizations-empty"
    >
      <Building2 aria-hidden="true" className="mb-3 size-6 text-muted-foreground" />
      <p className="font-medium">
        {searching ? "No organization matches" : "No organizations yet"}
      </p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        {searching
          ? "Try another part of its name or slug."
          : "Create the first one and invite its admin."}
      </p>
      {searching ? null : (
        <Button className="mt-4" onClick={onCreate}>
          <Plus aria-hidden="true" />
          New organization
        </Button>
      )}
    </div>
  );
}

/** /admin/organizations: every organization, live, for superadmins (decision 026). */
export function AdminOrganizationsPage() {
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), 250);
  const list = useQuery({
    ...adminOrganizationsOptions(search),
    placeholderData: (previous) => previous,
  });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const suspended = list.data?.filter((o) => o.status === "suspended").length ?? 0;

  return (
    <div
      className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 md:py-12"
      data-testid="admin-organizations"
    >
      <PageHeader
        title="Organizations"
        description="Every organization on this installation: its members, storage and activity"
        actions={
          <Button onClick={() => setOpen({ action: "new" })} data-testid="new-organization">
            <Plus aria-hidden="true" />
            New organization
          </Button>
        }
      />
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          wrapperClassName="w-full max-w-xs"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder="Search by name or slug"
          aria-label="Search organizations"
          data-testid="admin-organizations-search"
        />
        {list.data ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {formatNumber(list.data.length)}{" "}
            {list.data.length === 1 ? "organization" : "organizations"}
            {suspended > 0 ? `, ${suspended} suspended` : ""}
          </p>
        ) : null}
      </div>
      <div className="mt-4 overflow-x-auto rounded-xl border bg-card">
        {list.error && !list.data ? (
          <div role="alert" className="flex flex-col items-center px-6 py-14 text-center">
            <p className="font-semibold">Error loading organizations</p>
            <p className="mt-1.5 max-w-md text-muted-foreground text-sm">{list.error.message}</p>
            <Button className="mt-5" onClick={() => void list.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : (
          <table className="w-full text-sm" data-testid="admin-organizations-table">
            <caption className="sr-only">Organizations</caption>
            <thead className="text-left text-muted-foreground text-xs">
              <tr>
                {COLUMNS.map((column, i) => (
                  <th
                    key={column}
                    scope="col"
                    className={`whitespace-nowrap py-2.5 font-medium ${i === 0 ? "px-4" : "px-3"}`}
                  >
                    {column}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody aria-busy={list.isPlaceholderData}>
              {list.data ? (
                list.data.map((organization) => (
                  <OrganizationRow
                    key={organization._id}
                    organization={organization}
                    onAction={(action) => setOpen({ action, organization })}
                  />
                ))
              ) : (
                <OrganizationRowsPending />
              )}
            </tbody>
          </table>
        )}
        {list.data?.length === 0 ? (
          <Empty searching={search !== ""} onCreate={() => setOpen({ action: "new" })} />
        ) : null}
      </div>
      {open?.action === "new" ? <NewOrganizationDialog onClose={close} /> : null}
      {open?.action === "rename" ? (
        <RenameOrganizationDialog
          organization={open.organization}
          search={search}
          onClose={close}
        />
      ) : null}
      {open?.action === "suspend" ? (
        <SuspendOrganizationDialog
          organization={open.organization}
          search={search}
          onClose={close}
        />
      ) : null}
      {open?.action === "restore" ? (
        <RestoreOrganizationDialog
          organization={open.organization}
          search={search}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
