import { AppError } from "#shared/errors.ts";
import { MAX_SEARCH_DEPTH } from "./hybrid-search.ts";

/**
 * documents.search cursors: how many hits came before (relevance is computed
 * per query, so a position is the honest cursor; results end at
 * MAX_SEARCH_DEPTH). Opaque to the client.
 */
export function encodeSearchCursor(offset: number): string {
  return Buffer.from(`search:${offset}`, "utf8").toString("base64url");
}

export function decodeSearchCursor(value: string | null): number {
  if (!value) return 0;
  const match = /^search:(\d{1,6})$/.exec(Buffer.from(value, "base64url").toString("utf8"));
  const offset = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(offset) || offset > MAX_SEARCH_DEPTH) {
    throw new AppError(
      "INVALID_ARGS",
      "This page of the results is no longer valid. Search again.",
      { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
    );
  }
  return offset;
}
