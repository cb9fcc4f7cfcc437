import type { Folder } from "#shared/schemas/dossier.ts";
import type { FolderRow } from "./folder-access.ts";

/** A folder row as the API shows it (SPEC's `_id` and `_creationTime` names). */
export function folderView(row: FolderRow): Folder {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    name: row.name,
    slug: row.slug,
    path: row.path,
    parentId: row.parentId,
    ownerId: row.ownerId,
    updatedAt: row.updatedAt.getTime(),
  };
}
