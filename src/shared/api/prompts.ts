import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import { adminPromptSchema, promptFieldsSchema, promptSchema } from "../schemas/prompt.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * The caller's organization's prompts and the global ones, not archived,
 * by sort order then title (SPEC 7's name).
 */
export const listPrompts = queryContract("prompts.listPrompts", {
  args: z.object({}),
  returns: z.array(promptSchema),
});

/** The categories of the prompts listPrompts shows, each once, alphabetically. */
export const listCategories = queryContract("prompts.listCategories", {
  args: z.object({}),
  returns: z.array(z.string()),
});

/**
 * A new prompt of the caller's organization (organization admins and
 * superadmins); `global: true` (superadmins only) offers it to every organization.
 */
export const create = mutationContract("prompts.create", {
  args: promptFieldsSchema.extend({ global: z.boolean().optional() }),
  returns: promptSchema,
});

/** Replace a prompt's fields; an absent description or category is cleared. */
export const update = mutationContract("prompts.update", {
  args: promptFieldsSchema.extend({ promptId: idSchema }),
  returns: promptSchema,
});

/** Hide a prompt from the library (it stays in the database). */
export const archive = mutationContract("prompts.archive", {
  args: z.object({ promptId: idSchema }),
  returns: z.object({ promptId: z.string() }),
});

/** Put the given prompts first, in this order (each must be one the caller may edit). */
export const reorder = mutationContract("prompts.reorder", {
  args: z.object({ promptIds: z.array(idSchema).min(1).max(500) }),
  returns: z.object({ count: z.number() }),
});

/** /admin/prompts: every organization's prompts and the global ones (superadmins). */
export const listAdmin = queryContract("prompts.listAdmin", {
  args: z.object({ showArchived: z.boolean() }),
  returns: z.array(adminPromptSchema),
  access: "superadmin",
});

/** Archive or restore any prompt (superadmins, from /admin/prompts). */
export const setArchived = mutationContract("prompts.setArchived", {
  args: z.object({ promptId: idSchema, archived: z.boolean() }),
  returns: z.object({ promptId: z.string() }),
  access: "superadmin",
});
