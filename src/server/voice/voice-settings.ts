import { eq } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import {
  DEFAULT_VOICE_SETTINGS,
  type VoiceSettings,
  voiceSettingsSchema,
} from "#shared/schemas/voice.ts";
import type { Identity } from "../auth/identity.ts";
import type { Executor } from "../db/database.ts";
import { userPreferences } from "../db/schema.ts";

/**
 * A member's pocket associate settings, kept on user_preferences (null
 * columns use the defaults). A stored value that no longer passes the rules
 * (a voice the list dropped) falls back to its default rather than fail.
 */
export async function readVoiceSettings(db: Executor, userId: string): Promise<VoiceSettings> {
  const [row] = await db
    .select({
      voice: userPreferences.voice,
      speed: userPreferences.speechSpeed,
      format: userPreferences.audioFormat,
      language: userPreferences.transcriptionLanguage,
      temperature: userPreferences.transcriptionTemperature,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  const settings = { ...DEFAULT_VOICE_SETTINGS };
  if (!row) return settings;
  const shape = voiceSettingsSchema.shape;
  const pick = <K extends keyof VoiceSettings>(key: K, value: unknown) => {
    const parsed = shape[key].safeParse(value);
    if (value !== null && parsed.success) settings[key] = parsed.data as VoiceSettings[K];
  };
  pick("voice", row.voice);
  pick("speed", row.speed);
  pick("format", row.format);
  pick("language", row.language);
  pick("temperature", row.temperature);
  return settings;
}

/** Store the given settings (the others keep theirs); answers them all. */
export async function updateVoiceSettings(options: {
  db: Executor;
  caller: Identity;
  changes: Partial<VoiceSettings>;
}): Promise<VoiceSettings> {
  const { db, caller, changes } = options;
  if (!caller.organizationId) {
    throw new AppError("FORBIDDEN", "Your account does not belong to an organization.");
  }
  const columns = {
    ...(changes.voice !== undefined && { voice: changes.voice }),
    ...(changes.speed !== undefined && { speechSpeed: changes.speed }),
    ...(changes.format !== undefined && { audioFormat: changes.format }),
    ...(changes.language !== undefined && { transcriptionLanguage: changes.language }),
    ...(changes.temperature !== undefined && {
      transcriptionTemperature: changes.temperature,
    }),
  };
  await db
    .insert(userPreferences)
    .values({ userId: caller.userId, organizationId: caller.organizationId, ...columns })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { ...columns, updatedAt: new Date() },
    });
  return readVoiceSettings(db, caller.userId);
}
