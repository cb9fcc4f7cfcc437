import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  adminPromptSchema,
  promptCategoryNameSchema,
  promptCategorySchema,
  promptFieldsSchema,
  promptSchema,
} from "../schemas/prompt.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * The caller's organization's prompts and the global ones, not archived,
 * by sort order then title (SPEC 7's name).
 */
export const listPrompts = queryContract("prompts.listPrompts", {
  args: z.object({}),
  returns: z.array(promptSchema),
});

/** The caller's organization's categories and the global ones, alphabetically. */
export const listCategories = queryContract("prompts.listCategories", {
  args: z.object({}),
  returns: z.array(promptCategorySchema),
});

/**
 * A new category of the caller's organization (organization admins and
 * superadmins); `global: true` (superadmins only) offers it to every
 * organization. A name already taken there (ignoring case) is CONFLICT.
 */
export const createCategory = mutationContract("prompts.createCategory", {
  args: z.object({ name: promptCategoryNameSchema, global: z.boolean().optional() }),
  returns: promptCategorySchema,
});

/**
 * A new prompt of the caller's organization (organization admins and
 * superadmins); `global: true` (superadmins only) offers it to every organization.
 * `categoryId` is one of listCategories (a global prompt's must be global).
 */
export const create = mutationContract("prompts.create", {
  args: promptFieldsSchema.extend({ global: z.boolean().optional() }),
  returns: promptSchema,
});

/**
 * Replace a prompt's fields; an absent description, category, model or
 * documents are cleared. `modelId` must be one of models.list; `documentIds`
 * documents the caller may read (an organization's prompt only).
 */
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
