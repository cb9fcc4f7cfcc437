import { SEARCH_HISTORY_LIMIT } from "../constants.ts";

/** SPEC 5 "Recent search history": newest first, no duplicate queries, at most 5. */

export interface SearchHistoryItem {
  query: string;
}

/**
 * The history with `entry` added in front. An earlier entry with the same query (ignoring
 * case and surrounding spaces) is dropped; a blank query is not recorded; at most `max` stay.
 */
export function addSearchHistoryEntry<T extends SearchHistoryItem>(
  history: readonly T[],
  entry: T,
  max: number = SEARCH_HISTORY_LIMIT,
): T[] {
  const limit = Math.max(0, Math.floor(max));
  const candidates = queryKey(entry.query) === "" ? history : [entry, ...history];
  const seen = new Set<string>();
  const result: T[] = [];
  for (const item of candidates) {
    if (result.length >= limit) break;
    const key = queryKey(item.query);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}

function queryKey(query: string): string {
  return query.trim().toLowerCase();
}
