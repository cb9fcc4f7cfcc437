import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { documents, folders } from "../db/schema.ts";
import { lockFolderTree, requireFolder } from "./folder-access.ts";
import { folderSubtree, subtreeFolderIds } from "./subtree.ts";

export interface RemoveFolderOptions {
  db: Executor;
  organizationId: string;
  folderId: string;
}

export interface RemovedFolder {
  /** The folder itself and every subfolder. */
  folders: number;
  documents: number;
  /** Blob keys (originals and previews) to delete once the removal has committed. */
  blobKeys: string[];
}

/**
 * Remove a folder with everything beneath it: subfolders, documents and
 * (through ON DELETE CASCADE) their chunks and thread attachments. The blobs
 * are the caller's to delete after commit: deleting them earlier would lose
 * files if the transaction rolled back.
 */
export async function removeFolder(options: RemoveFolderOptions): Promise<RemovedFolder> {
  const { db, organizationId } = options;
  await lockFolderTree(db, organizationId);
  const folder = await requireFolder(db, organizationId, options.folderId);
  const removedDocuments = await db
    .delete(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        inArray(documents.folderId, subtreeFolderIds(db, organizationId, folder.path)),
      ),
    )
    .returning({ storageId: documents.storageId, previewStorageId: documents.previewStorageId });
  const removedFolders = await db
    .delete(folders)
    .where(folderSubtree(organizationId, folder.path))
    .returning({ id: folders.id });
  return {
    folders: removedFolders.length,
    documents: removedDocuments.length,
    blobKeys: removedDocuments.flatMap((d) =>
      d.previewStorageId ? [d.storageId, d.previewStorageId] : [d.storageId],
    ),
  };
}
