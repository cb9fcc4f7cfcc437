import { MockLanguageModelV4 } from "ai/test";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ModelInfo } from "#shared/schemas/chat.ts";
import type { ModelRegistry } from "../models/model-registry.ts";
import { summarizeWithModel } from "./summarize-with-model.ts";

const info: ModelInfo = {
  id: "compatible:m",
  label: "M",
  provider: "compatible",
  reasoning: false,
};
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function registryWith(model: MockLanguageModelV4 | null): ModelRegistry {
  return {
    list: () => (model ? [info] : []),
    defaultModelId: model ? info.id : null,
    get: (id) => (model && id === info.id ? { info, model } : undefined),
  };
}

describe("summarizeWithModel", () => {
  const log = pino({ level: "silent" });

  it("asks the default model for a summary of the document, treated as data", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: "text", text: "  A lease for the Lyon office,\n 4,200 euros a month. " }],
        finishReason: { unified: "stop", raw: "stop" },
        usage,
        warnings: [],
      }),
    });
    const summary = await summarizeWithModel(
      { models: registryWith(model), log },
      "x".repeat(30_000),
    );
    expect(summary).toBe("A lease for the Lyon office, 4,200 euros a month.");
    const call = model.doGenerateCalls[0]!;
    const prompt = JSON.stringify(call.prompt);
    expect(prompt).toContain("not instructions");
    expect(prompt).toContain("[… truncated]");
    expect(prompt.length).toBeLessThan(26_000);
  });

  it("is null without a model, for an empty text, or when the model fails", async () => {
    expect(await summarizeWithModel({ models: registryWith(null), log }, "text")).toBeNull();
    const failing = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("model down");
      },
    });
    expect(await summarizeWithModel({ models: registryWith(failing), log }, "   ")).toBeNull();
    expect(await summarizeWithModel({ models: registryWith(failing), log }, "text")).toBeNull();
  });
});
