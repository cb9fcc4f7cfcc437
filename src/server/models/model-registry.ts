import { extractReasoningMiddleware, type LanguageModel, wrapLanguageModel } from "ai";
import type { ModelInfo } from "#shared/schemas/chat.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import {
  BUILT_IN_MODELS,
  compatibleEntry,
  type ModelEntry,
  modelIdOf,
  type ProviderKey,
} from "./model-catalog.ts";
import { createEmbeddingChoice, type EmbeddingChoice } from "./embedding-model.ts";
import { readModelsFile } from "./models-file.ts";
import { configuredProviders, type ModelFactory } from "./providers.ts";

export interface ResolvedModel {
  info: ModelInfo;
  /** The SDK model; a reasoning model's <think> text comes out as reasoning parts. */
  model: LanguageModel;
}

/** The models this server can use, from configuration. */
export interface ModelRegistry {
  list(): ModelInfo[];
  /** The configured DEFAULT_MODEL when it is available, else the first model, else null. */
  readonly defaultModelId: string | null;
  /** An offered model by its "<provider>:<model>" id; undefined when it is not offered. */
  get(id: string): ResolvedModel | undefined;
  /** The search embedding model (EMBEDDING_MODEL), or null: search is full-text alone. */
  readonly embedding?: EmbeddingChoice | null;
}

/**
 * Build the offered models: MODELS_FILE (or the built-in lists) plus
 * OPENAI_COMPATIBLE_MODELS, keeping only those whose provider has
 * credentials. A bad MODELS_FILE throws a ConfigError naming it.
 */
export async function createModelRegistry(config: Config, log: Logger): Promise<ModelRegistry> {
  const ai = config.ai;
  const catalog = ai.modelsFile ? await readModelsFile(ai.modelsFile) : BUILT_IN_MODELS;
  const [providers, embedding] = await Promise.all([
    configuredProviders(ai),
    createEmbeddingChoice(ai, log),
  ]);
  const registry = buildModelRegistry({
    entries: [...catalog, ...ai.compatible.models.map(compatibleEntry)],
    providers,
    defaultModel: ai.defaultModel,
    embedding,
  });
  if (ai.defaultModel && registry.defaultModelId !== ai.defaultModel) {
    log.warn(
      { defaultModel: ai.defaultModel, using: registry.defaultModelId },
      "DEFAULT_MODEL is not among the offered models (is its provider configured?)",
    );
  }
  if (ai.compatible.models.length > 0 && !ai.compatible.baseUrl) {
    log.warn("OPENAI_COMPATIBLE_MODELS is set without OPENAI_COMPATIBLE_BASE_URL: not offered");
  }
  log.info(
    { models: registry.list().map((m) => m.id), defaultModel: registry.defaultModelId },
    registry.list().length > 0 ? "AI models available" : "no AI model configured",
  );
  return registry;
}

/** The registry itself, without I/O: what the unit tests drive. */
export function buildModelRegistry(options: {
  entries: ModelEntry[];
  providers: Map<ProviderKey, ModelFactory>;
  defaultModel?: string;
  embedding?: EmbeddingChoice | null;
}): ModelRegistry {
  const offered = new Map<string, { info: ModelInfo; factory: ModelFactory; entry: ModelEntry }>();
  for (const entry of options.entries) {
    const factory = options.providers.get(entry.provider);
    const id = modelIdOf(entry);
    if (!factory || offered.has(id)) continue;
    offered.set(id, {
      info: { id, label: entry.label, provider: entry.provider, reasoning: entry.reasoning },
      factory,
      entry,
    });
  }
  const infos = [...offered.values()].map((o) => o.info);
  const defaultModelId =
    options.defaultModel && offered.has(options.defaultModel)
      ? options.defaultModel
      : (infos[0]?.id ?? null);
  const models = new Map<string, LanguageModel>();

  return {
    list: () => infos.map((info) => ({ ...info })),
    defaultModelId,
    embedding: options.embedding ?? null,
    get(id) {
      const found = offered.get(id);
      if (!found) return undefined;
      let model = models.get(id);
      if (!model) {
        model = makeModel(found.factory, found.entry);
        models.set(id, model);
      }
      return { info: { ...found.info }, model };
    },
  };
}

function makeModel(factory: ModelFactory, entry: ModelEntry): LanguageModel {
  const model = factory(entry.model);
  if (!entry.reasoning || typeof model === "string") return model;
  return wrapLanguageModel({ model, middleware: extractReasoningMiddleware({ tagName: "think" }) });
}
