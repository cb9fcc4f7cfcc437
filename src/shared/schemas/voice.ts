import { z } from "zod";
import { multiLineText, singleLineText } from "./text.ts";

/**
 * The pocket associate's settings and limits (SPEC 5: speech speed 0.25 to 4,
 * transcription temperature 0 to 1, formats mp3, opus, aac, flac, wav, pcm).
 * The settings form, the functions and the HTTP routes share them.
 */

export const SPEECH_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

/** The voices of OpenAI's speech API (and of compatible servers that copy its names). */
export const SPEECH_VOICES = [
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
  "verse",
] as const;
export type SpeechVoice = (typeof SPEECH_VOICES)[number];

export const MIN_SPEECH_SPEED = 0.25;
export const MAX_SPEECH_SPEED = 4;
export const SPEECH_SPEED_MESSAGE = "Speech speed must be between 0.25 and 4";
export const TRANSCRIPTION_TEMPERATURE_MESSAGE =
  "Transcription temperature must be between 0 and 1";

/** ISO 639-1 language codes. */
const ISO_639_1 =
  "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu".split(
    " ",
  );
export const LANGUAGE_CODES: readonly string[] = ISO_639_1;
/** Languages offered first in the settings form (any ISO 639-1 code is accepted). */
export const COMMON_LANGUAGES = [
  "en",
  "fr",
  "de",
  "es",
  "it",
  "nl",
  "pt",
  "pl",
  "sv",
  "da",
  "no",
  "fi",
  "cs",
  "ro",
  "el",
  "tr",
  "ru",
  "uk",
  "ar",
  "he",
  "hi",
  "zh",
  "ja",
  "ko",
] as const;

export const speechVoiceSchema = z.enum(SPEECH_VOICES, { message: "Choose one of the voices" });
export const speechFormatSchema = z.enum(SPEECH_FORMATS, {
  message: "Audio format must be mp3, opus, aac, flac, wav or pcm",
});
export const speechSpeedSchema = z
  .number({ message: SPEECH_SPEED_MESSAGE })
  .min(MIN_SPEECH_SPEED, SPEECH_SPEED_MESSAGE)
  .max(MAX_SPEECH_SPEED, SPEECH_SPEED_MESSAGE);
export const transcriptionTemperatureSchema = z
  .number({ message: TRANSCRIPTION_TEMPERATURE_MESSAGE })
  .min(0, TRANSCRIPTION_TEMPERATURE_MESSAGE)
  .max(1, TRANSCRIPTION_TEMPERATURE_MESSAGE);
/** "auto" (detect) or an ISO 639-1 code such as "en". */
export const transcriptionLanguageSchema = singleLineText({ trim: true })
  .toLowerCase()
  .refine(
    (value) => value === "auto" || LANGUAGE_CODES.includes(value),
    "Language must be auto or a two-letter ISO 639-1 code such as en",
  );

export const voiceSettingsSchema = z.object({
  voice: speechVoiceSchema,
  speed: speechSpeedSchema,
  format: speechFormatSchema,
  language: transcriptionLanguageSchema,
  temperature: transcriptionTemperatureSchema,
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

export const DEFAULT_VOICE_SETTINGS: VoiceSettings = {
  voice: "alloy",
  speed: 1,
  format: "mp3",
  language: "auto",
  temperature: 0,
};

/** Longest text read aloud in one request. */
export const MAX_SPEECH_TEXT = 10_000;
/** Largest recording transcribed (OpenAI's own limit). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/** Longest recording transcribed; the recorder stops there. */
export const MAX_AUDIO_SECONDS = 600;

/** POST /api/voice/speech: the text, and (for "Hear a sample") settings not saved yet. */
export const speechRequestSchema = z.object({
  text: multiLineText()
    .refine((v) => v.trim().length > 0, "Enter some text to read aloud")
    .refine(
      (v) => v.length <= MAX_SPEECH_TEXT,
      `Text to read aloud must be at most ${MAX_SPEECH_TEXT} characters`,
    ),
  voice: speechVoiceSchema.optional(),
  speed: speechSpeedSchema.optional(),
  format: speechFormatSchema.optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

/** POST /api/voice/transcribe's answer. */
export const transcriptionSchema = z.object({
  text: z.string(),
  language: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

/** The content type of each format as the speech route sends it. */
export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: "audio/mpeg",
  opus: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
  wav: "audio/wav",
  pcm: "audio/pcm;rate=24000;bits=16;channels=1",
};
