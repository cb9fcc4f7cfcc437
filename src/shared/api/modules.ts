import { z } from "zod";
import { idSchema } from "../schemas/dossier.ts";
import {
  adminModuleSchema,
  executionInputsSchema,
  executionSchema,
  moduleCategoryNameSchema,
  moduleCategorySchema,
  moduleFormObjectSchema,
  moduleFormRules,
  moduleGroupSchema,
  moduleSchema,
  moduleSlugSchema,
} from "../schemas/module.ts";
import { singleLineText } from "../schemas/text.ts";
import { mutationContract, queryContract } from "./define.ts";

/**
 * modules.*: the module catalogue (members), its administration
 * (superadmins) and executions (decision 018).
 */

/** /modules: the caller's organization's active modules, grouped by category (SPEC 7). */
export const getModulesWithCategories = queryContract("modules.getModulesWithCategories", {
  args: z.object({}),
  returns: z.array(moduleGroupSchema),
});

/** /modules/{slug}: an active module the caller's organization may run; null otherwise. */
export const getBySlug = queryContract("modules.getBySlug", {
  args: z.object({
    // From the address bar: an unknown or malformed slug answers null.
    slug: singleLineText({ trim: true }).min(1, "A slug is required").max(100, "Invalid slug"),
  }),
  returns: moduleSchema.nullable(),
});

/** Every module category, by sort order then name. */
export const listCategories = queryContract("modules.listCategories", {
  args: z.object({}),
  returns: z.array(moduleCategorySchema),
});

/** A new module category (superadmins); a name already taken (ignoring case) is CONFLICT. */
export const createCategory = mutationContract("modules.createCategory", {
  args: z.object({ name: moduleCategoryNameSchema }),
  returns: moduleCategorySchema,
  access: "superadmin",
});

/** The organizations a module can be limited to, by name (the admin module form). */
export const listOrganizationOptions = queryContract("modules.listOrganizationOptions", {
  args: z.object({}),
  returns: z.array(z.object({ _id: z.string(), name: z.string() })),
  access: "superadmin",
});

/** /admin/modules (SPEC 7: listAdmin with showArchived). */
export const listAdmin = queryContract("modules.listAdmin", {
  args: z.object({ showArchived: z.boolean() }),
  returns: z.array(adminModuleSchema),
  access: "superadmin",
});

/** /admin/modules/{moduleId} and its edit form; null when there is no such module. */
export const getAdmin = queryContract("modules.getAdmin", {
  args: z.object({ moduleId: idSchema }),
  returns: adminModuleSchema.nullable(),
  access: "superadmin",
});

/** Whether a slug is free (the form checks it live); `moduleId` is the module being edited. */
export const checkSlug = queryContract("modules.checkSlug", {
  args: z.object({ slug: moduleSlugSchema, moduleId: idSchema.optional() }),
  returns: z.object({ available: z.boolean() }),
  access: "superadmin",
});

/**
 * A new module. A webhook module gets a signing secret, answered here once
 * (null for a built-in module). A slug already taken is CONFLICT.
 */
export const create = mutationContract("modules.create", {
  args: moduleFormObjectSchema.superRefine(moduleFormRules),
  returns: z.object({ module: adminModuleSchema, webhookSecret: z.string().nullable() }),
  access: "superadmin",
});

/** Replace a module's fields. Turning a module into a webhook one creates its secret. */
export const update = mutationContract("modules.update", {
  args: moduleFormObjectSchema.extend({ moduleId: idSchema }).superRefine(moduleFormRules),
  returns: z.object({ module: adminModuleSchema, webhookSecret: z.string().nullable() }),
  access: "superadmin",
});

/** A new webhook signing secret (the old one stops working at once), answered once. */
export const rotateSecret = mutationContract("modules.rotateSecret", {
  args: z.object({ moduleId: idSchema }),
  returns: z.object({ webhookSecret: z.string() }),
  access: "superadmin",
});

/** Hide a module from members; its executions and drafts stay. */
export const archive = mutationContract("modules.archive", {
  args: z.object({ moduleId: idSchema }),
  returns: z.object({ moduleId: z.string() }),
  access: "superadmin",
});

export const restore = mutationContract("modules.restore", {
  args: z.object({ moduleId: idSchema }),
  returns: z.object({ moduleId: z.string() }),
  access: "superadmin",
});

/**
 * Run a module: checks the inputs against the module's (required ones,
 * choices, numbers, dates, documents the caller may read) and queues the
 * execution. Answers at once; the run goes on in the background.
 */
export const run = mutationContract("modules.run", {
  args: z.object({ moduleId: idSchema, inputs: executionInputsSchema }),
  returns: z.object({ executionId: z.string() }),
});

/** /modules/{slug}/{id} (SPEC 7); null when it is not the caller's (or does not exist). */
export const getModuleExecutionById = queryContract("modules.getModuleExecutionById", {
  args: z.object({ executionId: idSchema }),
  returns: executionSchema.nullable(),
});

/** Stop a queued or running execution; a finished one is CONFLICT. */
export const cancelExecution = mutationContract("modules.cancelExecution", {
  args: z.object({ executionId: idSchema }),
  returns: z.object({ executionId: z.string() }),
});

/** The caller's recent executions, newest first (of one module when moduleId is given). */
export const listExecutions = queryContract("modules.listExecutions", {
  args: z.object({
    moduleId: idSchema.optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  returns: z.array(executionSchema),
});

/** /admin/modules/{moduleId}: recent executions of a module across organizations. */
export const listAdminExecutions = queryContract("modules.listAdminExecutions", {
  args: z.object({ moduleId: idSchema, limit: z.number().int().min(1).max(100).optional() }),
  returns: z.array(executionSchema),
  access: "superadmin",
});
