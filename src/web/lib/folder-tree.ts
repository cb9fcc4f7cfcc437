import type { Folder } from "#shared/schemas/dossier.ts";

/** The dossier's folders as a tree, built from the flat `folders.getAll` list. */
export interface FolderNode {
  folder: Folder;
  children: FolderNode[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export const byName = (a: Folder, b: Folder) =>
  collator.compare(a.name, b.name) || a._id.localeCompare(b._id);

/** Top-level nodes, each with its children, sorted by name at every level. */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const nodes = new Map(
    folders.map((folder) => [folder._id, { folder, children: [] as FolderNode[] }]),
  );
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.folder.parentId ? nodes.get(node.folder.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: FolderNode[]) => {
    list.sort((a, b) => byName(a.folder, b.folder));
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/** The direct children of a folder (null: the top level), by name. */
export function childFolders(folders: readonly Folder[], parentId: string | null): Folder[] {
  return folders.filter((folder) => folder.parentId === parentId).sort(byName);
}

/** `folderId` and every folder below it: where a folder cannot be moved to. */
export function subtreeIds(folders: readonly Folder[], folderId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const folder of folders) {
    if (!folder.parentId) continue;
    const list = children.get(folder.parentId) ?? [];
    list.push(folder._id);
    children.set(folder.parentId, list);
  }
  const ids = new Set<string>([folderId]);
  const queue = [folderId];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!ids.has(child)) {
        ids.add(child);
        queue.push(child);
      }
    }
  }
  return ids;
}

/**
 * My own dossier's folders: those under a top-level folder I own (with what
 * editors added inside them). Folders others shared with me live in the
 * shared area instead.
 */
export function ownFolders(folders: readonly Folder[]): Folder[] {
  const byId = new Map(folders.map((folder) => [folder._id, folder]));
  const mine = new Map<string, boolean>();
  const isMine = (folder: Folder): boolean => {
    const known = mine.get(folder._id);
    if (known !== undefined) return known;
    const parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    const result = parent ? isMine(parent) : folder.parentId === null && folder.myRole === "owner";
    mine.set(folder._id, result);
    return result;
  };
  return folders.filter(isMine);
}
