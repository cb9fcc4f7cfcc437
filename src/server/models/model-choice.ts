import { AppError } from "#shared/errors.ts";
import type { ModelRegistry } from "./model-registry.ts";

/**
 * Which models may be chosen: only those the server offers now (configured,
 * with credentials). A stored choice that is no longer offered is skipped
 * when picking the default, never an error.
 */

export function isOffered(models: ModelRegistry, modelId: string | null | undefined): boolean {
  if (!modelId) return false;
  return models.list().some((model) => model.id === modelId);
}

/** A model id given by a caller, checked against the models on offer. */
export function requireOfferedModel(models: ModelRegistry, modelId: string): string {
  if (!isOffered(models, modelId)) {
    throw new AppError("INVALID_ARGS", "This model is not available.", {
      issues: [{ path: "modelId", message: "This model is not available." }],
    });
  }
  return modelId;
}

/** The model a new chat uses: the user's choice, else the organization's, else the server's. */
export function resolveDefaultModel(
  models: ModelRegistry,
  choices: { userModelId: string | null; organizationModelId: string | null },
): string | null {
  if (isOffered(models, choices.userModelId)) return choices.userModelId;
  if (isOffered(models, choices.organizationModelId)) return choices.organizationModelId;
  return models.defaultModelId;
}
