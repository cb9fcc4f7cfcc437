import type { Folder } from "#shared/schemas/dossier.ts";

/**
 * Folders as people know them, by their names: the dossier's breadcrumbs and
 * document view, and the chat's document picker, read the flat
 * `folders.getAll` list the same way.
 */

/** The chain from the top level down to `folderId` itself; empty when it is unknown. */
export function folderAncestry(folders: readonly Folder[], folderId: string | null): Folder[] {
  return ancestryIn(new Map(folders.map((folder) => [folder._id, folder])), folderId);
}

/** "Contracts / 2024": the names from the top level down; "" when the folder is unknown. */
export function folderLabel(folders: readonly Folder[], folderId: string): string {
  return labelOf(folderAncestry(folders, folderId));
}

/** Every folder's label by id, for a list of them (the folders indexed once for all). */
export function folderLabels(folders: readonly Folder[]): Map<string, string> {
  const byId = new Map(folders.map((folder) => [folder._id, folder]));
  return new Map(folders.map((folder) => [folder._id, labelOf(ancestryIn(byId, folder._id))]));
}

const labelOf = (chain: readonly Folder[]) => chain.map((folder) => folder.name).join(" / ");

function ancestryIn(byId: ReadonlyMap<string, Folder>, folderId: string | null): Folder[] {
  const chain: Folder[] = [];
  let current = folderId ? byId.get(folderId) : undefined;
  while (current && chain.length <= byId.size) {
    chain.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return chain;
}
