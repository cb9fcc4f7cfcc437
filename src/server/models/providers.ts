import type { LanguageModel } from "ai";
import type { Config } from "../config.ts";
import type { ProviderKey } from "./model-catalog.ts";

/** Makes the SDK model for one of a provider's model ids. */
export type ModelFactory = (model: string) => LanguageModel;

/**
 * The providers whose credentials are configured, each as a model factory.
 * A provider missing from the map offers no models (issue 4: "a model whose
 * credentials are missing is not offered"). Only the SDK packages of configured providers are
 * loaded (decision 032: they weigh tens of megabytes of heap together).
 */
export async function configuredProviders(
  ai: Config["ai"],
): Promise<Map<ProviderKey, ModelFactory>> {
  const providers = new Map<ProviderKey, ModelFactory>();

  if (ai.openai.apiKey) {
    const { createOpenAI } = await import("@ai-sdk/openai");
    const openai = createOpenAI({ apiKey: ai.openai.apiKey, baseURL: ai.openai.baseUrl });
    providers.set("openai", (model) => openai(model));
  }
  if (ai.anthropic.apiKey) {
    const { createAnthropic } = await import("@ai-sdk/anthropic");
    const anthropic = createAnthropic({ apiKey: ai.anthropic.apiKey });
    providers.set("anthropic", (model) => anthropic(model));
  }
  const bedrock = ai.bedrock;
  if (bedrock.region && bedrock.accessKeyId && bedrock.secretAccessKey) {
    const { createAmazonBedrock } = await import("@ai-sdk/amazon-bedrock");
    const provider = createAmazonBedrock({
      region: bedrock.region,
      accessKeyId: bedrock.accessKeyId,
      secretAccessKey: bedrock.secretAccessKey,
      sessionToken: bedrock.sessionToken,
    });
    providers.set("bedrock", (model) => provider(model));
  }
  const vertex = ai.vertex;
  if (vertex.project && vertex.location) {
    // Without a key file, Google's application default credentials apply
    // (gcloud auth, or the metadata server on Google Cloud).
    const googleAuthOptions = vertex.credentialsFile
      ? { keyFile: vertex.credentialsFile }
      : undefined;
    const settings = { project: vertex.project, location: vertex.location, googleAuthOptions };
    const [{ createGoogleVertex }, { createVertexAnthropic }] = await Promise.all([
      import("@ai-sdk/google-vertex"),
      import("@ai-sdk/google-vertex/anthropic"),
    ]);
    const gemini = createGoogleVertex(settings);
    const claude = createVertexAnthropic(settings);
    providers.set("vertex", (model) =>
      model.startsWith("claude") ? claude(model) : gemini(model),
    );
  }
  if (ai.google.apiKey) {
    const { createGoogle } = await import("@ai-sdk/google");
    const google = createGoogle({ apiKey: ai.google.apiKey });
    providers.set("google", (model) => google(model));
  }
  if (ai.compatible.baseUrl) {
    // Ollama, vLLM, llama.cpp, LM Studio: the chat-completions protocol.
    const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
    const compatible = createOpenAICompatible({
      name: "compatible",
      baseURL: ai.compatible.baseUrl,
      apiKey: ai.compatible.apiKey,
      includeUsage: true,
    });
    providers.set("compatible", (model) => compatible.chatModel(model));
  }
  return providers;
}
