import LayoutGrid from "lucide-react/icons/layout-grid";
import List from "lucide-react/icons/list";
import { LookBanner } from "../../../components/admin/look-banner.tsx";
import { OrganizationSelect } from "../../../components/admin/organization-select.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { AdminDocumentSheet } from "./admin-document-sheet.tsx";
import { AdminFolderView, type DossierView } from "./admin-folder-view.tsx";
import { OrganizationGrid } from "./organization-grid.tsx";

export interface AdminDossierLocation {
  org?: string;
  folder?: string;
  document?: string;
  view: DossierView;
}

/** /admin/dossier: pick an organization, then browse its whole dossier read-only. */
export function AdminDossierPage({
  location,
  onNavigate,
}: {
  location: AdminDossierLocation;
  onNavigate: (next: AdminDossierLocation) => void;
}) {
  usePageTitle("All dossiers · Admin");
  const { org, folder, document, view } = location;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6 md:py-12">
      <PageHeader
        title="All dossiers"
        description="Every organization's folders and documents, across all owners, read-only"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="admin-dossier-org" className="sr-only">
              Organization
            </label>
            <OrganizationSelect
              id="admin-dossier-org"
              value={org ?? ""}
              allLabel="Choose an organization…"
              onChange={(next) => onNavigate({ org: next || undefined, view })}
              className="w-64"
              testId="admin-dossier-org"
            />
            <SegmentedControl
              label="View"
              value={view}
              onValueChange={(next) => onNavigate({ ...location, view: next })}
              options={[
                { value: "grid", label: "Grid", icon: LayoutGrid },
                { value: "list", label: "List", icon: List },
              ]}
            />
          </div>
        }
      />
      <LookBanner />
      {org ? (
        <AdminFolderView
          organizationId={org}
          folderId={folder ?? null}
          view={view}
          onOpenFolder={(folderId) => onNavigate({ org, folder: folderId ?? undefined, view })}
          onOpenDocument={(documentId) => onNavigate({ ...location, document: documentId })}
        />
      ) : (
        <OrganizationGrid onPick={(organizationId) => onNavigate({ org: organizationId, view })} />
      )}
      <AdminDocumentSheet
        documentId={document}
        onClose={() => onNavigate({ ...location, document: undefined })}
      />
    </div>
  );
}
