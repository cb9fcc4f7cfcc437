import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { BUILT_IN_MODELS, compatibleEntry, looksLikeThinkingModel } from "./model-catalog.ts";
import { buildModelRegistry, createModelRegistry } from "./model-registry.ts";
import { parseModelsFile } from "./models-file.ts";
import type { ModelFactory } from "./providers.ts";

const silent = pino({ level: "silent" });
const registryFor = (env: Record<string, string>) =>
  createModelRegistry(loadConfig({ DATA_DIR: "/tmp/unused", ...env }), silent);

describe("createModelRegistry", () => {
  it("offers nothing without credentials", async () => {
    const registry = await registryFor({});
    expect(registry.list()).toEqual([]);
    expect(registry.defaultModelId).toBeNull();
    expect(registry.get("openai:gpt-5.1")).toBeUndefined();
  });

  it("offers a provider's built-in models once its key is set, and only those", async () => {
    const registry = await registryFor({ OPENAI_API_KEY: "sk-test" });
    const ids = registry.list().map((m) => m.id);
    expect(ids).toEqual(
      BUILT_IN_MODELS.filter((m) => m.provider === "openai").map((m) => `openai:${m.model}`),
    );
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(registry.defaultModelId).toBe("openai:gpt-5.1");
    const resolved = registry.get("openai:gpt-5.1");
    expect(resolved?.info).toEqual({
      id: "openai:gpt-5.1",
      label: "GPT-5.1",
      provider: "openai",
      reasoning: false,
    });
    expect(typeof resolved?.model).toBe("object");
  });

  it("offers Bedrock only with a region and both AWS keys, with Claude and Llama", async () => {
    const partial = await registryFor({ AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIA" });
    expect(partial.list()).toEqual([]);
    const full = await registryFor({
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "AKIA",
      AWS_SECRET_ACCESS_KEY: "secret",
    });
    const labels = full.list().map((m) => m.label);
    expect(labels.some((l) => l.startsWith("Claude"))).toBe(true);
    expect(labels.some((l) => l.startsWith("Llama"))).toBe(true);
  });

  it("offers Vertex Claude and Gemini with a project and location", async () => {
    const registry = await registryFor({
      GOOGLE_VERTEX_PROJECT: "my-project",
      GOOGLE_VERTEX_LOCATION: "europe-west1",
    });
    const ids = registry.list().map((m) => m.id);
    expect(ids).toContain("vertex:claude-sonnet-4-5@20250929");
    expect(ids).toContain("vertex:gemini-2.5-pro");
    expect(registry.get("vertex:claude-sonnet-4-5@20250929")?.model).toBeDefined();
    expect(registry.get("vertex:gemini-2.5-pro")?.model).toBeDefined();
  });

  it("adds the OpenAI-compatible models, flags thinking ones, and honours DEFAULT_MODEL", async () => {
    const registry = await registryFor({
      GOOGLE_GENERATIVE_AI_API_KEY: "g-key",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_COMPATIBLE_MODELS: "llama3.2, deepseek-r1:8b ,llama3.2",
      DEFAULT_MODEL: "compatible:llama3.2",
    });
    expect(registry.list().filter((m) => m.provider === "compatible")).toEqual([
      {
        id: "compatible:llama3.2",
        label: "llama3.2 (local)",
        provider: "compatible",
        reasoning: false,
      },
      {
        id: "compatible:deepseek-r1:8b",
        label: "deepseek-r1:8b (local)",
        provider: "compatible",
        reasoning: true,
      },
    ]);
    expect(registry.list().some((m) => m.provider === "google")).toBe(true);
    expect(registry.defaultModelId).toBe("compatible:llama3.2");
  });

  it("falls back to the first model when DEFAULT_MODEL is not offered", async () => {
    const registry = await registryFor({
      ANTHROPIC_API_KEY: "a-key",
      DEFAULT_MODEL: "openai:gpt-5.1",
    });
    expect(registry.defaultModelId).toBe("anthropic:claude-sonnet-4-5");
  });

  it("replaces the built-in lists with MODELS_FILE and refuses a bad file by name", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "atrium-models-"));
    const file = path.join(dir, "models.json");
    writeFileSync(
      file,
      JSON.stringify([
        { provider: "openai", model: "gpt-4.1", label: "Our GPT" },
        { provider: "anthropic", model: "claude-x", label: "Claude X" },
        { provider: "compatible", model: "thinker", label: "Thinker", reasoning: true },
      ]),
    );
    const registry = await registryFor({
      MODELS_FILE: file,
      OPENAI_API_KEY: "sk",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:1/v1",
    });
    expect(registry.list()).toEqual([
      { id: "openai:gpt-4.1", label: "Our GPT", provider: "openai", reasoning: false },
      { id: "compatible:thinker", label: "Thinker", provider: "compatible", reasoning: true },
    ]);

    writeFileSync(file, JSON.stringify([{ provider: "openia", model: "x", label: "X" }]));
    await expect(registryFor({ MODELS_FILE: file })).rejects.toThrow(ConfigError);
    await expect(registryFor({ MODELS_FILE: file })).rejects.toThrow(
      `MODELS_FILE ${file} is invalid:\n  entry 1 (provider) must be one of openai, anthropic, bedrock, vertex, google, compatible`,
    );
    await expect(registryFor({ MODELS_FILE: path.join(dir, "missing.json") })).rejects.toThrow(
      /MODELS_FILE .*missing\.json cannot be read \(ENOENT\)/,
    );
  });
});

