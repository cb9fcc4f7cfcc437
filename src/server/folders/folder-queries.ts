import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { requireFolder } from "./folder-access.ts";
import { folderView } from "./folder-view.ts";
import { normalizeSlugPath } from "./slugs.ts";

/** Every folder of the organization, by path (byte order, the same on every database). */
export async function getAllFolders(
  db: Executor,
  organizationId: string | null,
): Promise<Folder[]> {
  if (!organizationId) return [];
  const rows = await db
    .select()
    .from(folders)
    .where(eq(folders.organizationId, organizationId))
    .orderBy(sql`${folders.path} collate "C"`);
  return rows.map(folderView);
}

/** A folder's direct children (parentId null: the top level), by name. */
export async function getSubfolders(
  db: Executor,
  organizationId: string | null,
  parentId: string | null,
): Promise<Folder[]> {
  if (parentId !== null) await requireFolder(db, organizationId, parentId);
  if (!organizationId) return [];
  const rows = await db
    .select()
    .from(folders)
    .where(
      and(
        eq(folders.organizationId, organizationId),
        parentId === null ? isNull(folders.parentId) : eq(folders.parentId, parentId),
      ),
    )
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));
  return rows.map(folderView);
}

/** The folder at a slash path from a URL ("contracts/2024"), or null when there is none. */
export async function getFolderIdByPath(
  db: Executor,
  organizationId: string | null,
  rawPath: string,
): Promise<{ _id: string } | null> {
  const path = normalizeSlugPath(rawPath);
  if (!organizationId || !path) return null;
  const rows = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.organizationId, organizationId), eq(folders.path, path)));
  return rows[0] ? { _id: rows[0].id } : null;
}
