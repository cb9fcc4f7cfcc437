import { parsePromptVariables } from "#shared/rules/prompt-variables.ts";
import type { Prompt } from "#shared/schemas/prompt.ts";
import type { Identity } from "../auth/identity.ts";
import { canEditPrompt, type PromptRow } from "./prompt-access.ts";

/** A prompt row as the API shows it to this caller, with its category's name. */
export function promptView(row: PromptRow, caller: Identity, category: string | null): Prompt {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    category: row.categoryId === null ? null : category,
    body: row.body,
    modelId: row.modelId,
    documentIds: row.documentIds,
    variables: parsePromptVariables(row.body),
    sortOrder: row.sortOrder,
    isGlobal: row.organizationId === null,
    canEdit: canEditPrompt(caller, row),
    updatedAt: row.updatedAt.getTime(),
  };
}
