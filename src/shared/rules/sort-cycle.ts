import { z } from "zod";

/** SPEC 2 and 4: sorting the dossier list by clicking column headers. */

export const SORTABLE_FIELDS = [
  "fileType",
  "name",
  "primaryTagName",
  "_creationTime",
  "size",
] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

export type SortField = (typeof SORTABLE_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const sortSchema = z
  .object({ field: z.enum(SORTABLE_FIELDS), direction: z.enum(SORT_DIRECTIONS) })
  .nullable();

export type Sort = { field: SortField; direction: SortDirection };

/**
 * The sort after a click on `clicked`'s header: the same column goes ascending, descending,
 * then unsorted; a different column starts ascending.
 */
export function nextSort(current: Sort | null, clicked: SortField): Sort | null {
  if (!current || current.field !== clicked) return { field: clicked, direction: "asc" };
  if (current.direction === "asc") return { field: clicked, direction: "desc" };
  return null;
}
