/** SPEC 4: how many dossier search filters are active (the badge on the filter button). */

type DateLike = string | number | Date | null | undefined;

export interface CountableFilters {
  fileTypes?: readonly string[] | null;
  dateRange?: { start?: DateLike; end?: DateLike } | null;
  processingStatus?: string | null;
  tags?: readonly string[] | null;
}

/**
 * One each for: file types chosen, a date range with a start or an end, a processing status,
 * tags chosen. Folder location and sort are not filters the badge counts.
 */
export function activeFilterCount(filters: CountableFilters): number {
  let count = 0;
  if ((filters.fileTypes?.length ?? 0) > 0) count++;
  if (isSet(filters.dateRange?.start) || isSet(filters.dateRange?.end)) count++;
  if (filters.processingStatus?.trim()) count++;
  if ((filters.tags?.length ?? 0) > 0) count++;
  return count;
}

function isSet(value: DateLike): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number") return Number.isFinite(value);
  return !Number.isNaN(value.getTime());
}
