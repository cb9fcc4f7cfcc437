import { useMemo } from "react";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import { filterDocuments, sortDocuments } from "../lib/document-filters.ts";
import { type DossierSearch, hasDocumentFilters } from "../search.ts";
import { useDocumentPages } from "./use-document-pages.ts";

/**
 * A folder's documents as the page shows them: live cursor pages, narrowed by
 * the address bar's filters and put in the chosen order. Sorting and
 * filtering happen here, in the browser, so they need every page: asking for
 * either loads the rest of the folder.
 */
export function useFolderDocuments(
  folderId: string | null,
  search: DossierSearch,
  sort: Sort | null,
) {
  const { processingStatus, tags, start, end } = search;
  const filtering = hasDocumentFilters({ processingStatus, tags, start, end });
  const pages = useDocumentPages(folderId, sort !== null || filtering);
  const documents = useMemo(
    () =>
      sortDocuments(filterDocuments(pages.documents, { processingStatus, tags, start, end }), sort),
    [pages.documents, processingStatus, tags, start, end, sort],
  );
  return { pages, documents, filtering };
}
