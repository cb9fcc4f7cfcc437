import * as voiceApi from "#shared/api/voice.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The settings form shows its own errors (no toast). */
export const useUpdateVoiceSettings = () =>
  useLiveMutation(voiceApi.updateSettings, { showErrorToast: false });
