import { useQuery } from "@tanstack/react-query";
import ChevronRight from "lucide-react/icons/chevron-right";
import FolderIcon from "lucide-react/icons/folder";
import FolderOpen from "lucide-react/icons/folder-open";
import type {
  AdminDocument,
  AdminFolder,
  AdminFolderListing,
} from "#shared/schemas/admin-looks.ts";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/format-date.ts";
import { formatBytes } from "../../../lib/format-figures.ts";
import { adminFolderOptions } from "../api/admin-look-queries.ts";
import { LoadError } from "./load-error.tsx";

export type DossierView = "grid" | "list";

interface FolderViewProps {
  organizationId: string;
  folderId: string | null;
  view: DossierView;
  onOpenFolder: (folderId: string | null) => void;
  onOpenDocument: (documentId: string) => void;
}

/** One folder of an organization's dossier, read-only: subfolders, then documents. */
export function AdminFolderView(props: FolderViewProps) {
  const listing = useQuery(adminFolderOptions(props.organizationId, props.folderId));
  if (listing.error && !listing.data) {
    return <LoadError error={listing.error} retry={() => void listing.refetch()} />;
  }
  if (!listing.data) return <FolderSkeleton view={props.view} />;
  const { folders, documents } = listing.data;
  return (
    <div className="grid gap-5" data-testid="admin-folder-view">
      <Trail listing={listing.data} onOpenFolder={props.onOpenFolder} />
      {folders.length === 0 && documents.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
          <FolderOpen aria-hidden="true" className="mb-3 size-7 text-muted-foreground" />
          <p className="font-medium">This folder is empty</p>
          <p className="mt-1 text-muted-foreground text-sm">No one has put anything here yet.</p>
        </div>
      ) : null}
      {folders.length > 0 ? (
        <section aria-label="Folders">
          <ul className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {folders.map((folder) => (
              <FolderTile key={folder._id} folder={folder} onOpen={props.onOpenFolder} />
            ))}
          </ul>
        </section>
      ) : null}
      {documents.length > 0 ? (
        <section aria-label="Documents">
          {props.view === "grid" ? (
            <DocumentGrid documents={documents} onOpen={props.onOpenDocument} />
          ) : (
            <DocumentList documents={documents} onOpen={props.onOpenDocument} />
          )}
          {listing.data.documentTotal > documents.length ? (
            <p className="mt-3 text-muted-foreground text-xs">
              Showing the newest {documents.length} of {listing.data.documentTotal} documents.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function Trail({
  listing,
  onOpenFolder,
}: {
  listing: AdminFolderListing;
  onOpenFolder: (folderId: string | null) => void;
}) {
  const crumbs = listing.breadcrumbs;
  const linkClass =
    "cursor-pointer truncate rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";
  return (
    <nav aria-label="Breadcrumb" data-testid="admin-breadcrumbs">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-[13px]">
        <li>
          {crumbs.length === 0 ? (
            <span aria-current="page" className="font-medium">
              {listing.organization.name}
            </span>
          ) : (
            <button type="button" className={linkClass} onClick={() => onOpenFolder(null)}>
              {listing.organization.name}
            </button>
          )}
        </li>
        {crumbs.map((crumb, index) => (
          <li key={crumb._id} className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-3.5 text-muted-foreground/60" />
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="truncate font-medium">
                {crumb.name}
              </span>
            ) : (
              <button type="button" className={linkClass} onClick={() => onOpenFolder(crumb._id)}>
                {crumb.name}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

const ownerLabel = (name: string | null) => name ?? "Former member";

function FolderTile({
  folder,
  onOpen,
}: {
  folder: AdminFolder;
  onOpen: (folderId: string) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(folder._id)}
        data-testid="admin-folder-tile"
        className="flex w-full cursor-pointer items-center gap-3 rounded-lg border bg-card px-3 py-2.5 text-left outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <FolderIcon aria-hidden="true" className="size-5 shrink-0 fill-primary/15 text-primary" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-[13.5px]">{folder.name}</span>
          <span className="block truncate text-muted-foreground text-xs">
            {ownerLabel(folder.ownerName)} · {folder.itemCount}{" "}
            {folder.itemCount === 1 ? "item" : "items"}
          </span>
        </span>
      </button>
    </li>
  );
}

function DocumentGrid({
  documents,
  onOpen,
}: {
  documents: AdminDocument[];
  onOpen: (documentId: string) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {documents.map((document) => (
        <li key={document._id}>
          <button
            type="button"
            onClick={() => onOpen(document._id)}
            data-testid="admin-document-card"
            className="flex h-full w-full cursor-pointer flex-col gap-3 rounded-xl border bg-card p-3.5 text-left outline-none transition-colors hover:border-primary/40 hover:bg-accent/30 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex items-start gap-2.5">
              <FileTypeIcon fileType={document.fileType} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-[13.5px]" title={document.name}>
                  {document.name}
                </span>
                <span className="block truncate text-muted-foreground text-xs">
                  {formatBytes(document.size)} · {formatDateTime(document._creationTime)}
                </span>
              </span>
            </span>
            {document.summary ? (
              <span className="line-clamp-3 text-[12.5px] text-muted-foreground leading-relaxed">
                {document.summary}
              </span>
            ) : null}
            <span className="mt-auto truncate text-muted-foreground text-xs">
              Owner: <span className="text-foreground/80">{ownerLabel(document.ownerName)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function DocumentList({
  documents,
  onOpen,
}: {
  documents: AdminDocument[];
  onOpen: (documentId: string) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="admin-document-table">
        <thead className="text-left text-muted-foreground text-xs">
          <tr>
            <th className="px-3 py-2.5 font-medium">Name</th>
            <th className="px-3 py-2.5 font-medium">Owner</th>
            <th className="px-3 py-2.5 font-medium">Status</th>
            <th className="px-3 py-2.5 text-right font-medium">Size</th>
            <th className="px-3 py-2.5 font-medium">Added</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document._id} className="border-t">
              <td className="px-3 py-2">
                <button
                  type="button"
                  onClick={() => onOpen(document._id)}
                  className="flex min-w-56 cursor-pointer items-center gap-2.5 rounded-sm text-left outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
                  data-testid="admin-document-row"
                >
                  <FileTypeIcon fileType={document.fileType} className="size-7" />
                  <span className="truncate font-medium">{document.name}</span>
                </button>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
                {ownerLabel(document.ownerName)}
              </td>
              <td className="px-3 py-2 text-muted-foreground capitalize">
                {document.processingStatus}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right text-muted-foreground tabular-nums">
                {formatBytes(document.size)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
                {formatDateTime(document._creationTime)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FolderSkeleton({ view }: { view: DossierView }) {
  return (
    <div className="grid gap-5" aria-busy="true">
      <Skeleton className="h-4 w-48" />
      <div className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-14 rounded-lg" />
        ))}
      </div>
      <div className={cn("grid gap-3", view === "grid" && "sm:grid-cols-2 lg:grid-cols-4")}>
        {Array.from({ length: view === "grid" ? 8 : 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className={view === "grid" ? "h-32 rounded-xl" : "h-10"} />
        ))}
      </div>
    </div>
  );
}
