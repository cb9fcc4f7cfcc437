/**
 * The providers Atrium speaks to and the models it offers for each when no
 * MODELS_FILE says otherwise (SPEC section 9: several OpenAI models, Claude on
 * Bedrock and on Vertex, Llama, a Gemini model).
 */

export const PROVIDERS = [
  "openai",
  "anthropic",
  "bedrock",
  "vertex",
  "google",
  "compatible",
] as const;
export type ProviderKey = (typeof PROVIDERS)[number];

export interface ModelEntry {
  provider: ProviderKey;
  /** The provider's own model id. */
  model: string;
  label: string;
  /** Thinks out loud inside <think>…</think>, which becomes reasoning parts. */
  reasoning: boolean;
}

export const PROVIDER_LABELS: Record<ProviderKey, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  bedrock: "Amazon Bedrock",
  vertex: "Google Vertex AI",
  google: "Google Gemini",
  compatible: "Local",
};

const entry = (provider: ProviderKey, model: string, label: string): ModelEntry => ({
  provider,
  model,
  label,
  reasoning: false,
});

export const BUILT_IN_MODELS: ModelEntry[] = [
  entry("openai", "gpt-5.1", "GPT-5.1"),
  entry("openai", "gpt-5-mini", "GPT-5 mini"),
  entry("openai", "gpt-4.1", "GPT-4.1"),
  entry("openai", "gpt-4o-mini", "GPT-4o mini"),
  entry("anthropic", "claude-sonnet-4-5", "Claude Sonnet 4.5"),
  entry("anthropic", "claude-opus-4-1", "Claude Opus 4.1"),
  entry("anthropic", "claude-haiku-4-5", "Claude Haiku 4.5"),
  entry("bedrock", "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "Claude Sonnet 4.5 (Bedrock)"),
  entry("bedrock", "us.anthropic.claude-haiku-4-5-20251001-v1:0", "Claude Haiku 4.5 (Bedrock)"),
  entry("bedrock", "us.meta.llama3-3-70b-instruct-v1:0", "Llama 3.3 70B (Bedrock)"),
  entry("bedrock", "us.meta.llama4-maverick-17b-instruct-v1:0", "Llama 4 Maverick (Bedrock)"),
  entry("vertex", "claude-sonnet-4-5@20250929", "Claude Sonnet 4.5 (Vertex)"),
  entry("vertex", "claude-opus-4-1@20250805", "Claude Opus 4.1 (Vertex)"),
  entry("vertex", "gemini-2.5-pro", "Gemini 2.5 Pro (Vertex)"),
  entry("vertex", "gemini-2.5-flash", "Gemini 2.5 Flash (Vertex)"),
  entry("google", "gemini-2.5-flash", "Gemini 2.5 Flash"),
  entry("google", "gemini-2.5-pro", "Gemini 2.5 Pro"),
];

/** "<provider>:<model>", the id clients and the database use. */
export const modelIdOf = (entry: Pick<ModelEntry, "provider" | "model">): string =>
  `${entry.provider}:${entry.model}`;

/**
 * Local models that think inside <think> tags, by their usual names (DeepSeek
 * R1 and its distills, QwQ, Qwen 3, "thinking"/"reasoning" variants). A
 * MODELS_FILE can say so explicitly for any other.
 */
const THINKING_NAME = /(^|[^a-z0-9])(r1|qwq|qwen3|think|thinking|reasoning|reasoner)([^a-z0-9]|$)/i;

export function looksLikeThinkingModel(model: string): boolean {
  return THINKING_NAME.test(model);
}

/** An OPENAI_COMPATIBLE_MODELS entry as offered: "llama3.2" -> "llama3.2 (local)". */
export function compatibleEntry(model: string): ModelEntry {
  return {
    provider: "compatible",
    model,
    label: `${model} (local)`,
    reasoning: looksLikeThinkingModel(model),
  };
}
