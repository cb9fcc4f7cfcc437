import { useQuery } from "@tanstack/react-query";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { toServerFilters } from "../lib/document-filters.ts";
import type { DossierSearch } from "../search.ts";
import { type HitTarget, SearchResults } from "./search-results.tsx";

/**
 * Search results over the whole dossier (what the member may read), for the
 * pages that are not a folder: /dossier/shared and /dossier/favorites.
 */
export function DossierSearchResults({
  search,
  onSearchChange,
}: {
  search: DossierSearch;
  onSearchChange: (patch: Partial<DossierSearch>) => void;
}) {
  const folders = useQuery(allFoldersOptions());
  if (!search.q) return null;
  return (
    <SearchResults
      query={search.q}
      filters={toServerFilters(search)}
      sort={null}
      folders={folders.data ?? []}
      onOpen={(hit: HitTarget) =>
        onSearchChange({
          document: hit.documentId,
          hl: hit.words.length > 0 ? hit.words.slice(0, 20) : undefined,
          at: hit.at || undefined,
        })
      }
      onClear={() => onSearchChange({ q: undefined })}
    />
  );
}
