import { MockEmbeddingModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import {
  cachedQueryEmbeddings,
  type EmbeddingChoice,
  embedQuery,
  QUERY_CACHE_SIZE,
} from "./embedding-model.ts";

/** A model that embeds a text as [its length, 0] and counts its calls; `fail` texts are refused. */
function countingModel(id: string) {
  const calls: string[] = [];
  const model = new MockEmbeddingModelV4({
    doEmbed: async ({ values }) => {
      calls.push(...values);
      if (values.some((v) => v.startsWith("fail"))) throw new Error("provider down");
      return { embeddings: values.map((v) => [v.length, 0]), warnings: [] };
    },
  });
  const choice: EmbeddingChoice = { id, model };
  return { choice, calls };
}

describe("embedQuery's cache", () => {
  it("embeds a query once per model, at unit length", async () => {
    const a = countingModel("test:a");
    const b = countingModel("test:b");
    expect(await embedQuery(a.choice, "contracts")).toEqual([1, 0]);
    expect(await embedQuery(a.choice, "contracts")).toEqual([1, 0]);
    expect(a.calls).toEqual(["contracts"]);
    await embedQuery(b.choice, "contracts");
    expect(b.calls).toEqual(["contracts"]);
  });

  it("stays bounded, the least recently used out first", async () => {
    const { choice, calls } = countingModel("test:bounded");
    await embedQuery(choice, "kept");
    for (let i = 0; i < QUERY_CACHE_SIZE + 50; i++) {
      await embedQuery(choice, `query ${i}`);
      if (i % 100 === 0) await embedQuery(choice, "kept"); // used again: never the oldest
    }
    expect(cachedQueryEmbeddings()).toBe(QUERY_CACHE_SIZE);
    calls.length = 0;
    await embedQuery(choice, "kept");
    await embedQuery(choice, `query ${QUERY_CACHE_SIZE + 49}`);
    expect(calls).toEqual([]);
    await embedQuery(choice, "query 0"); // among the oldest: dropped, asked again
    expect(calls).toEqual(["query 0"]);
    expect(cachedQueryEmbeddings()).toBe(QUERY_CACHE_SIZE);
  });

  it("does not keep a failed embedding: the next search asks again", async () => {
    const { choice, calls } = countingModel("test:fail");
    await expect(embedQuery(choice, "fail once")).rejects.toThrow();
    await expect(embedQuery(choice, "fail once")).rejects.toThrow();
    expect(calls).toEqual(["fail once", "fail once"]);
  });
});
