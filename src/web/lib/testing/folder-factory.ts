import type { Folder } from "#shared/schemas/dossier.ts";

/** A folder as the API shows it, for unit tests: its slug is the last part of its path. */
export function testFolder(
  id: string,
  name: string,
  parentId: string | null,
  path: string,
): Folder {
  return {
    _id: id,
    _creationTime: 1,
    name,
    slug: path.split("/").at(-1) ?? "",
    path,
    parentId,
    ownerId: null,
    updatedAt: 1,
    ownerName: null,
    myRole: "owner",
    isFavorite: false,
  };
}
