import * as voiceApi from "#shared/api/voice.ts";
import { STALE_TIME } from "#shared/constants.ts";
import { liveQueryOptions } from "../sync/live-query.ts";

/**
 * The member's pocket associate settings and whether voice is available
 * (read by the settings page and the chat's dictate and read-aloud buttons,
 * so it lives here rather than in one feature).
 */
export const voiceSettingsOptions = () =>
  liveQueryOptions(voiceApi.getSettings, {}, { staleTime: STALE_TIME.account });
