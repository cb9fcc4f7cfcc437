import { useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import FileText from "lucide-react/icons/file-text";
import Folder from "lucide-react/icons/folder";
import Users from "lucide-react/icons/users";
import { adminOrganizationsOptions } from "../../../components/admin/organization-select.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadError } from "./load-error.tsx";

/** Before an organization is chosen: every organization as a card with its counts. */
export function OrganizationGrid({ onPick }: { onPick: (organizationId: string) => void }) {
  const organizations = useQuery(adminOrganizationsOptions());
  if (organizations.error && !organizations.data) {
    return <LoadError error={organizations.error} retry={() => void organizations.refetch()} />;
  }
  if (!organizations.data) {
    return (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-organization-grid">
      {organizations.data.map((organization) => (
        <li key={organization._id}>
          <button
            type="button"
            onClick={() => onPick(organization._id)}
            className="flex w-full cursor-pointer items-start gap-3 rounded-xl border bg-card p-4 text-left outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="admin-organization-card"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Building2 aria-hidden="true" className="size-4" />
            </span>
            <span className="min-w-0">
              <span className="block truncate font-medium">{organization.name}</span>
              <span className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs">
                <span className="inline-flex items-center gap-1">
                  <FileText aria-hidden="true" className="size-3.5" />
                  {organization.documentCount} documents
                </span>
                <span className="inline-flex items-center gap-1">
                  <Folder aria-hidden="true" className="size-3.5" />
                  {organization.folderCount} folders
                </span>
                <span className="inline-flex items-center gap-1">
                  <Users aria-hidden="true" className="size-3.5" />
                  {organization.memberCount} members
                </span>
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
