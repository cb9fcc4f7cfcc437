import { z } from "zod";
import {
  speechFormatSchema,
  speechSpeedSchema,
  speechVoiceSchema,
  transcriptionLanguageSchema,
  transcriptionTemperatureSchema,
  voiceSettingsSchema,
} from "../schemas/voice.ts";
import { mutationContract, queryContract } from "./define.ts";

const settingsAnswer = z.object({
  settings: voiceSettingsSchema,
  /** Whether a speech provider is configured: without one, dictation and read-aloud are hidden. */
  available: z.boolean(),
});

/** The caller's pocket associate settings (defaults filled in). */
export const getSettings = queryContract("voice.getSettings", {
  args: z.object({}),
  returns: settingsAnswer,
});

/** Change some settings; those left out keep theirs. */
export const updateSettings = mutationContract("voice.updateSettings", {
  args: z.object({
    voice: speechVoiceSchema.optional(),
    speed: speechSpeedSchema.optional(),
    format: speechFormatSchema.optional(),
    language: transcriptionLanguageSchema.optional(),
    temperature: transcriptionTemperatureSchema.optional(),
  }),
  returns: settingsAnswer,
});
