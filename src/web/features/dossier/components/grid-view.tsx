import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import { DocumentGrid } from "./document-grid.tsx";
import { FolderTiles } from "./folder-tiles.tsx";
import { GridSkeleton } from "./skeletons.tsx";

interface GridViewProps {
  folders: readonly { folder: Folder; subfolderCount: number }[];
  documents: readonly DocumentSummary[];
  loading: boolean;
  scrollElement: HTMLElement | null;
  onOpen: (documentId: string) => void;
  onNearEnd: () => void;
}

const headingClass =
  "mb-3 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wider";

/** The grid view: subfolders as tiles, then documents as cards. */
export function GridView({
  folders,
  documents,
  loading,
  scrollElement,
  onOpen,
  onNearEnd,
}: GridViewProps) {
  return (
    <div className="grid gap-6">
      {folders.length > 0 ? (
        <section aria-labelledby="folders-heading">
          <h2 id="folders-heading" className={headingClass}>
            Folders
          </h2>
          <FolderTiles folders={folders} />
        </section>
      ) : null}
      <section aria-labelledby="documents-heading">
        <h2 id="documents-heading" className={headingClass}>
          Documents
        </h2>
        {loading ? (
          <GridSkeleton />
        ) : documents.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
            No documents in this folder yet. Upload some, or drop files here.
          </p>
        ) : (
          <DocumentGrid
            documents={documents}
            scrollElement={scrollElement}
            onOpen={onOpen}
            onNearEnd={onNearEnd}
          />
        )}
      </section>
    </div>
  );
}
