import { z } from "zod";
import {
  documentNameSchema,
  documentSchema,
  documentSummarySchema,
  idSchema,
  paginated,
  paginationOptsSchema,
} from "../schemas/dossier.ts";
import { singleLineText } from "../schemas/text.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * A folder's documents (folderId null: the top level), newest first, in
 * cursor pages. The cursor starts null; `continueCursor` feeds the next call.
 */
export const list = queryContract("documents.list", {
  args: z.object({
    paginationOpts: paginationOptsSchema,
    filter: z.object({ folderId: idSchema.nullable() }),
  }),
  returns: paginated(documentSummarySchema),
});

export const get = queryContract("documents.get", {
  args: z.object({ documentId: idSchema }),
  returns: documentSchema,
});

/** Several documents by id (for upload progress and thread attachments); unknown ids are left out. */
export const getMany = queryContract("documents.getMany", {
  args: z.object({ documentIds: z.array(idSchema).max(100) }),
  returns: z.array(documentSummarySchema),
});

export const rename = mutationContract("documents.rename", {
  args: z.object({ documentId: idSchema, name: documentNameSchema }),
  returns: documentSummarySchema,
});

export const move = mutationContract("documents.move", {
  args: z.object({ documentId: idSchema, folderId: idSchema.nullable() }),
  returns: documentSummarySchema,
});

export const remove = mutationContract("documents.remove", {
  args: z.object({ documentId: idSchema }),
  returns: z.null(),
});

/** Process a failed document again. */
export const retry = mutationContract("documents.retry", {
  args: z.object({ documentId: idSchema }),
  returns: documentSummarySchema,
});

/** Full-text search over processed documents the caller may read. */
export const search = queryContract("documents.search", {
  args: z.object({
    query: singleLineText({ trim: true }).min(1, "Enter something to search for").max(500),
    /** Only this folder and its subfolders; null or absent: the whole dossier. */
    folderId: idSchema.nullable().optional(),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  returns: z.array(
    z.object({
      document: documentSummarySchema,
      /** The best-matching passage, plain text. */
      snippet: z.string(),
      chunkId: z.string(),
      rank: z.number(),
    }),
  ),
});

/** Star or unstar a document the caller may read (per member; live in every tab). */
export const setFavorite = mutationContract("documents.setFavorite", {
  args: z.object({ documentId: idSchema, favorite: z.boolean() }),
  returns: z.null(),
});

/**
 * The caller's favorite documents they can still read, most recently starred
 * first, in cursor pages (SPEC: 20 a page); `fields` adds the large ones.
 */
export const listFavorites = queryContract("documents.listFavorites", {
  args: z.object({
    paginationOpts: paginationOptsSchema,
    fields: z
      .array(z.enum(["htmlContent", "summary"]))
      .max(2)
      .optional(),
  }),
  returns: paginated(
    documentSummarySchema.extend({ htmlContent: z.string().nullable().optional() }),
  ),
});
