import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import {
  deleteBlobsAfterCommit,
  dependOnDossierAccess,
  requireDossierOrganization,
  requireFolderAccess,
  writableOrganization,
} from "../dossier/access.ts";
import { listFavoriteFolders, setFavorite } from "../dossier/favorites.ts";
import { createFolder } from "./create-folder.ts";
import { getAllFolders, getFolderIdByPath, getSubfolders } from "./folder-queries.ts";
import { moveFolder } from "./move-folder.ts";
import { removeFolder } from "./remove-folder.ts";
import { renameFolder } from "./rename-folder.ts";
import { summarizeSubtree } from "./subtree.ts";

/**
 * folders.*: the caller's folders and those shared with them. Who may read
 * and change which folder is decided in dossier/access.ts; each handler
 * validates, authorizes and calls one verb-noun function of this folder.
 */
export const folderFunctions: ServerFunction[] = [
  implement(api.folders.getAll, async (ctx) => {
    dependOnDossierAccess(ctx);
    return getAllFolders(ctx.db, ctx.user);
  }),

  implement(api.folders.getSubfolders, async (ctx, args) => {
    dependOnDossierAccess(ctx);
    return getSubfolders(ctx.db, ctx.user, args.parentId);
  }),

  implement(api.folders.getFolderIdByFullSlugPath, async (ctx, args) =>
    getFolderIdByPath(ctx.db, ctx.user, args.path),
  ),

  implement(api.folders.getRemovalSummary, async (ctx, args) => {
    const { folder } = await requireFolderAccess(ctx.db, ctx.user, args.folderId, "read");
    return summarizeSubtree(ctx.db, folder.organizationId, folder.path);
  }),

  implement(api.folders.create, async (ctx, args) =>
    createFolder({
      db: ctx.db,
      organizationId: requireDossierOrganization(ctx),
      caller: ctx.user,
      name: args.name,
      parentId: args.parentId,
    }),
  ),

  implement(api.folders.rename, async (ctx, args) =>
    renameFolder({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Folder"),
      caller: ctx.user,
      folderId: args.folderId,
      name: args.name,
    }),
  ),

  implement(api.folders.move, async (ctx, args) =>
    moveFolder({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Folder"),
      caller: ctx.user,
      folderId: args.folderId,
      parentId: args.parentId,
    }),
  ),

  implement(api.folders.remove, async (ctx, args) => {
    const removed = await removeFolder({
      db: ctx.db,
      organizationId: writableOrganization(ctx, "Folder"),
      caller: ctx.user,
      folderId: args.folderId,
    });
    deleteBlobsAfterCommit(ctx, removed.blobKeys);
    return { folders: removed.folders, documents: removed.documents };
  }),

  implement(api.folders.setFavorite, async (ctx, args) => {
    await setFavorite(ctx.db, ctx.user, "folder", args.folderId, args.favorite);
    return null;
  }),

  implement(api.folders.listFavorites, async (ctx) => {
    dependOnDossierAccess(ctx);
    return listFavoriteFolders(ctx.db, ctx.user);
  }),
];
