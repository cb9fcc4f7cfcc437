import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { type DossierCaller, requireMoveTarget } from "../dossier/access.ts";
import { newId } from "../ids.ts";
import { lockFolderTree } from "./folder-access.ts";
import { getFolderView } from "./folder-queries.ts";
import { assertDepth, assertPathFree, childPath, depthOf, folderSlug } from "./slugs.ts";

export interface CreateFolderOptions {
  db: Executor;
  organizationId: string;
  caller: DossierCaller;
  name: string;
  /** null or absent: the top level. */
  parentId?: string | null;
}

/**
 * A new folder, owned by its creator: at the top level of their dossier, or
 * under a folder they may edit (their own, or one shared with them as editor,
 * whose owner then reaches it too). Its slug is unique among its siblings.
 */
export async function createFolder(options: CreateFolderOptions): Promise<Folder> {
  const { db, organizationId, name } = options;
  await lockFolderTree(db, organizationId);
  const parent =
    (options.parentId
      ? await requireMoveTarget(db, options.caller, options.parentId, options.caller.userId)
      : null) ?? undefined;
  const slug = folderSlug(name);
  const path = childPath(parent?.path ?? null, slug);
  assertDepth(depthOf(path));
  await assertPathFree(db, { organizationId, path });
  const now = new Date();
  const [row] = await db
    .insert(folders)
    .values({
      id: newId(),
      organizationId,
      parentId: parent?.id ?? null,
      name,
      slug,
      path,
      ownerId: options.caller.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return getFolderView(db, options.caller, row!.id);
}
