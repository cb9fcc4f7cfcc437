import { sql } from "drizzle-orm";
import type { SharedResults } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { dependOnRows } from "../db/read-tracker.ts";
import { folders } from "../db/schema.ts";

/**
 * Narrower dependencies for live pages (decision 034, "Re-runs a change cannot alter"): the row
 * keys a change must carry to alter a folder's page, so the hub re-runs it only for those. Each
 * key is one the table's change trigger sends (documents: migration "live_document_folders").
 *
 * Narrowed, the shared parts (the folder's ancestors above all) are kept for minutes: the hub
 * must not take their age for a change (decision 034, "The narrowing, found and back").
 */

/** A key no change carries: a table read with no row to narrow it to still narrows to nothing. */
export const NO_ROW = "none";

/** The key a document's change carries for the folder it was or is in (null: the top level). */
export function documentsInFolderKey(folderId: string | null): string {
  return `folder:${folderId === null ? "top" : folderId.toLowerCase()}`;
}

/**
 * The folder and its ancestors (ids), a sub-result shared on the instance and narrowed to those
 * rows: a folder's access (dossier/access.ts) reads only the folder and the folders at or above
 * its path (their owners, their shares). A folder that becomes an ancestor takes a path that one
 * of them holds (paths are unique in an organization), so that one's change comes first; a move
 * or rename of an ancestor changes its row. Nothing else in the folders table can alter it.
 */
function folderAndAncestors(
  shared: SharedResults,
  db: Executor,
  organizationId: string,
  folderId: string,
): Promise<string[]> {
  const id = folderId.toLowerCase();
  return shared(`live.folderAndAncestors\u0000${id}`, async () => {
    const result = await db.execute(sql`select a.id::text as id
      from ${folders} f join ${folders} a on a.organization_id = f.organization_id
        and (a.id = f.id or left(f.path, length(a.path) + 1) = a.path || '/')
      where f.id = ${id}::uuid and f.organization_id = ${organizationId}`);
    const ids = rowsOf(result).map((row) => String((row as { id: unknown }).id));
    dependOnRows("folders", [id, ...ids]);
    return ids;
  });
}

/**
 * In a live run (a handler's scope), the reads of a folder's first-path page narrowed: its
 * documents are those a change of that folder carries, its folders are the folder and its
 * ancestors. Shares (`dossier_shares`) stay the organization's and stars the caller's
 * (dependOnDossierAccess).
 */
export async function dependOnFolderPage(
  shared: SharedResults,
  db: Executor,
  organizationId: string,
  folderId: string,
): Promise<void> {
  const ids = await folderAndAncestors(shared, db, organizationId, folderId);
  dependOnRows("folders", [folderId.toLowerCase(), ...ids]);
  dependOnRows("documents", [documentsInFolderKey(folderId)]);
}

/**
 * In the computation of a folder's shared page: its documents are the folder's, its owners'
 * names are those of the rows it shows.
 */
export function dependOnFolderRows(
  folderId: string,
  rows: ReadonlyArray<{ ownerId: string | null }>,
): void {
  dependOnRows("documents", [documentsInFolderKey(folderId)]);
  const owners = rows.flatMap((row) => (row.ownerId ? [row.ownerId.toLowerCase()] : []));
  dependOnRows("users", owners.length > 0 ? owners : [NO_ROW]);
}

/** The key a document's change carries when what a rank is computed from changes (migration 0027). */
export function documentAccessKey(documentId: string): string {
  return `access:${documentId.toLowerCase()}`;
}

/**
 * In the computation of a member's part of a folder's page (their rank and star on its rows and
 * their access to the folder, memberParts in list-documents.ts): the rows' access keys (their
 * owner, folder and organization: a rename, a tag or a processing step does not touch them), the
 * folder and its ancestors (their owners and paths), and the member's own stars (as
 * dependOnDossierAccess). Shares stay the organization's.
 */
export async function dependOnMemberPart(
  shared: SharedResults,
  db: Executor,
  member: { userId: string; organizationId: string },
  folderId: string,
  documentIds: readonly string[],
): Promise<void> {
  const ids = await folderAndAncestors(shared, db, member.organizationId, folderId);
  dependOnRows("folders", [folderId.toLowerCase(), ...ids]);
  dependOnRows("dossier_favorites", [`user:${member.userId}`]);
  dependOnRows("documents", documentIds.length > 0 ? documentIds.map(documentAccessKey) : [NO_ROW]);
}
