import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  DRAFT_SAVE_FORMATS,
  draftContentSchema,
  draftListFilterSchema,
  draftSchema,
  draftSummarySchema,
  draftTitleSchema,
  draftVersionSchema,
} from "../schemas/draft.ts";
import { mutationContract, queryContract } from "./define.ts";

/** drafts.*: what executions wrote, the caller's own (decisions 018, 020). */

/** The caller's drafts, newest first; discarded ones only when status asks for them. */
export const list = queryContract("drafts.list", {
  args: draftListFilterSchema,
  returns: z.array(draftSummarySchema),
});

/** One of the caller's drafts; null when it is not theirs (or does not exist). */
export const get = queryContract("drafts.get", {
  args: z.object({ draftId: idSchema }),
  returns: draftSchema.nullable(),
});

/** A draft's versions, newest first: the current one and those before it. */
export const listVersions = queryContract("drafts.listVersions", {
  args: z.object({ draftId: idSchema }),
  returns: z.array(draftVersionSchema),
});

/**
 * Save an edit. `baseVersion` is the version the editor started from: a draft
 * changed since (regenerated, edited elsewhere) is CONFLICT, and nothing is lost.
 */
export const update = mutationContract("drafts.update", {
  args: z.object({
    draftId: idSchema,
    baseVersion: z.number().int().min(1),
    title: draftTitleSchema.optional(),
    content: draftContentSchema.optional(),
  }),
  returns: draftSchema,
});

/** Write the draft into a dossier folder (null: the top level) as DOCX or PDF, processed like an upload. */
export const saveToDossier = mutationContract("drafts.saveToDossier", {
  args: z.object({
    draftId: idSchema,
    folderId: idSchema.nullable(),
    format: z.enum(DRAFT_SAVE_FORMATS),
  }),
  returns: z.object({ documentId: z.string() }),
});

/** Put a draft aside (status discarded); it stays listed under that status. */
export const discard = mutationContract("drafts.discard", {
  args: z.object({ draftId: idSchema }),
  returns: z.object({ draftId: z.string() }),
});

/** Run the draft's module again with the same inputs; the result becomes the draft's next version. */
export const regenerate = mutationContract("drafts.regenerate", {
  args: z.object({ draftId: idSchema }),
  returns: z.object({ executionId: z.string() }),
});
