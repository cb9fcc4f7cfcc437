import { and, eq, isNull, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, requireFolderAccess } from "../dossier/access.ts";
import { isUuid } from "../ids.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { documentSummaryColumnsFor, documentSummaryView } from "./document-view.ts";

export interface ListDocumentsOptions {
  db: Executor;
  caller: DossierCaller;
  /** null: the top level of the caller's own dossier. */
  folderId: string | null;
  numItems: number;
  cursor: string | null;
}

export interface DocumentPage {
  page: DocumentSummary[];
  isDone: boolean;
  continueCursor: string;
}

/** UTC text with microseconds: the cursor's exact copy of created_at. */
const createdAtText = sql<string>`to_char(${documents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * One page of a folder's documents, newest first. Keyset pagination on
 * (created_at, id) walks documents_org_folder_created_idx from the cursor, so
 * a deep page costs what the first one does, in a folder of any size. The
 * ORDER BY spells out the index exactly: its leading columns (with
 * `folder_id IS NULL` PostgreSQL only uses the index's order when told so) and
 * its NULLS LAST (plain DESC means NULLS FIRST, which the index cannot give).
 */
export async function listDocuments(options: ListDocumentsOptions): Promise<DocumentPage> {
  const { db, caller, folderId, numItems } = options;
  const organizationId = caller.organizationId;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (folderId !== null && !isUuid(folderId)) throw notFound("Folder");
  if (!organizationId) {
    if (folderId !== null) throw notFound("Folder");
    return { page: [], isDone: true, continueCursor: options.cursor ?? "" };
  }
  // Everything inside a folder the caller may read is readable by them
  // (dossier/access.ts); the top level is the caller's own documents.
  if (folderId !== null) await requireFolderAccess(db, caller, folderId, "read");

  const rows = await db
    .select({ ...documentSummaryColumnsFor(caller), cursorAt: createdAtText })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        folderId === null
          ? and(isNull(documents.folderId), eq(documents.ownerId, caller.userId))
          : eq(documents.folderId, folderId),
        after
          ? sql`(${documents.createdAt}, ${documents.id}) < ((${after.createdAt}::timestamp at time zone 'UTC'), ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      documents.organizationId,
      documents.folderId,
      sql`${documents.createdAt} desc nulls last`,
      sql`${documents.id} desc nulls last`,
    )
    .limit(numItems + 1);

  const isDone = rows.length <= numItems;
  const shown = isDone ? rows : rows.slice(0, numItems);
  const last = shown.at(-1);
  return {
    page: shown.map(documentSummaryView),
    isDone,
    continueCursor: last
      ? encodeCursor({ createdAt: last.cursorAt, id: last.id })
      : (options.cursor ?? ""),
  };
}
