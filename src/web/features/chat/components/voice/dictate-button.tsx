import { useQuery } from "@tanstack/react-query";
import Loader2 from "lucide-react/icons/loader-circle";
import Mic from "lucide-react/icons/mic";
import Square from "lucide-react/icons/square";
import { useEffect, useRef, useState } from "react";
import { MAX_AUDIO_SECONDS } from "#shared/schemas/voice.ts";
import { Button } from "../../../../components/ui/button.tsx";
import { cn } from "../../../../components/ui/cn.ts";
import { toast } from "../../../../components/ui/toast-store.ts";
import { Tooltip } from "../../../../components/ui/tooltip.tsx";
import { useAuthClient } from "../../../../lib/auth/auth-context.ts";
import { transcribeRecording } from "../../../../lib/voice/speech-player.ts";
import { voiceSettingsOptions } from "../../../../lib/voice/voice-queries.ts";

type State = "idle" | "recording" | "transcribing";

const preferredType = () =>
  ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"].find(
    (type) => typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(type),
  );

/**
 * Click to record, click again to stop: the recording is transcribed by the
 * server and the text lands in the message box. Hidden when no speech
 * provider is configured or the browser cannot record.
 */
export function DictateButton({
  onText,
  disabled,
}: {
  onText: (text: string) => void;
  disabled: boolean;
}) {
  const voice = useQuery(voiceSettingsOptions());
  const auth = useAuthClient();
  const [state, setState] = useState<State>("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (state !== "recording") return;
    const started = Date.now();
    const timer = setInterval(() => {
      const elapsed = (Date.now() - started) / 1000;
      setSeconds(Math.floor(elapsed));
      if (elapsed >= MAX_AUDIO_SECONDS) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(() => () => recorder.current?.stop(), []);

  const canRecord =
    typeof navigator !== "undefined" &&
    Boolean(navigator.mediaDevices?.getUserMedia) &&
    typeof MediaRecorder !== "undefined";
  if (!voice.data?.available || !canRecord) return null;

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast({
        title: "Microphone unavailable",
        description: "Allow microphone access in the browser to dictate.",
        variant: "error",
      });
      return;
    }
    const type = preferredType();
    const media = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      const audio = new Blob(chunks, { type: media.mimeType || type || "audio/webm" });
      if (audio.size === 0) {
        setState("idle");
        return;
      }
      setState("transcribing");
      void (async () => {
        try {
          const result = await transcribeRecording(
            audio,
            (Date.now() - startedAt) / 1000,
            await auth.fetchAccessToken(),
          );
          if (result.text) onText(result.text);
          else
            toast({
              title: "Nothing was heard",
              description: "Try speaking closer to the microphone.",
            });
        } catch (error) {
          toast({
            title: "Could not transcribe",
            description: error instanceof Error ? error.message : undefined,
            variant: "error",
          });
        } finally {
          setState("idle");
        }
      })();
    };
    recorder.current = media;
    media.start(1000);
    setSeconds(0);
    setState("recording");
  };

  const label =
    state === "recording"
      ? "Stop dictating"
      : state === "transcribing"
        ? "Transcribing…"
        : "Dictate a message";
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

  return (
    <Tooltip content={label}>
      <Button
        type="button"
        variant="ghost"
        size={state === "recording" ? "sm" : "icon"}
        aria-label={label}
        aria-pressed={state === "recording"}
        disabled={(disabled && state === "idle") || state === "transcribing"}
        onClick={() => (state === "recording" ? recorder.current?.stop() : void start())}
        data-testid="dictate"
        data-state={state}
        className={cn(
          state === "recording" && "gap-1.5 px-2 text-destructive hover:text-destructive",
        )}
      >
        {state === "recording" ? (
          <>
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive opacity-60" />
              <span className="relative inline-flex size-2 rounded-full bg-destructive" />
            </span>
            <span className="font-mono text-[12px] tabular-nums">{clock}</span>
            <Square aria-hidden="true" className="fill-current [&]:size-3" />
          </>
        ) : state === "transcribing" ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Mic aria-hidden="true" />
        )}
      </Button>
    </Tooltip>
  );
}
