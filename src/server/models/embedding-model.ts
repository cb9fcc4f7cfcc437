import { type EmbeddingModel, embed, embedMany } from "ai";
import { EMBEDDING_BATCH_LIMIT } from "#shared/constants.ts";
import type { Config } from "../config.ts";
import { Lru } from "../lib/lru.ts";
import type { Logger } from "../logger.ts";

/** SPEC 9: at most this many inputs in one embedding request. */
export const EMBEDDING_BATCH = EMBEDDING_BATCH_LIMIT;

/** The search embedding model (EMBEDDING_MODEL), when its provider has credentials. */
export interface EmbeddingChoice {
  /** "provider:model", as configured; stored beside every embedding it made. */
  id: string;
  model: EmbeddingModel;
}

/**
 * The embedding model EMBEDDING_MODEL names, made with its provider's
 * credentials (the same variables the chat models use); null when unset, or
 * when the provider is not configured (logged: search is then full-text only).
 */
export async function createEmbeddingChoice(
  ai: Config["ai"],
  log?: Logger,
): Promise<EmbeddingChoice | null> {
  const id = ai.embeddingModel;
  if (!id) return null;
  const colon = id.indexOf(":");
  const provider = id.slice(0, colon);
  const modelId = id.slice(colon + 1);
  const model = await embeddingModelOf(ai, provider, modelId);
  if (!model) {
    log?.warn(
      { embeddingModel: id },
      "EMBEDDING_MODEL names a provider without credentials: search is full-text only",
    );
    return null;
  }
  log?.info({ embeddingModel: id }, "search embeddings enabled");
  return { id, model };
}

/** Only the configured provider's SDK package is loaded (decision 032). */
async function embeddingModelOf(
  ai: Config["ai"],
  provider: string,
  modelId: string,
): Promise<EmbeddingModel | null> {
  switch (provider) {
    case "openai":
      return ai.openai.apiKey
        ? (await import("@ai-sdk/openai"))
            .createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl })
            .embeddingModel(modelId)
        : null;
    case "google":
      return ai.google.apiKey
        ? (await import("@ai-sdk/google"))
            .createGoogle({ apiKey: ai.google.apiKey })
            .embeddingModel(modelId)
        : null;
    case "vertex": {
      const vertex = ai.vertex;
      if (!vertex.project || !vertex.location) return null;
      const googleAuthOptions = vertex.credentialsFile
        ? { keyFile: vertex.credentialsFile }
        : undefined;
      const { createGoogleVertex } = await import("@ai-sdk/google-vertex");
      return createGoogleVertex({
        project: vertex.project,
        location: vertex.location,
        googleAuthOptions,
      }).embeddingModel(modelId);
    }
    case "bedrock": {
      const b = ai.bedrock;
      if (!b.region || !b.accessKeyId || !b.secretAccessKey) return null;
      const { createAmazonBedrock } = await import("@ai-sdk/amazon-bedrock");
      return createAmazonBedrock({
        region: b.region,
        accessKeyId: b.accessKeyId,
        secretAccessKey: b.secretAccessKey,
        sessionToken: b.sessionToken,
      }).embeddingModel(modelId);
    }
    case "compatible":
      return ai.compatible.baseUrl
        ? (await import("@ai-sdk/openai-compatible"))
            .createOpenAICompatible({
              name: "compatible",
              baseURL: ai.compatible.baseUrl,
              apiKey: ai.compatible.apiKey,
            })
            .embeddingModel(modelId)
        : null;
    default:
      return null;
  }
}

/** A vector scaled to length 1 (so cosine similarity is a dot product); zeros stay zeros. */
export function unitVector(values: readonly number[]): number[] {
  let sum = 0;
  for (const v of values) sum += v * v;
  const norm = Math.sqrt(sum);
  return norm > 0 ? values.map((v) => v / norm) : [...values];
}

/** Embeddings of many passages, in requests of at most 2,048 inputs, unit length, in order. */
export async function embedPassages(
  choice: EmbeddingChoice,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  const out: number[][] = [];
  for (let start = 0; start < texts.length; start += EMBEDDING_BATCH) {
    const values = texts.slice(start, start + EMBEDDING_BATCH);
    const result = await embedMany({
      model: choice.model,
      values,
      maxRetries: 2,
      maxParallelCalls: 1,
      abortSignal: signal,
    });
    for (const embedding of result.embeddings) out.push(unitVector(embedding));
  }
  return out;
}

/** Query embeddings kept: 500 of 1,536–3,072 numbers, about 6–12 MB at most. */
export const QUERY_CACHE_SIZE = 500;
const queryCache = new Lru<string, Promise<number[]>>({ max: QUERY_CACHE_SIZE });

/**
 * The embedding of a search query, cached by model and text, least recently used out (a live
 * search re-runs on every change to the organization's documents; its query's embedding does
 * not change). A failed request is not kept: the next search asks again.
 */
export function embedQuery(choice: EmbeddingChoice, query: string): Promise<number[]> {
  const key = `${choice.id}\u0000${query}`;
  const cached = queryCache.get(key);
  if (cached) return cached;
  const pending = embed({ model: choice.model, value: query, maxRetries: 2 }).then((r) =>
    unitVector(r.embedding),
  );
  pending.catch(() => {
    if (queryCache.peek(key) === pending) queryCache.delete(key);
  });
  queryCache.set(key, pending);
  return pending;
}

/** How many query embeddings are cached (tests). */
export function cachedQueryEmbeddings(): number {
  return queryCache.size;
}
