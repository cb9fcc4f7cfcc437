import { eq } from "drizzle-orm";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { lockFolderTree, requireFolder } from "./folder-access.ts";
import { folderView } from "./folder-view.ts";
import { assertPathFree, childPath, folderSlug, repathSubtree } from "./slugs.ts";

export interface RenameFolderOptions {
  db: Executor;
  organizationId: string;
  folderId: string;
  name: string;
}

/**
 * Rename a folder. Its slug follows the name, so its path and the path of
 * every folder beneath it change with it (old links to it stop working).
 */
export async function renameFolder(options: RenameFolderOptions): Promise<Folder> {
  const { db, organizationId, name } = options;
  await lockFolderTree(db, organizationId);
  const folder = await requireFolder(db, organizationId, options.folderId);
  const slug = folderSlug(name);
  const parentPath = folder.parentId ? folder.path.slice(0, -folder.slug.length - 1) : null;
  const path = childPath(parentPath, slug);
  await assertPathFree(db, { organizationId, path, exceptId: folder.id });
  await repathSubtree(db, { organizationId, oldPath: folder.path, newPath: path });
  const [row] = await db
    .update(folders)
    .set({ name, slug, updatedAt: new Date() })
    .where(eq(folders.id, folder.id))
    .returning();
  return folderView(row!);
}
