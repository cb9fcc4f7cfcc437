import { z } from "zod";
import { folderNameSchema, folderSchema, idSchema } from "../schemas/dossier.ts";
import { singleLineText } from "../schemas/text.ts";
import { mutationContract, queryContract } from "./define.ts";

/** Every folder of the caller's organization, ordered by path. */
export const getAll = queryContract("folders.getAll", {
  args: z.object({}),
  returns: z.array(folderSchema),
});

/** The direct children of a folder; parentId null for the top level. */
export const getSubfolders = queryContract("folders.getSubfolders", {
  args: z.object({ parentId: idSchema.nullable() }),
  returns: z.array(folderSchema),
});

/** The folder at a full slug path such as "contracts/2024", or null. */
export const getFolderIdByFullSlugPath = queryContract("folders.getFolderIdByFullSlugPath", {
  args: z.object({ path: singleLineText().max(2000) }),
  returns: z.object({ _id: z.string() }).nullable(),
});

export const create = mutationContract("folders.create", {
  args: z.object({ name: folderNameSchema, parentId: idSchema.nullable().optional() }),
  returns: folderSchema,
});

export const rename = mutationContract("folders.rename", {
  args: z.object({ folderId: idSchema, name: folderNameSchema }),
  returns: folderSchema,
});

/** Move under another folder (null: the top level). */
export const move = mutationContract("folders.move", {
  args: z.object({ folderId: idSchema, parentId: idSchema.nullable() }),
  returns: folderSchema,
});

/**
 * What removing a folder would remove, for the confirmation dialog: `folders`
 * counts the folder itself and every subfolder; `bytes` is the documents' total size.
 */
export const getRemovalSummary = queryContract("folders.getRemovalSummary", {
  args: z.object({ folderId: idSchema }),
  returns: z.object({ folders: z.number(), documents: z.number(), bytes: z.number() }),
});

/** Remove a folder with everything in it (subfolders, documents, blobs). */
export const remove = mutationContract("folders.remove", {
  args: z.object({ folderId: idSchema }),
  returns: z.object({ folders: z.number(), documents: z.number() }),
});

/** Star or unstar a folder the caller may read (per member; live in every tab). */
export const setFavorite = mutationContract("folders.setFavorite", {
  args: z.object({ folderId: idSchema, favorite: z.boolean() }),
  returns: z.null(),
});

/** The caller's favorite folders they can still read, most recently starred first. */
export const listFavorites = queryContract("folders.listFavorites", {
  args: z.object({}),
  returns: z.array(folderSchema),
});
