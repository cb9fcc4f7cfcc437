import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { documents, folders } from "../db/schema.ts";

/** A folder and every folder beneath it, by slug path. */
export function folderSubtree(organizationId: string, path: string): SQL {
  return and(
    eq(folders.organizationId, organizationId),
    sql`(${folders.path} = ${path} or starts_with(${folders.path}, ${`${path}/`}))`,
  )!;
}

/** Ids of a folder and every folder beneath it, as a subquery. */
export function subtreeFolderIds(db: Executor, organizationId: string, path: string) {
  return db.select({ id: folders.id }).from(folders).where(folderSubtree(organizationId, path));
}

export interface SubtreeSummary {
  /** The folder itself and every subfolder. */
  folders: number;
  documents: number;
  /** Total size of those documents' original files. */
  bytes: number;
}

/** What a folder holds, counted through every level. */
export async function summarizeSubtree(
  db: Executor,
  organizationId: string,
  path: string,
): Promise<SubtreeSummary> {
  const [folderCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(folders)
    .where(folderSubtree(organizationId, path));
  const [documentStats] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${documents.size}), 0)::text`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        inArray(documents.folderId, subtreeFolderIds(db, organizationId, path)),
      ),
    );
  return {
    folders: Number(folderCount?.count ?? 0),
    documents: Number(documentStats?.count ?? 0),
    bytes: Number(documentStats?.bytes ?? 0),
  };
}
