import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { DocumentSummary, DocumentFilters as ServerFilters } from "#shared/schemas/dossier.ts";
import type { DocumentFilters } from "../search.ts";

/** Local midnight at the start of a "YYYY-MM-DD" day. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).getTime();
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The address bar's filters as the server takes them (decision 031): days in
 * local time become the instants they start at (the end day included).
 */
export function toServerFilters(filters: DocumentFilters): ServerFilters {
  const out: ServerFilters = {};
  if (filters.fileTypes?.length) out.fileTypes = filters.fileTypes;
  if (filters.processingStatus) out.processingStatus = filters.processingStatus;
  if (filters.tags?.length) out.tags = filters.tags;
  if (filters.start || filters.end) {
    out.dateRange = {
      ...(filters.start ? { start: startOfDay(filters.start) } : {}),
      ...(filters.end ? { end: startOfDay(filters.end) + DAY_MS } : {}),
    };
  }
  return out;
}

/**
 * The documents that match the status, tags (all of them) and the date range
 * (start and end days both included, in local time).
 */
export function filterDocuments(
  documents: readonly DocumentSummary[],
  filters: DocumentFilters,
): DocumentSummary[] {
  const from = filters.start ? startOfDay(filters.start) : Number.NEGATIVE_INFINITY;
  const until = filters.end ? startOfDay(filters.end) + DAY_MS : Number.POSITIVE_INFINITY;
  const tags = filters.tags?.map((tag) => tag.toLowerCase()) ?? [];
  return documents.filter((document) => {
    if (filters.processingStatus && document.processingStatus !== filters.processingStatus) {
      return false;
    }
    if (document._creationTime < from || document._creationTime >= until) return false;
    if (tags.length > 0) {
      const own = new Set(
        [...document.tags, document.primaryTagName ?? ""].map((tag) => tag.toLowerCase()),
      );
      if (!tags.every((tag) => own.has(tag))) return false;
    }
    return true;
  });
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function compareField(a: DocumentSummary, b: DocumentSummary, field: Sort["field"]): number {
  switch (field) {
    case "size":
      return a.size - b.size;
    case "_creationTime":
      return a._creationTime - b._creationTime;
    case "primaryTagName":
      // Documents without a type go last whichever way the column is sorted.
      return collator.compare(a.primaryTagName ?? "", b.primaryTagName ?? "");
    default:
      return collator.compare(a[field], b[field]);
  }
}

/**
 * The documents in the chosen order; with no sort, as given (newest first
 * from the server). Ties keep their order, so a sort is stable across pushes.
 */
export function sortDocuments(
  documents: readonly DocumentSummary[],
  sort: Sort | null,
): DocumentSummary[] {
  if (!sort) return [...documents];
  const sign = sort.direction === "asc" ? 1 : -1;
  const untyped = (d: DocumentSummary) => sort.field === "primaryTagName" && !d.primaryTagName;
  return documents
    .map((document, index) => ({ document, index }))
    .sort((a, b) => {
      const missing = Number(untyped(a.document)) - Number(untyped(b.document));
      if (missing !== 0) return missing;
      return sign * compareField(a.document, b.document, sort.field) || a.index - b.index;
    })
    .map(({ document }) => document);
}
