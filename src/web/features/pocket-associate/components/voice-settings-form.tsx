import Loader2 from "lucide-react/icons/loader-circle";
import Save from "lucide-react/icons/save";
import Volume2 from "lucide-react/icons/volume-2";
import { type FormEvent, useState } from "react";
import {
  COMMON_LANGUAGES,
  LANGUAGE_CODES,
  MAX_SPEECH_SPEED,
  MIN_SPEECH_SPEED,
  SPEECH_FORMATS,
  SPEECH_VOICES,
  type VoiceSettings,
  voiceSettingsSchema,
} from "#shared/schemas/voice.ts";
import { formErrorFrom } from "../../../components/forms/form-errors.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { playSpeech } from "../../../lib/voice/speech-player.ts";
import { useUpdateVoiceSettings } from "../hooks/use-update-voice-settings.ts";

type Values = Record<keyof VoiceSettings, string>;
type Errors = Partial<Record<keyof VoiceSettings | "form", string>>;

const SAMPLE =
  "Hello, I am your pocket associate. I can read answers aloud and type what you dictate.";

const FORMATS: Record<string, { label: string; hint: string }> = {
  mp3: { label: "MP3", hint: "Plays everywhere; starts fastest." },
  opus: { label: "Opus", hint: "Small; good on slow connections." },
  aac: { label: "AAC", hint: "Suits Apple devices." },
  flac: { label: "FLAC", hint: "Lossless; large." },
  wav: { label: "WAV", hint: "Uncompressed; large." },
  pcm: { label: "PCM", hint: "Raw 24 kHz samples." },
};

const selectClass = cn(
  "h-9 w-full rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
  "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
  "aria-invalid:border-destructive",
);

const languageName = (() => {
  const names =
    typeof Intl !== "undefined" && "DisplayNames" in Intl
      ? new Intl.DisplayNames(["en"], { type: "language" })
      : null;
  return (code: string) => names?.of(code) ?? code;
})();

const toValues = (s: VoiceSettings): Values => ({
  voice: s.voice,
  speed: String(s.speed),
  format: s.format,
  language: s.language,
  temperature: String(s.temperature),
});

/** Parsed with the shared rules (SPEC 5); numbers typed as text become numbers first. */
function parse(values: Values): { data?: VoiceSettings; errors: Errors } {
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  const result = voiceSettingsSchema.safeParse({
    ...values,
    speed: number(values.speed),
    temperature: number(values.temperature),
  });
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]) as keyof VoiceSettings;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Voice, speed and format of speech; language and temperature of dictation. */
export function VoiceSettingsForm({
  settings,
  available,
}: {
  settings: VoiceSettings;
  available: boolean;
}) {
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [sampling, setSampling] = useState(false);
  const update = useUpdateVoiceSettings();
  const auth = useAuthClient();

  const field = (name: keyof VoiceSettings) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      setErrors((prev) => ({ ...prev, [name]: undefined, form: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: found } = parse(values);
    setErrors(found);
    if (!data) return;
    try {
      const saved = await update.mutateAsync(data);
      setValues(toValues(saved.settings));
      toast({ title: "Voice settings saved", variant: "success" });
    } catch (error) {
      setErrors(formErrorFrom(error, Object.keys(values)) as Errors);
    }
  };

  const hearSample = async () => {
    const { data, errors: found } = parse(values);
    setErrors(found);
    if (!data) return;
    setSampling(true);
    try {
      const playback = await playSpeech(
        { text: SAMPLE, voice: data.voice, speed: data.speed, format: data.format },
        await auth.fetchAccessToken(),
      );
      await playback.finished;
    } catch (error) {
      toast({
        title: "Could not play the sample",
        description: error instanceof Error ? error.message : undefined,
        variant: "error",
      });
    } finally {
      setSampling(false);
    }
  };

  const otherLanguages = LANGUAGE_CODES.filter(
    (code) => !(COMMON_LANGUAGES as readonly string[]).includes(code),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-8" data-testid="voice-settings-form">
      <fieldset className="grid gap-4">
        <legend className="mb-3 font-semibold text-sm">Reading aloud</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Voice" error={errors.voice}>
            <select {...field("voice")} className={selectClass} data-testid="voice-voice">
              {SPEECH_VOICES.map((voice) => (
                <option key={voice} value={voice}>
                  {voice[0]!.toUpperCase() + voice.slice(1)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            label="Speed"
            error={errors.speed}
            description={`${MIN_SPEECH_SPEED}× to ${MAX_SPEECH_SPEED}×; 1 is normal`}
          >
            <Input
              {...field("speed")}
              type="number"
              inputMode="decimal"
              step={0.05}
              min={MIN_SPEECH_SPEED}
              max={MAX_SPEECH_SPEED}
              data-testid="voice-speed"
            />
          </FormField>
          <FormField
            label="Audio format"
            error={errors.format}
            description={FORMATS[values.format]?.hint}
          >
            <select {...field("format")} className={selectClass} data-testid="voice-format">
              {SPEECH_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMATS[format]?.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="flex items-center gap-3 text-[12px] text-muted-foreground">
          <span aria-hidden="true">Slower</span>
          <input
            type="range"
            aria-label="Speech speed"
            min={MIN_SPEECH_SPEED}
            max={MAX_SPEECH_SPEED}
            step={0.05}
            value={Number.isFinite(Number(values.speed)) ? values.speed : "1"}
            onChange={field("speed").onChange}
            className="min-w-0 flex-1 accent-primary"
          />
          <span aria-hidden="true">Faster</span>
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-3 font-semibold text-sm">Dictation</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Language"
            error={errors.language}
            description="Naming it makes dictation faster and more accurate."
          >
            <select {...field("language")} className={selectClass} data-testid="voice-language">
              <option value="auto">Detect automatically</option>
              <optgroup label="Common">
                {COMMON_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code)} ({code})
                  </option>
                ))}
              </optgroup>
              <optgroup label="All languages">
                {otherLanguages.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code)} ({code})
                  </option>
                ))}
              </optgroup>
            </select>
          </FormField>
          <FormField
            label="Temperature"
            error={errors.temperature}
            description="0 to 1: 0 writes exactly what it hears; higher guesses more freely."
          >
            <Input
              {...field("temperature")}
              type="number"
              inputMode="decimal"
              step={0.1}
              min={0}
              max={1}
              data-testid="voice-temperature"
            />
          </FormField>
        </div>
      </fieldset>
      {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!available || sampling}
          onClick={() => void hearSample()}
          data-testid="voice-sample"
          title={available ? undefined : "No speech provider is configured"}
        >
          {sampling ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Volume2 aria-hidden="true" />
          )}
          Hear a sample
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="voice-save">
          <Save aria-hidden="true" />
          Save settings
        </Button>
      </div>
    </form>
  );
}
