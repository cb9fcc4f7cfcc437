import type { Folder } from "#shared/schemas/dossier.ts";
import { roleOfRank } from "../dossier/access.ts";
import type { FolderRow } from "./folder-access.ts";

/**
 * A folder row as the API shows it (SPEC's `_id` and `_creationTime` names),
 * with the caller's rank, the owner's name and the caller's star when the
 * query selected them (folderAccessColumns); without them the caller is the
 * owner (a folder they just created) and has not starred it.
 */
export function folderView(
  row: FolderRow,
  access: { rank?: number; ownerName?: string | null; isFavorite?: boolean } = {},
): Folder {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    name: row.name,
    slug: row.slug,
    path: row.path,
    parentId: row.parentId,
    ownerId: row.ownerId,
    updatedAt: row.updatedAt.getTime(),
    ownerName: access.ownerName ?? null,
    myRole: roleOfRank(access.rank ?? 4) ?? "viewer",
    isFavorite: access.isFavorite ?? false,
  };
}
