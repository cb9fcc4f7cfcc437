import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { SharedWithMe } from "#shared/schemas/share.ts";
import type { Executor } from "../db/database.ts";
import { documents, dossierShares, folders } from "../db/schema.ts";
import { documentSummaryColumnsFor, documentSummaryView } from "../documents/document-view.ts";
import {
  type DossierCaller,
  folderAccessColumns,
  folderReadableSql,
  readableDocumentsCondition,
  requireFolderAccess,
} from "../dossier/access.ts";
import { folderView } from "../folders/folder-view.ts";

/** A share row on `entityType` rows of `table` that applies to the caller. */
function sharedToCaller(caller: DossierCaller, entityType: "folder" | "document", id: unknown) {
  return sql`exists (select 1 from ${dossierShares} sw
    where sw.entity_type = ${entityType} and sw.entity_id = ${id}
      and (sw.grantee_user_id = ${caller.userId} or sw.grantee_user_id is null))`;
}

const MAX_ITEMS = 500;

/**
 * What others shared with the caller. Top level: the folders and documents
 * that carry a grant to the caller or to the organization, are not the
 * caller's, and do not sit inside a folder the caller can already open (so a
 * shared tree shows once, at its top). With parentId: that folder's children.
 */
export async function listSharedWithMe(
  db: Executor,
  caller: DossierCaller,
  parentId: string | null,
): Promise<SharedWithMe> {
  if (!caller.organizationId) return { folders: [], documents: [] };
  if (parentId !== null) await requireFolderAccess(db, caller, parentId, "read");
  const folderWhere =
    parentId !== null
      ? eq(folders.parentId, parentId)
      : and(
          or(ne(folders.ownerId, caller.userId), sql`${folders.ownerId} is null`),
          sharedToCaller(caller, "folder", folders.id),
          sql`not ${folderReadableSql(caller, sql`${folders.parentId}`)}`,
        );
  const documentWhere =
    parentId !== null
      ? eq(documents.folderId, parentId)
      : and(
          or(ne(documents.ownerId, caller.userId), sql`${documents.ownerId} is null`),
          sharedToCaller(caller, "document", documents.id),
          sql`not ${folderReadableSql(caller, sql`${documents.folderId}`)}`,
        );
  const folderRows = await db
    .select({ row: folders, ...folderAccessColumns(caller) })
    .from(folders)
    .where(and(eq(folders.organizationId, caller.organizationId), folderWhere))
    .orderBy(sql`lower(${folders.name})`, asc(folders.id))
    .limit(MAX_ITEMS);
  const documentRows = await db
    .select(documentSummaryColumnsFor(caller))
    .from(documents)
    .where(and(readableDocumentsCondition(caller), documentWhere))
    .orderBy(sql`${documents.createdAt} desc`, asc(documents.id))
    .limit(MAX_ITEMS);
  return {
    folders: folderRows.filter((r) => r.rank >= 1).map((r) => folderView(r.row, r)),
    documents: documentRows.map(documentSummaryView),
  };
}
