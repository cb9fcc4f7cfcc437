import { useCallback } from "react";
import type { DossierSearch } from "../search.ts";

/** The part of a dossier route's `navigate` this hook uses. */
type SearchNavigate = (options: {
  search: (previous: DossierSearch) => DossierSearch;
  replace: boolean;
}) => Promise<void>;

/**
 * One rule for every dossier page's address bar: a patch merges into the search params;
 * opening a document is a step Back undoes, typing a search or changing a filter is not.
 */
export function useDossierSearchChange(
  navigate: SearchNavigate,
): (patch: Partial<DossierSearch>) => void {
  return useCallback(
    (patch: Partial<DossierSearch>) =>
      void navigate({
        search: (previous) => ({ ...previous, ...patch }),
        replace: patch.document === undefined,
      }),
    [navigate],
  );
}
