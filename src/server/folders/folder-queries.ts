import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { notFound } from "#shared/errors.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import {
  type DossierCaller,
  folderAccessColumns,
  folderTreeRanksSql,
  readableFoldersCondition,
  requireFolderAccess,
} from "../dossier/access.ts";
import { folderView } from "./folder-view.ts";
import { normalizeSlugPath } from "./slugs.ts";

/** Folder rows with the caller's access columns, as views. */
function selectFolders(db: Executor, caller: DossierCaller) {
  return db.select({ row: folders, ...folderAccessColumns(caller) }).from(folders);
}

type SelectedFolder = { row: typeof folders.$inferSelect } & Parameters<typeof folderView>[1];
const toView = (selected: SelectedFolder) => folderView(selected.row, selected);

/**
 * Every folder the caller may read, by path (byte order, the same on every
 * database): their own, those beneath their own, and those shared with them.
 */
export async function getAllFolders(db: Executor, caller: DossierCaller): Promise<Folder[]> {
  if (!caller.organizationId) return [];
  const rows = await getAllFoldersQuery(db, caller);
  return rows.map(toView);
}

/**
 * getAllFolders' statement (bench/folder-tree.ts explains it): the organization's folders with
 * the caller's rank, computed in one pass down the tree (folderTreeRanksSql). Its rows are a
 * WITH query named like the table, so that the row, the access columns and the order read it
 * exactly as they read `folders` (inside its own definition, a WITH query's name is still the
 * table's).
 */
export function getAllFoldersQuery(db: Executor, caller: DossierCaller) {
  const organizationId = caller.organizationId;
  if (!organizationId) return selectFolders(db, caller).where(sql`false`);
  const ranked = db
    .$with("folders", { rank: sql<number>`rank` })
    .as(folderTreeRanksSql(caller, organizationId));
  const { rank: _perRow, ...columns } = folderAccessColumns(caller);
  return db
    .with(ranked)
    .select({ row: folders, rank: sql<number>`"folders".rank`.mapWith(Number), ...columns })
    .from(folders)
    .where(sql`"folders".rank >= 1`)
    .orderBy(sql`${folders.path} collate "C"`);
}

/**
 * A folder's direct children (parentId null: the top level of the caller's
 * own dossier, i.e. their own top-level folders), by name. Everything inside
 * a folder the caller may read is readable by them.
 */
export async function getSubfolders(
  db: Executor,
  caller: DossierCaller,
  parentId: string | null,
): Promise<Folder[]> {
  if (parentId !== null) await requireFolderAccess(db, caller, parentId, "read");
  if (!caller.organizationId) return [];
  const rows = await selectFolders(db, caller)
    .where(
      and(
        eq(folders.organizationId, caller.organizationId),
        parentId === null
          ? and(isNull(folders.parentId), eq(folders.ownerId, caller.userId))
          : eq(folders.parentId, parentId),
      ),
    )
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));
  return rows.map(toView);
}

/** One folder as the caller sees it (after a change). */
export async function getFolderView(
  db: Executor,
  caller: DossierCaller,
  folderId: string,
): Promise<Folder> {
  const [row] = await selectFolders(db, caller).where(
    and(eq(folders.id, folderId), readableFoldersCondition(caller)),
  );
  if (!row) throw notFound("Folder");
  return toView(row);
}

/** The folder at a slash path from a URL ("contracts/2024"), or null when the caller cannot read one there. */
export async function getFolderIdByPath(
  db: Executor,
  caller: DossierCaller,
  rawPath: string,
): Promise<{ _id: string } | null> {
  const path = normalizeSlugPath(rawPath);
  if (!caller.organizationId || !path) return null;
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.path, path), readableFoldersCondition(caller)));
  return rows[0] ? { _id: rows[0].id } : null;
}
