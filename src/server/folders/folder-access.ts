import { sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import type { folders } from "../db/schema.ts";

export type FolderRow = typeof folders.$inferSelect;

/**
 * Serialize changes to one organization's folder tree until the transaction
 * ends: two concurrent moves could otherwise each pass the cycle check and
 * together make a loop. Who may read or change a folder is decided in
 * dossier/access.ts.
 */
export async function lockFolderTree(db: Executor, organizationId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`atrium:folders:${organizationId}`}, 0))`,
  );
}
