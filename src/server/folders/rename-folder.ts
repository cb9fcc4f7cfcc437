import { eq } from "drizzle-orm";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { type DossierCaller, requireFolderAccess } from "../dossier/access.ts";
import { lockFolderTree } from "./folder-access.ts";
import { getFolderView } from "./folder-queries.ts";
import { assertPathFree, childPath, folderSlug, repathSubtree } from "./slugs.ts";

export interface RenameFolderOptions {
  db: Executor;
  organizationId: string;
  caller: DossierCaller;
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
  const { folder } = await requireFolderAccess(db, options.caller, options.folderId, "edit");
  const slug = folderSlug(name);
  const parentPath = folder.parentId ? folder.path.slice(0, -folder.slug.length - 1) : null;
  const path = childPath(parentPath, slug);
  await assertPathFree(db, { organizationId, path, exceptId: folder.id });
  await repathSubtree(db, { organizationId, oldPath: folder.path, newPath: path });
  await db
    .update(folders)
    .set({ name, slug, updatedAt: new Date() })
    .where(eq(folders.id, folder.id));
  return getFolderView(db, options.caller, folder.id);
}
