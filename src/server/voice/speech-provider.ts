import { createRequire } from "node:module";
import type { SpeechModel, TranscriptionModel } from "ai";
import { AppError } from "#shared/errors.ts";
import type { Config } from "../config.ts";

export interface SpeechModels {
  transcription: TranscriptionModel;
  speech: SpeechModel;
}

const cache = new WeakMap<NonNullable<Config["speech"]>, SpeechModels>();

/**
 * The transcription and speech models of the configured provider: OpenAI, or
 * any server speaking its audio API (SPEECH_PROVIDER_URL), through the AI
 * SDK's OpenAI provider. Undefined when none is configured.
 */
export function speechModels(config: Config): SpeechModels | undefined {
  const speech = config.speech;
  if (!speech) return undefined;
  let models = cache.get(speech);
  if (!models) {
    // Loaded when voice is configured, not at every start (decision 032); synchronously, since
    // this answers synchronously.
    const { createOpenAI } = createRequire(import.meta.url)(
      "@ai-sdk/openai",
    ) as typeof import("@ai-sdk/openai");
    const provider = createOpenAI({
      baseURL: speech.baseUrl,
      // A local server may take no key; the SDK insists on one.
      apiKey: speech.apiKey ?? "not-needed",
    });
    models = {
      transcription: provider.transcription(speech.transcriptionModel),
      speech: provider.speech(speech.speechModel),
    };
    cache.set(speech, models);
  }
  return models;
}

/** The models, or SERVICE_UNAVAILABLE saying how to add a provider. */
export function requireSpeechModels(config: Config): SpeechModels {
  const models = speechModels(config);
  if (!models) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "Voice is not set up on this server. An administrator can add a speech provider (SPEECH_PROVIDER_URL or SPEECH_API_KEY).",
    );
  }
  return models;
}
