import { useMemo } from "react";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import { toServerFilters } from "../lib/document-filters.ts";
import { type DossierSearch, hasDocumentFilters } from "../search.ts";
import { useDocumentPages } from "./use-document-pages.ts";

/**
 * A folder's documents as the page shows them: live cursor pages, narrowed by
 * the address bar's filters and put in the chosen order by the server
 * (decision 031), so a folder of any size sorts and filters without loading
 * it into the browser.
 */
export function useFolderDocuments(
  folderId: string | null,
  search: DossierSearch,
  sort: Sort | null,
) {
  const { processingStatus, tags, start, end, fileTypes } = search;
  const filtering = hasDocumentFilters({ processingStatus, tags, start, end, fileTypes });
  const view = useMemo(
    () => ({
      filters: filtering
        ? toServerFilters({ processingStatus, tags, start, end, fileTypes })
        : undefined,
      sort,
    }),
    [filtering, processingStatus, tags, start, end, fileTypes, sort],
  );
  const pages = useDocumentPages(folderId, false, view);
  return { pages, documents: pages.documents, filtering };
}
