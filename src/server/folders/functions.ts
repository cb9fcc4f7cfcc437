import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import {
  deleteBlobsAfterCommit,
  dossierOrganization,
  requireDossierOrganization,
  writableOrganization,
} from "../dossier/access.ts";
import { createFolder } from "./create-folder.ts";
import { requireFolder } from "./folder-access.ts";
import { getAllFolders, getFolderIdByPath, getSubfolders } from "./folder-queries.ts";
import { moveFolder } from "./move-folder.ts";
import { removeFolder } from "./remove-folder.ts";
import { renameFolder } from "./rename-folder.ts";
import { summarizeSubtree } from "./subtree.ts";

/**
 * folders.*: the organization's folder tree. Who may read and change it is
 * decided in dossier/access.ts; each handler validates, authorizes and calls
 * one verb-noun function of this folder.
 */
export const folderFunctions: ServerFunction[] = [
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
