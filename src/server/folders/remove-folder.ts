import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { documents, folders } from "../db/schema.ts";
import { type DossierCaller, requireFolderAccess } from "../dossier/access.ts";
import { forgetEntities } from "../dossier/forget-entities.ts";
import { lockFolderTree } from "./folder-access.ts";
import { folderSubtree, subtreeFolderIds } from "./subtree.ts";

export interface RemoveFolderOptions {
  db: Executor;
  organizationId: string;
  caller: DossierCaller;
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
  // Its owner, or the owner of a folder above it, deletes it (with whatever
  // editors put inside); an editor does not delete what was shared with them.
  const { folder } = await requireFolderAccess(db, options.caller, options.folderId, "delete");
  await forgetEntities(
    db,
    "document",
    db
      .select({ id: documents.id })
      .from(documents)
      .where(inArray(documents.folderId, subtreeFolderIds(db, organizationId, folder.path))),
  );
  await forgetEntities(db, "folder", subtreeFolderIds(db, organizationId, folder.path));
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
