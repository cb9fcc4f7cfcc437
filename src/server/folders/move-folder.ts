import { eq } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { lockFolderTree, requireFolder } from "./folder-access.ts";
import { folderView } from "./folder-view.ts";
import {
  assertDepth,
  assertPathFree,
  childPath,
  depthOf,
  repathSubtree,
  subtreeHeight,
} from "./slugs.ts";

export interface MoveFolderOptions {
  db: Executor;
  organizationId: string;
  folderId: string;
  /** null: the top level. */
  parentId: string | null;
}

export const MOVE_INTO_ITSELF = "A folder cannot be moved into itself or one of its subfolders.";

/** Move a folder, with everything in it, under another folder of the organization. */
export async function moveFolder(options: MoveFolderOptions): Promise<Folder> {
  const { db, organizationId } = options;
  await lockFolderTree(db, organizationId);
  const folder = await requireFolder(db, organizationId, options.folderId);
  const parent = options.parentId
    ? await requireFolder(db, organizationId, options.parentId)
    : undefined;
  if (parent && (parent.id === folder.id || parent.path.startsWith(`${folder.path}/`))) {
    throw conflict(MOVE_INTO_ITSELF);
  }
  if ((parent?.id ?? null) === folder.parentId) return folderView(folder);

  const path = childPath(parent?.path ?? null, folder.slug);
  const height = await subtreeHeight(db, { organizationId, path: folder.path });
  assertDepth(depthOf(path) + height);
  await assertPathFree(db, { organizationId, path });
  await repathSubtree(db, { organizationId, oldPath: folder.path, newPath: path });
  const [row] = await db
    .update(folders)
    .set({ parentId: parent?.id ?? null, updatedAt: new Date() })
    .where(eq(folders.id, folder.id))
    .returning();
  return folderView(row!);
}
