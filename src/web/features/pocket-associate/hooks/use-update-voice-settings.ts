import { api } from "#shared/api/index.ts";
import { useLiveMutation } from "../../../lib/sync/mutations.ts";

/** The settings form shows its own errors (no toast). */
export const useUpdateVoiceSettings = () =>
  useLiveMutation(api.voice.updateSettings, { showErrorToast: false });
