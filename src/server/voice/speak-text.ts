import { generateSpeech } from "ai";
import { AppError } from "#shared/errors.ts";
import { SPEECH_CONTENT_TYPES, type SpeechRequest } from "#shared/schemas/voice.ts";
import type { Services } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { requireSpeechModels } from "./speech-provider.ts";
import { speechSegments } from "./speech-segments.ts";
import { readVoiceSettings } from "./voice-settings.ts";

/**
 * Text read aloud with the member's voice, speed and format (or the ones the
 * request names, for "Hear a sample"), through the AI SDK's speech API. The
 * text is synthesized piece by piece (speech-segments.ts), the next piece
 * while the current one is sent, and streamed: playback starts after the
 * first sentence. A failure before the first byte is an error answer; later,
 * the stream ends early (logged).
 */
export async function speakText(options: {
  services: Services;
  identity: Identity;
  body: SpeechRequest;
  signal: AbortSignal;
}): Promise<Response> {
  const { services, identity, body, signal } = options;
  const models = requireSpeechModels(services.config);
  const settings = await readVoiceSettings(services.database.db, identity.userId);
  const voice = body.voice ?? settings.voice;
  const speed = body.speed ?? settings.speed;
  const format = body.format ?? settings.format;
  const { segments, truncated } = speechSegments(body.text, format);

  const synthesize = async (text: string): Promise<Uint8Array> => {
    try {
      const result = await generateSpeech({
        model: models.speech,
        text,
        voice,
        speed,
        outputFormat: format,
        maxRetries: 1,
        abortSignal: signal,
      });
      return result.audio.uint8Array;
    } catch (error) {
      signal.throwIfAborted();
      services.log.warn({ err: error, userId: identity.userId }, "speech synthesis failed");
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "The speech provider could not read this aloud. Try again in a moment.",
      );
    }
  };

  // The first piece before answering, so its failure is a proper error answer.
  const first = await synthesize(segments[0]!);
  let index = 1;
  let next: Promise<Uint8Array> | undefined =
    segments.length > 1 ? synthesize(segments[1]!) : undefined;
  next?.catch(() => undefined);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
    },
    async pull(controller) {
      if (!next) {
        controller.close();
        return;
      }
      try {
        const audio = await next;
        index++;
        next = index < segments.length ? synthesize(segments[index]!) : undefined;
        next?.catch(() => undefined);
        controller.enqueue(audio);
      } catch (error) {
        services.log.warn({ err: error }, "speech stream ended early");
        controller.error(error);
      }
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": SPEECH_CONTENT_TYPES[format],
      "Cache-Control": "no-store",
      "X-Speech-Format": format,
      ...(truncated ? { "X-Speech-Truncated": "true" } : {}),
    },
  });
}
