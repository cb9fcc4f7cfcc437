import { useLocation } from "@tanstack/react-router";
import { useMemo } from "react";
import { useSetDocumentFavorite } from "./use-share-mutations.ts";

/**
 * What a card does, made once for a whole grid: cards take this object instead of each holding
 * a router subscription and a mutation hook of its own (decision 016, "cheap cards"). Its
 * identity changes only with the address (the cards' links) or `onOpen`, so memoized cards
 * re-render only when their document changes.
 */
export interface DocumentCardActions {
  /** The address of this page with the document open (for links that open in a new tab too). */
  href: (documentId: string) => string;
  open: (documentId: string) => void;
  setFavorite: (documentId: string, favorite: boolean) => void;
}

export function useDocumentCardActions(onOpen: (documentId: string) => void): DocumentCardActions {
  const { pathname, searchStr } = useLocation();
  // `mutate` is stable for the hook's life; one observer serves every card (each call is its
  // own mutation with its own optimistic layer).
  const { mutate } = useSetDocumentFavorite();
  return useMemo(
    () => ({
      href: (documentId) => {
        const params = new URLSearchParams(searchStr);
        params.set("document", documentId);
        return `${pathname}?${params.toString()}`;
      },
      open: onOpen,
      setFavorite: (documentId, favorite) => mutate({ documentId, favorite }),
    }),
    [pathname, searchStr, onOpen, mutate],
  );
}
