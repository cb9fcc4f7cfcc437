import { and, eq, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { isUuid } from "../ids.ts";

export type FolderRow = typeof folders.$inferSelect;

/** A folder of the organization; an id from another one, or not an id at all, is undefined. */
export async function findFolder(
  db: Executor,
  organizationId: string | null,
  folderId: string,
): Promise<FolderRow | undefined> {
  if (!organizationId || !isUuid(folderId)) return undefined;
  const rows = await db
    .select()
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.organizationId, organizationId)));
  return rows[0];
}

export async function requireFolder(
  db: Executor,
  organizationId: string | null,
  folderId: string,
): Promise<FolderRow> {
  const folder = await findFolder(db, organizationId, folderId);
  if (!folder) throw notFound("Folder");
  return folder;
}

/**
 * Serialize changes to one organization's folder tree until the transaction
 * ends: two concurrent moves could otherwise each pass the cycle check and
 * together make a loop.
 */
export async function lockFolderTree(db: Executor, organizationId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`atrium:folders:${organizationId}`}, 0))`,
  );
}
