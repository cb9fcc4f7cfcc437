import { api } from "#shared/api/index.ts";
import type { FunctionCtx } from "../api/context.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import {
  dossierOrganization,
  requireDossierOrganization,
  requireFolder,
  writableOrganization,
} from "./access.ts";
import { createFolder } from "./create-folder.ts";
import { getDocument, getManyDocuments } from "./document-queries.ts";
import { getAllFolders, getFolderIdByPath, getSubfolders } from "./folder-queries.ts";
import { listDocuments } from "./list-documents.ts";
import { moveFolder } from "./move-folder.ts";
import { removeDocument } from "./remove-document.ts";
import { removeFolder } from "./remove-folder.ts";
import { renameFolder } from "./rename-folder.ts";
import { retryDocument } from "./retry-document.ts";
import { searchDocuments } from "./search-documents.ts";
import { summarizeSubtree } from "./subtree.ts";
import { moveDocument, renameDocument } from "./update-document.ts";

/**
 * Folders and documents. Every member and admin of an organization may read
 * and change its whole dossier (finer rights come with sharing); a caller
 * without an organization sees an empty one and can change nothing.
 */

/** Delete blobs only once the rows that named them are gone for good. */
function deleteBlobsAfterCommit(ctx: FunctionCtx, keys: string[]): void {
  if (keys.length === 0) return;
  ctx.afterCommit(() => ctx.services.storage.delete(keys));
}

const folderFunctions = [
  implement(api.folders.getAll, async (ctx) => getAllFolders(ctx.db, dossierOrganization(ctx))),

  implement(api.folders.getSubfolders, async (ctx, args) =>
    getSubfolders(ctx.db, dossierOrganization(ctx), args.parentId),
  ),

  implement(api.folders.getFolderIdByFullSlugPath, async (ctx, args) =>
    getFolderIdByPath(ctx.db, dossierOrganization(ctx), args.path),
  ),

  implement(api.folders.getRemovalSummary, async (ctx, args) => {
    const organizationId = dossierOrganization(ctx);
    const folder = await requireFolder(ctx.db, organizationId, args.folderId);
    return summarizeSubtree(ctx.db, folder.organizationId, folder.path);
  }),

  implement(api.folders.create, async (ctx, args) =>
    createFolder({
      db: ctx.db,
      organizationId: args.parentId
        ? writableOrganization(ctx, "Folder")
        : requireDossierOrganization(ctx),
      ownerId: ctx.user.userId,
      name: args.name,
      parentId: args.parentId,
    }),
  ),

  implement(api.folders.rename, async (ctx, args) =>
    renameFolder({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Folder"),
      folderId: args.folderId,
      name: args.name,
    }),
  ),

  implement(api.folders.move, async (ctx, args) =>
    moveFolder({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Folder"),
      folderId: args.folderId,
      parentId: args.parentId,
    }),
  ),

  implement(api.folders.remove, async (ctx, args) => {
    const removed = await removeFolder({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Folder"),
      folderId: args.folderId,
    });
    deleteBlobsAfterCommit(ctx, removed.blobKeys);
    return { folders: removed.folders, documents: removed.documents };
  }),
];

const documentFunctions = [
  implement(api.documents.list, async (ctx, args) =>
    listDocuments({
      db: ctx.db,
      organizationId: dossierOrganization(ctx),
      folderId: args.filter.folderId,
      numItems: args.paginationOpts.numItems,
      cursor: args.paginationOpts.cursor,
    }),
  ),

  implement(api.documents.get, async (ctx, args) => {
    // Re-run on changes to this document only (and to folders, for its path).
    ctx.dependsOnRow("documents", args.documentId.toLowerCase());
    return getDocument(ctx.db, dossierOrganization(ctx), args.documentId);
  }),

  implement(api.documents.getMany, async (ctx, args) =>
    getManyDocuments(ctx.db, dossierOrganization(ctx), args.documentIds),
  ),

  implement(api.documents.search, async (ctx, args) =>
    searchDocuments({
      db: ctx.db,
      organizationId: dossierOrganization(ctx),
      query: args.query,
      folderId: args.folderId,
      limit: args.limit,
    }),
  ),

  implement(api.documents.rename, async (ctx, args) =>
    renameDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
      name: args.name,
    }),
  ),

  implement(api.documents.move, async (ctx, args) =>
    moveDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
      folderId: args.folderId,
    }),
  ),

  implement(api.documents.remove, async (ctx, args) => {
    const keys = await removeDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
    });
    deleteBlobsAfterCommit(ctx, keys);
    return null;
  }),

  implement(api.documents.retry, async (ctx, args) =>
    retryDocument({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Document"),
      documentId: args.documentId,
    }),
  ),
];

export const dossierFunctions: ServerFunction[] = [...folderFunctions, ...documentFunctions];
