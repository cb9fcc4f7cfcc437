import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DocumentFilters } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { documents } from "../db/schema.ts";
import { type DossierCaller, requireFolderAccess } from "../dossier/access.ts";
import { subtreeFolderIds } from "../folders/subtree.ts";

/**
 * SPEC 3's search filters as a condition on rows of `documents` (decision
 * 031), for documents.list and documents.search alike. Access is not part of
 * it: callers add the access condition (dossier/access.ts) or a folder check.
 */
export function documentFiltersSql(filters: DocumentFilters | undefined): SQL | undefined {
  if (!filters) return undefined;
  const conditions: (SQL | undefined)[] = [];
  if (filters.fileTypes && filters.fileTypes.length > 0) {
    conditions.push(inArray(documents.fileType, filters.fileTypes));
  }
  if (filters.processingStatus) {
    conditions.push(eq(documents.processingStatus, filters.processingStatus));
  }
  const range = filters.dateRange;
  if (range?.start !== undefined) {
    conditions.push(
      sql`${documents.createdAt} >= ${new Date(range.start).toISOString()}::timestamptz`,
    );
  }
  if (range?.end !== undefined) {
    conditions.push(
      sql`${documents.createdAt} < ${new Date(range.end).toISOString()}::timestamptz`,
    );
  }
  if (filters.tags && filters.tags.length > 0) {
    // A document's primary tag is always among its tags (setTags keeps it so).
    conditions.push(sql`${documents.tags} @> ${JSON.stringify([...new Set(filters.tags)])}::jsonb`);
  }
  return conditions.some(Boolean) ? and(...conditions) : undefined;
}

/**
 * The folder condition of `filters` after checking the caller may read the
 * folder (NOT_FOUND otherwise): the folder alone, or with its subfolders.
 * Undefined when no folder is asked for.
 */
export async function folderScopeSql(
  db: Executor,
  caller: DossierCaller,
  folderId: string | null | undefined,
  includeSubfolders: boolean,
): Promise<SQL | undefined> {
  if (!folderId) return undefined;
  const { folder } = await requireFolderAccess(db, caller, folderId, "read");
  if (!includeSubfolders) return eq(documents.folderId, folder.id);
  const organizationId = caller.organizationId ?? folder.organizationId;
  return inArray(documents.folderId, subtreeFolderIds(db, organizationId, folder.path));
}
