import { useQuery } from "@tanstack/react-query";
import Star from "lucide-react/icons/star";
import { useEffect, useRef, useState } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { favoriteDocumentsPageOptions, favoriteFoldersOptions } from "../api/share-queries.ts";
import { useDocumentCardActions } from "../hooks/use-document-card-actions.ts";
import type { DossierSearch } from "../search.ts";
import { DocumentCard } from "./document-card.tsx";
import { DocumentSheet } from "./document-sheet.tsx";
import { DossierSearchResults } from "./dossier-search-results.tsx";
import { DossierToolbar } from "./dossier-toolbar.tsx";
import { FolderTiles } from "./folder-tiles.tsx";
import { GridSkeleton } from "./skeletons.tsx";

const headingClass =
  "mb-3 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wider";

/** One live page of favorite documents; reports the next page's cursor (null: the last). */
function FavoritePage({
  cursor,
  onOpen,
  onNext,
}: {
  cursor: string | null;
  onOpen: (id: string) => void;
  onNext: (cursor: string | null) => void;
}) {
  const page = useQuery(favoriteDocumentsPageOptions(cursor));
  const actions = useDocumentCardActions(onOpen);
  const report = useRef(onNext);
  report.current = onNext;
  const loaded = page.data !== undefined;
  const next = page.data && !page.data.isDone ? page.data.continueCursor : null;
  useEffect(() => {
    if (loaded) report.current(next);
  }, [loaded, next]);
  if (!page.data) return cursor === null ? <GridSkeleton /> : null;
  return (
    <>
      {page.data.page.map((document: DocumentSummary) => (
        <li key={document._id}>
          <DocumentCard document={document} actions={actions} />
        </li>
      ))}
    </>
  );
}

/**
 * /dossier/favorites: my starred folders, then my starred documents, most
 * recently starred first, in live cursor pages of 20 (SPEC 9). Something I
 * can no longer open drops out by itself.
 */
export function FavoritesPage({
  search,
  onSearchChange,
}: {
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
}) {
  usePageTitle("Favorites · Dossier");
  const folders = useQuery(favoriteFoldersOptions());
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const first = useQuery(favoriteDocumentsPageOptions(null));
  const open = (id: string) => onSearchChange({ document: id });
  const noFolders = folders.data?.length === 0;
  const noDocuments = first.data?.page.length === 0;

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" data-testid="favorites-page">
      <header className="border-b px-6 pt-5 pb-4">
        <h1 className="font-semibold text-2xl tracking-tight" data-testid="folder-title">
          Favorites
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          The folders and documents you starred, most recent first.
        </p>
        <div className="mt-4">
          <DossierToolbar search={search} onSearchChange={onSearchChange} scopeName="the dossier" />
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-auto px-6 py-5">
        {search.q ? (
          <DossierSearchResults search={search} onSearchChange={onSearchChange} />
        ) : noFolders && noDocuments ? (
          <div
            data-testid="favorites-empty"
            className="flex flex-col items-center justify-center px-6 py-16 text-center"
          >
            <div className="mb-5 flex size-14 items-center justify-center rounded-2xl border bg-card text-muted-foreground shadow-sm">
              <Star aria-hidden="true" className="size-6" />
            </div>
            <h2 className="font-semibold text-base">No favorites yet</h2>
            <p className="mt-1.5 max-w-sm text-muted-foreground text-sm">
              Star a folder or document to find it here.
            </p>
          </div>
        ) : (
          <div className="grid gap-6">
            {folders.data && folders.data.length > 0 ? (
              <section aria-labelledby="favorite-folders-heading">
                <h2 id="favorite-folders-heading" className={headingClass}>
                  Folders
                </h2>
                <FolderTiles
                  folders={folders.data.map((folder) => ({ folder, subfolderCount: 0 }))}
                  area={folders.data.every((f) => f.myRole === "owner") ? "dossier" : "shared"}
                />
              </section>
            ) : null}
            {noDocuments ? null : (
              <section aria-labelledby="favorite-documents-heading">
                <h2 id="favorite-documents-heading" className={headingClass}>
                  Documents
                </h2>
                <ul
                  aria-label="Favorite documents"
                  data-testid="favorite-documents"
                  className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-4"
                >
                  {cursors.map((cursor, index) => (
                    <FavoritePage
                      key={cursor ?? "first"}
                      cursor={cursor}
                      onOpen={open}
                      onNext={(next) => {
                        if (index === cursors.length - 1) setNextCursor(next);
                      }}
                    />
                  ))}
                </ul>
                {nextCursor ? (
                  <div className="mt-4 flex justify-center">
                    <Button
                      variant="outline"
                      size="sm"
                      data-testid="favorites-more"
                      onClick={() => {
                        setCursors((list) => [...list, nextCursor]);
                        setNextCursor(null);
                      }}
                    >
                      Show more
                    </Button>
                  </div>
                ) : null}
              </section>
            )}
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
