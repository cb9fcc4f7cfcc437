import { useQuery } from "@tanstack/react-query";
import Users from "lucide-react/icons/users";
import { useState } from "react";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { sharedWithMeOptions } from "../api/share-queries.ts";
import type { DossierSearch } from "../search.ts";
import { DocumentGrid } from "./document-grid.tsx";
import { DocumentSheet } from "./document-sheet.tsx";
import { DossierSearchResults } from "./dossier-search-results.tsx";
import { DossierToolbar } from "./dossier-toolbar.tsx";
import { FolderTiles } from "./folder-tiles.tsx";
import { GridSkeleton } from "./skeletons.tsx";

const headingClass =
  "mb-3 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wider";

/**
 * /dossier/shared: what others shared with me, directly or with the whole
 * organization, each with its owner and my role. Folders open in the shared
 * area (/dossier/shared/{path}), browsed like my own dossier; live: a share
 * or a revoke shows here at once.
 */
export function SharedPage({
  search,
  onSearchChange,
}: {
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
}) {
  usePageTitle("Shared with me · Dossier");
  const shared = useQuery(sharedWithMeOptions());
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const folders = (shared.data?.folders ?? []).map((folder) => ({ folder, subfolderCount: 0 }));
  const documents = shared.data?.documents ?? [];
  const empty = shared.data && folders.length === 0 && documents.length === 0;

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="shared-page">
      <header className="border-b px-6 pt-5 pb-4">
        <h1 className="font-semibold text-2xl tracking-tight" data-testid="folder-title">
          Shared with me
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Folders and documents colleagues shared with you or with the whole organization.
        </p>
        <div className="mt-4">
          <DossierToolbar search={search} onSearchChange={onSearchChange} scopeName="the dossier" />
        </div>
      </header>
      <div ref={setScrollElement} className="min-h-0 flex-1 overflow-auto px-6 py-5">
        {search.q ? (
          <DossierSearchResults search={search} onSearchChange={onSearchChange} />
        ) : shared.isPending ? (
          <GridSkeleton />
        ) : empty ? (
          <div
            data-testid="shared-empty"
            className="flex flex-col items-center justify-center px-6 py-16 text-center"
          >
            <div className="mb-5 flex size-14 items-center justify-center rounded-2xl border bg-card text-muted-foreground shadow-sm">
              <Users aria-hidden="true" className="size-6" />
            </div>
            <h2 className="font-semibold text-base">Nothing shared with you yet</h2>
            <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
              When a colleague shares a folder or document with you, it appears here.
            </p>
          </div>
        ) : (
          <div className="grid gap-6">
            {folders.length > 0 ? (
              <section aria-labelledby="shared-folders-heading">
                <h2 id="shared-folders-heading" className={headingClass}>
                  Folders
                </h2>
                <FolderTiles folders={folders} area="shared" />
              </section>
            ) : null}
            {documents.length > 0 ? (
              <section aria-labelledby="shared-documents-heading">
                <h2 id="shared-documents-heading" className={headingClass}>
                  Documents
                </h2>
                <DocumentGrid
                  documents={documents}
                  scrollElement={scrollElement}
                  onOpen={(id) => onSearchChange({ document: id })}
                  onNearEnd={() => undefined}
                />
              </section>
            ) : null}
          </div>
        )}
      </div>
      <DocumentSheet
        documentId={search.document}
        passage={search.passage}
        onClose={() =>
          onSearchChange({ document: undefined, passage: undefined, hl: undefined, at: undefined })
        }
        highlight={search.hl ? { words: search.hl, at: search.at } : undefined}
      />
    </div>
  );
}
