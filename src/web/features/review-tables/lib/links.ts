/**
 * Where a row's document or a citation opens: the dossier with the document
 * shown (its `document` search param opens the document view wherever the
 * document is filed) and, for a citation, the quoted passage (`passage`),
 * which the document view scrolls to and marks. A plain path, since the
 * dossier's routes live in another feature.
 */
export function documentHref(documentId: string, passage?: string | null): string {
  const params = new URLSearchParams({ document: documentId });
  const quote = passage?.trim();
  if (quote) params.set("passage", quote.slice(0, PASSAGE_MAX));
  return `/dossier?${params}`;
}

/** Longer quotes are cut: the start of a passage finds it as well as the whole. */
export const PASSAGE_MAX = 300;

/** The table export's address (the session cookie authorizes the download). */
export function exportHref(tableId: string, format: "csv" | "xlsx"): string {
  return `/api/tables/${encodeURIComponent(tableId)}/export?format=${format}`;
}
