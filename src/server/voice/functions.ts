import { api } from "#shared/api/index.ts";
import { implement, type ServerFunction } from "../api/registry.ts";
import { speechModels } from "./speech-provider.ts";
import { readVoiceSettings, updateVoiceSettings } from "./voice-settings.ts";

/** voice.*: the pocket associate's settings (the audio itself goes through /api/voice). */
export const voiceFunctions: ServerFunction[] = [
  implement(api.voice.getSettings, async (ctx) => {
    ctx.dependsOnRow("user_preferences", ctx.user.userId);
    return {
      settings: await readVoiceSettings(ctx.db, ctx.user.userId),
      available: speechModels(ctx.services.config) !== undefined,
    };
  }),

  implement(api.voice.updateSettings, async (ctx, args) => ({
    settings: await updateVoiceSettings({ db: ctx.db, caller: ctx.user, changes: args }),
    available: speechModels(ctx.services.config) !== undefined,
  })),
];
