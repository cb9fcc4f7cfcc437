import type { QueryClient } from "@tanstack/react-query";
import { ignoreAuthRequired } from "../../../components/loader-guard.ts";
import { voiceSettingsOptions } from "../../../lib/voice/voice-queries.ts";

/** /account/pocket-associate's loader: the member's voice settings. */
export async function preloadPocketAssociate(queryClient: QueryClient): Promise<void> {
  await ignoreAuthRequired(queryClient.ensureQueryData(voiceSettingsOptions()));
}
