import { eq } from "drizzle-orm";
import { conflict } from "#shared/errors.ts";
import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { type DossierCaller, requireFolderAccess, requireMoveTarget } from "../dossier/access.ts";
import { lockFolderTree } from "./folder-access.ts";
import { getFolderView } from "./folder-queries.ts";
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
  caller: DossierCaller;
  folderId: string;
  /** null: the top level. */
  parentId: string | null;
}

export const MOVE_INTO_ITSELF = "A folder cannot be moved into itself or one of its subfolders.";

/**
 * Move a folder, with everything in it, under another folder: the caller
 * needs edit rights on both, and a folder shared with them only moves within
 * what its owner can reach (dossier/access.ts, requireMoveTarget).
 */
export async function moveFolder(options: MoveFolderOptions): Promise<Folder> {
  const { db, organizationId } = options;
  await lockFolderTree(db, organizationId);
  const { folder } = await requireFolderAccess(db, options.caller, options.folderId, "edit");
  const parent =
    (await requireMoveTarget(db, options.caller, options.parentId, folder.ownerId)) ?? undefined;
  if (parent && (parent.id === folder.id || parent.path.startsWith(`${folder.path}/`))) {
    throw conflict(MOVE_INTO_ITSELF);
  }
  if ((parent?.id ?? null) === folder.parentId) return getFolderView(db, options.caller, folder.id);

  const path = childPath(parent?.path ?? null, folder.slug);
  const height = await subtreeHeight(db, { organizationId, path: folder.path });
  assertDepth(depthOf(path) + height);
  await assertPathFree(db, { organizationId, path });
  await repathSubtree(db, { organizationId, oldPath: folder.path, newPath: path });
  await db
    .update(folders)
    .set({ parentId: parent?.id ?? null, updatedAt: new Date() })
    .where(eq(folders.id, folder.id));
  return getFolderView(db, options.caller, folder.id);
}
