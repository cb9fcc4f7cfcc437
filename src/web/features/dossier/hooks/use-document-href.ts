import { useLocation } from "@tanstack/react-router";

/**
 * The address of the page on screen with `document` open in the document
 * view, for links that open in a new tab as well as here.
 */
export function useDocumentHref(documentId: string): string {
  const { pathname, searchStr } = useLocation();
  const params = new URLSearchParams(searchStr);
  params.set("document", documentId);
  return `${pathname}?${params.toString()}`;
}
