import { useQuery } from "@tanstack/react-query";
import Loader2 from "lucide-react/icons/loader-circle";
import Square from "lucide-react/icons/square";
import Volume2 from "lucide-react/icons/volume-2";
import { useEffect, useRef, useState } from "react";
import { MAX_SPEECH_TEXT } from "#shared/schemas/voice.ts";
import { Button } from "../../../../components/ui/button.tsx";
import { toast } from "../../../../components/ui/toast-store.ts";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { useAuthClient } from "../../../../lib/auth/auth-context.ts";
import { speakableText } from "../../../../lib/voice/speakable-text.ts";
import { type Playback, playSpeech } from "../../../../lib/voice/speech-player.ts";
import { voiceSettingsOptions } from "../../../../lib/voice/voice-queries.ts";

/** Reads an answer aloud with the member's voice; click again to stop. Hidden without a provider. */
export function ReadAloudButton({ text }: { text: string }) {
  const voice = useQuery(voiceSettingsOptions());
  const auth = useAuthClient();
  const [state, setState] = useState<"idle" | "loading" | "playing">("idle");
  const playback = useRef<Playback | null>(null);
  useEffect(() => () => playback.current?.stop(), []);
  if (!voice.data?.available) return null;

  const toggle = async () => {
    if (state !== "idle") {
      playback.current?.stop();
      setState("idle");
      return;
    }
    const speakable = speakableText(text).slice(0, MAX_SPEECH_TEXT);
    if (!speakable) return;
    setState("loading");
    try {
      const started = await playSpeech({ text: speakable }, await auth.fetchAccessToken());
      playback.current = started;
      setState("playing");
      await started.finished;
    } catch (error) {
      toast({
        title: "Could not read the answer aloud",
        description: error instanceof Error ? error.message : undefined,
        variant: "error",
      });
    } finally {
      playback.current = null;
      setState("idle");
    }
  };

  const label = state === "idle" ? "Read aloud" : "Stop reading";
  return (
    <Tooltip content={label}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-pressed={state !== "idle"}
        onClick={() => void toggle()}
        data-testid="read-aloud"
        data-state={state}
      >
        {state === "loading" ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : state === "playing" ? (
          <Square aria-hidden="true" className="fill-current [&]:size-3" />
        ) : (
          <Volume2 aria-hidden="true" />
        )}
      </Button>
    </Tooltip>
  );
}
