import { AppError } from "#shared/errors.ts";
import { isOffered, resolveDefaultModel } from "./model-choice.ts";
import type { ModelRegistry, ResolvedModel } from "./model-registry.ts";

export const NO_MODEL_MESSAGE =
  "No AI model is configured on this server, so the chat cannot answer yet. " +
  "An administrator can add one by setting a provider's key (for example OPENAI_API_KEY or " +
  "ANTHROPIC_API_KEY) or a local server (OPENAI_COMPATIBLE_BASE_URL and " +
  "OPENAI_COMPATIBLE_MODELS, e.g. Ollama) and restarting; the README's Models section lists them all.";

export function noModelError(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", NO_MODEL_MESSAGE, { reason: "no_model_configured" });
}

/** The model a request names, refused (not swapped) when it is not offered. */
export function requestedModel(models: ModelRegistry, requested: string): ResolvedModel {
  const resolved = models.get(requested);
  if (!resolved) {
    throw new AppError("BAD_REQUEST", "This model is not available. Choose another one.", {
      reason: "model_not_available",
      modelId: requested,
    });
  }
  return resolved;
}

/**
 * The model that answers this turn: the one the request names, else the
 * thread's, else the user's choice, the organization's default, the server's
 * default (models no longer offered are skipped).
 */
export function chooseChatModel(
  models: ModelRegistry,
  choices: {
    requested: string | null;
    threadModelId: string | null;
    userModelId: string | null;
    organizationModelId: string | null;
  },
): ResolvedModel {
  if (models.list().length === 0) throw noModelError();
  if (choices.requested) return requestedModel(models, choices.requested);
  const id = isOffered(models, choices.threadModelId)
    ? choices.threadModelId
    : resolveDefaultModel(models, choices);
  const resolved = id ? models.get(id) : undefined;
  if (!resolved) throw noModelError();
  return resolved;
}
