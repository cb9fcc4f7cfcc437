import { AppError } from "#shared/errors.ts";
import { isUuid } from "../ids.ts";

/**
 * Opaque cursors for newest-first document pages: the (created_at, id) of the
 * last row shown. created_at travels as UTC text with microseconds, exactly
 * as stored, so no row is skipped or repeated between pages.
 */
export interface DocumentCursor {
  /** UTC, "YYYY-MM-DDTHH:MM:SS.ffffff". */
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeCursor(cursor: DocumentCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeCursor(value: string): DocumentCursor {
  const text = Buffer.from(value, "base64url").toString("utf8");
  const [createdAt, id, ...rest] = text.split("|");
  if (!createdAt || !id || rest.length > 0 || !TIMESTAMP.test(createdAt) || !isUuid(id)) {
    throw new AppError(
      "INVALID_ARGS",
      "This page of the list is no longer valid. Reload the list and try again.",
      { issues: [{ path: "paginationOpts.cursor", message: "Invalid cursor" }] },
    );
  }
  return { createdAt, id };
}
