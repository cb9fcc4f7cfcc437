/**
 * Where a cited or attached document opens: the dossier with that document
 * shown (its `document` search param opens the document view wherever it is
 * filed). A plain path, since the dossier's routes live in another feature;
 * the in-app link navigates to it without a reload.
 */
export function documentHref(documentId: string): string {
  return `/dossier?${new URLSearchParams({ document: documentId })}`;
}
