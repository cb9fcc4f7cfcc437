import type { Folder } from "#shared/schemas/dossier.ts";
import type { Executor } from "../db/database.ts";
import { folders } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { lockFolderTree, requireFolder } from "./folder-access.ts";
import { folderView } from "./folder-view.ts";
import { assertDepth, assertPathFree, childPath, depthOf, folderSlug } from "./slugs.ts";

export interface CreateFolderOptions {
  db: Executor;
  organizationId: string;
  ownerId: string;
  name: string;
  /** null or absent: the top level. */
  parentId?: string | null;
}

/** A new folder under a parent of the same organization, with a slug unique among its siblings. */
export async function createFolder(options: CreateFolderOptions): Promise<Folder> {
  const { db, organizationId, name } = options;
  await lockFolderTree(db, organizationId);
  const parent = options.parentId
    ? await requireFolder(db, organizationId, options.parentId)
    : undefined;
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
      ownerId: options.ownerId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return folderView(row!);
}
