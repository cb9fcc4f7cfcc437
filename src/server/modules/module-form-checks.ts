import { and, eq, inArray, ne } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "#shared/errors.ts";
import type { moduleFormObjectSchema } from "#shared/schemas/module.ts";
import type { Executor } from "../db/database.ts";
import { modules, organizations } from "../db/schema.ts";
import { isUuid } from "../ids.ts";
import { isOffered } from "../models/model-choice.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { type ModuleCategoryRow, resolveModuleCategory } from "./module-categories.ts";

export type ModuleFormInput = z.output<typeof moduleFormObjectSchema>;

export const SLUG_TAKEN_MESSAGE = "This slug is already used by another module";

/** Whether another module than `exceptModuleId` has this slug (archived ones count). */
export async function isSlugTaken(
  db: Executor,
  slug: string,
  exceptModuleId?: string,
): Promise<boolean> {
  const except = exceptModuleId && isUuid(exceptModuleId) ? exceptModuleId : undefined;
  const [row] = await db
    .select({ id: modules.id })
    .from(modules)
    .where(except ? and(eq(modules.slug, slug), ne(modules.id, except)) : eq(modules.slug, slug))
    .limit(1);
  return row !== undefined;
}

const invalid = (path: string, message: string) =>
  new AppError("INVALID_ARGS", message, { issues: [{ path, message }] });

/** What the form's references resolve to, once each is known to exist. */
export interface CheckedModuleForm {
  category: ModuleCategoryRow | null;
  organizations: Array<{ organizationId: string; name: string }>;
  modelId: string | null;
}

/**
 * The checks of a module form that need the database or the server: a free
 * slug (CONFLICT), an existing category, existing organizations and, for a
 * built-in module, a model this server offers (INVALID_ARGS on the field).
 */
export async function checkModuleForm(
  db: Executor,
  models: ModelRegistry,
  form: ModuleFormInput,
  exceptModuleId?: string,
): Promise<CheckedModuleForm> {
  if (await isSlugTaken(db, form.slug, exceptModuleId)) {
    throw new AppError("CONFLICT", SLUG_TAKEN_MESSAGE, { field: "slug" });
  }
  const category = await resolveModuleCategory(db, form.categoryId);
  const wanted = [...new Set(form.organizationIds)];
  const found =
    wanted.length === 0 || !wanted.every(isUuid)
      ? []
      : await db
          .select({ organizationId: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, wanted));
  if (found.length !== wanted.length) {
    throw invalid("organizationIds", "One of the organizations does not exist.");
  }
  const modelId = form.kind === "builtin" && form.modelId ? form.modelId : null;
  if (modelId && !isOffered(models, modelId)) {
    throw invalid("modelId", "This model is not available.");
  }
  found.sort((a, b) => a.name.localeCompare(b.name));
  return { category, organizations: found, modelId };
}

/** The columns a module form sets (the kind decides which of its fields apply). */
export function moduleColumns(form: ModuleFormInput, checked: CheckedModuleForm) {
  const webhook = form.kind === "webhook";
  return {
    slug: form.slug,
    name: form.name,
    description: form.description ?? "",
    categoryId: checked.category?.id ?? null,
    icon: form.icon ?? null,
    kind: form.kind,
    n8nWorkflowId: webhook ? form.n8nWorkflowId || null : null,
    endpointUrl: webhook ? form.endpointUrl || null : null,
    technicalNotes: form.technicalNotes ?? "",
    estimatedTimeMinutes: form.estimatedTimeMinutes ?? null,
    isActive: form.isActive,
    inputs: form.inputs.map((input) => ({
      key: input.key,
      label: input.label,
      type: input.type,
      required: input.required,
      ...(input.helpText ? { helpText: input.helpText } : {}),
      ...(input.type === "choice" ? { options: input.options ?? [] } : {}),
      ...(input.type === "documents" && input.maxDocuments
        ? { maxDocuments: input.maxDocuments }
        : {}),
    })),
    promptTemplate: webhook ? null : (form.promptTemplate ?? null),
    modelId: checked.modelId,
  };
}