describe("parseModelsFile", () => {
  it("names what is wrong in each entry", () => {
    expect(() => parseModelsFile("m.json", "{")).toThrow(/^MODELS_FILE m\.json is not valid JSON/);
    expect(() => parseModelsFile("m.json", "{}")).toThrow(
      "MODELS_FILE m.json is invalid:\n  the file must be a JSON array of {provider, model, label, reasoning?}",
    );
    expect(() =>
      parseModelsFile(
        "m.json",
        JSON.stringify([{ provider: "openai", model: " ", label: "L", extra: 1 }]),
      ),
    ).toThrow(/entry 1 \(model\) must not be empty/);
    expect(() =>
      parseModelsFile(
        "m.json",
        JSON.stringify([
          { provider: "openai", model: "a", label: "A" },
          { provider: "openai", model: "a", label: "A again" },
        ]),
      ),
    ).toThrow("MODELS_FILE m.json lists openai:a twice.");
  });
});

describe("buildModelRegistry", () => {
  it("turns a reasoning model's <think> text into reasoning", async () => {
    const mock = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: "text", text: "<think>carry the one</think>The sum is 10." }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const factory: ModelFactory = () => mock;
    const registry = buildModelRegistry({
      entries: [compatibleEntry("qwq"), { ...compatibleEntry("plain"), reasoning: false }],
      providers: new Map([["compatible", factory]]),
    });
    const thinking = await generateText({
      model: registry.get("compatible:qwq")!.model,
      prompt: "1+9?",
    });
    expect(thinking.text).toBe("The sum is 10.");
    expect(thinking.reasoningText).toBe("carry the one");
    const plain = await generateText({
      model: registry.get("compatible:plain")!.model,
      prompt: "1+9?",
    });
    expect(plain.text).toBe("<think>carry the one</think>The sum is 10.");
  });

  it("recognizes thinking models by their usual names", () => {
    for (const name of [
      "deepseek-r1:8b",
      "qwq:32b",
      "qwen3:4b",
      "magistral-thinking",
      "phi4-reasoning",
    ]) {
      expect(looksLikeThinkingModel(name), name).toBe(true);
    }
    for (const name of ["llama3.2", "mistral-small", "gemma3:12b", "r10-model"]) {
      expect(looksLikeThinkingModel(name), name).toBe(false);
    }
  });
});
