import { transcribe } from "ai";
import { AppError } from "#shared/errors.ts";
import { MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS, type Transcription } from "#shared/schemas/voice.ts";
import type { Services } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { sniffAudio } from "./audio-type.ts";
import { requireSpeechModels } from "./speech-provider.ts";
import { readVoiceSettings } from "./voice-settings.ts";

const MB = 1024 * 1024;

/**
 * A recording (multipart field `audio`, optional `durationSeconds` as the
 * recorder measured it) as text, through the AI SDK's transcription API, in
 * the member's language (or detected) and at their temperature.
 */
export async function transcribeAudio(options: {
  services: Services;
  identity: Identity;
  request: Request;
}): Promise<Transcription> {
  const { services, identity, request } = options;
  const models = requireSpeechModels(services.config);
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (!type.startsWith("multipart/form-data")) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the recording as multipart/form-data, in an 'audio' field.",
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("BAD_REQUEST", "The form could not be read. Record again and resend.");
  }
  const audio = form.get("audio");
  if (!(audio instanceof File)) {
    throw new AppError("INVALID_ARGS", "Send the recording in an 'audio' field.", {
      issues: [{ path: "audio", message: "A recording is required" }],
    });
  }
  if (audio.size > MAX_AUDIO_BYTES) throw tooLarge();
  if (audio.size === 0) {
    throw new AppError("INVALID_ARGS", "The recording is empty.", {
      issues: [{ path: "audio", message: "The recording is empty" }],
    });
  }
  const declared = Number(form.get("durationSeconds") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_AUDIO_SECONDS) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Recordings can be at most ${MAX_AUDIO_SECONDS / 60} minutes long.`,
    );
  }
  const bytes = new Uint8Array(await audio.arrayBuffer());
  if (!sniffAudio(bytes)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "This is not a recording that can be transcribed: send WebM, Ogg, MP4/M4A, MP3, WAV, FLAC or AAC audio.",
    );
  }
  const settings = await readVoiceSettings(services.database.db, identity.userId);
  try {
    const result = await transcribe({
      model: models.transcription,
      audio: bytes,
      maxRetries: 1,
      abortSignal: request.signal,
      providerOptions: {
        openai: {
          temperature: settings.temperature,
          ...(settings.language === "auto" ? {} : { language: settings.language }),
        },
      },
    });
    return {
      text: result.text.trim(),
      language: result.language ?? null,
      durationSeconds: result.durationInSeconds ?? null,
    };
  } catch (error) {
    request.signal.throwIfAborted();
    services.log.warn({ err: error, userId: identity.userId }, "transcription failed");
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "The speech provider could not transcribe the recording. Try again in a moment.",
    );
  }
}

export function tooLarge(): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `The recording is too large (limit ${MAX_AUDIO_BYTES / MB} MB).`,
  );
}
