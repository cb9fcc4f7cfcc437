import { useSuspenseQuery } from "@tanstack/react-query";
import { PageHeader } from "../../../components/page-header.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { voiceSettingsOptions } from "../../../lib/voice/voice-queries.ts";
import { VoiceSettingsForm } from "./voice-settings-form.tsx";

/** /account/pocket-associate: the member's voice assistant settings. */
export function PocketAssociatePage() {
  usePageTitle("Pocket associate");
  const { data } = useSuspenseQuery(voiceSettingsOptions());
  return (
    <div className="w-full" data-testid="pocket-associate-page">
      <PageHeader
        level={2}
        title="Pocket associate"
        description="Dictate messages and have answers read aloud in the chat."
      />
      <div className="mt-8 grid gap-6">
        {data.available ? null : (
          <Alert
            variant="warning"
            title="Voice is not set up on this server"
            data-testid="voice-unavailable"
          >
            An administrator can add a speech provider: set <code>SPEECH_API_KEY</code> (or{" "}
            <code>OPENAI_API_KEY</code>) for OpenAI, or <code>SPEECH_PROVIDER_URL</code> for a
            server speaking OpenAI's audio API, then restart. Until then the chat's microphone and
            speaker buttons are hidden; your settings below are kept for later.
          </Alert>
        )}
        <Card role="region" aria-labelledby="voice-settings-title">
          <CardHeader>
            <CardTitle id="voice-settings-title">Voice</CardTitle>
            <CardDescription>
              How answers sound, and how your dictation is understood.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <VoiceSettingsForm
              key={JSON.stringify(data.settings)}
              settings={data.settings}
              available={data.available}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
