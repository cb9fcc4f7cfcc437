import { z } from "zod";
import { sortSchema } from "../rules/sort-cycle.ts";
import {
  documentFiltersSchema,
  documentNameSchema,
  documentSchema,
  documentSummarySchema,
  idSchema,
  paginated,
  paginationOptsSchema,
  searchHitSchema,
  tagSchema,
} from "../schemas/dossier.ts";
import { singleLineText } from "../schemas/text.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * A folder's documents (folderId null: the top level), in cursor pages; newest
 * first, or by `sort` (SPEC's sortable columns), narrowed by `filters` (the
 * search filters; `includeSubfolders` defaults to false here), all on the
 * server. The cursor starts null; `continueCursor` feeds the next call (a
 * cursor is only valid for the sort it came from).
 */
export const list = queryContract("documents.list", {
  args: z.object({
    paginationOpts: paginationOptsSchema,
    filter: z.object({ folderId: idSchema.nullable() }),
    filters: documentFiltersSchema.omit({ folderId: true }).optional(),
    sort: sortSchema.optional(),
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

/**
 * Hybrid search over the passages of the documents the caller may read
 * (decision 031): full-text (any word, phrases in quotes, prefix*, -exclusion,
 * misspellings through similar words) fused with vector similarity when an
 * embedding model is configured. Best first, or by `sort`; cursor pages.
 */
export const search = queryContract("documents.search", {
  args: z.object({
    query: singleLineText({ trim: true }).min(1, "Enter something to search for").max(500),
    filters: documentFiltersSchema.optional(),
    sort: sortSchema.optional(),
    paginationOpts: paginationOptsSchema,
  }),
  returns: paginated(searchHitSchema).extend({
    /** Whether vector similarity took part (an embedding model is configured). */
    hybrid: z.boolean(),
  }),
});

/** The tags used in the caller's organization on documents they may read, most used first. */
export const listTags = queryContract("documents.listTags", {
  args: z.object({}),
  returns: z.array(z.object({ name: z.string(), count: z.number() })),
});

/**
 * Set a document's tags and primary tag (SPEC's Type column); editors may.
 * The primary tag, when given, is kept among the tags.
 */
export const setTags = mutationContract("documents.setTags", {
  args: z.object({
    documentId: idSchema,
    tags: z.array(tagSchema).max(20),
    primaryTagName: tagSchema.nullable(),
  }),
  returns: documentSummarySchema,
});

/** Names of readable documents and tags that start with (or contain) what the user is typing. */
export const suggest = queryContract("documents.suggest", {
  args: z.object({ prefix: singleLineText({ trim: true }).min(1).max(100) }),
  returns: z.array(z.object({ kind: z.enum(["document", "tag"]), text: z.string() })),
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
