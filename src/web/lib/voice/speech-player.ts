import { AppError, errorBodySchema } from "#shared/errors.ts";
import type { SpeechRequest, Transcription } from "#shared/schemas/voice.ts";
import { transcriptionSchema } from "#shared/schemas/voice.ts";

/** Speech from POST /api/voice/speech, played as it streams where the browser can. */
export interface Playback {
  stop(): void;
  /** Settles when playback ends, is stopped, or fails. */
  finished: Promise<void>;
}

let current: Playback | null = null;

const authHeaders = (token: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

async function errorFrom(response: Response): Promise<AppError> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) {
    return new AppError(
      parsed.data.errorData?.code ?? "INTERNAL",
      parsed.data.errorMessage,
      parsed.data.errorData,
    );
  }
  return new AppError("INTERNAL", `The request failed (HTTP ${response.status}).`);
}

/**
 * Read `request.text` aloud; one playback at a time (a new one stops the
 * last). MP3 streams through Media Source Extensions, so the first sentence
 * plays while the rest is synthesized; other formats play once received
 * (raw PCM wrapped in a WAV header).
 */
export async function playSpeech(request: SpeechRequest, token: string | null): Promise<Playback> {
  current?.stop();
  const controller = new AbortController();
  const response = await fetch("/api/voice/speech", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...authHeaders(token) },
    body: JSON.stringify(request),
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw await errorFrom(response);
  const format = response.headers.get("X-Speech-Format") ?? "mp3";
  const audio = new Audio();
  let objectUrl: string;
  if (
    format === "mp3" &&
    typeof MediaSource !== "undefined" &&
    MediaSource.isTypeSupported("audio/mpeg")
  ) {
    const source = new MediaSource();
    objectUrl = URL.createObjectURL(source);
    audio.src = objectUrl;
    void streamInto(source, response.body, controller.signal);
  } else {
    let blob = await response.blob();
    if (format === "pcm") blob = wavFromPcm(new Uint8Array(await blob.arrayBuffer()));
    objectUrl = URL.createObjectURL(blob);
    audio.src = objectUrl;
  }
  let stop = () => {};
  const finished = new Promise<void>((resolve) => {
    const end = () => {
      controller.abort();
      audio.pause();
      URL.revokeObjectURL(objectUrl);
      if (current === playback) current = null;
      resolve();
    };
    stop = end;
    audio.addEventListener("ended", end, { once: true });
    audio.addEventListener("error", end, { once: true });
  });
  const playback: Playback = { stop: () => stop(), finished };
  current = playback;
  await audio.play().catch((error: unknown) => {
    stop();
    throw error;
  });
  return playback;
}

async function streamInto(
  source: MediaSource,
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): Promise<void> {
  if (source.readyState !== "open") {
    await new Promise((resolve) => source.addEventListener("sourceopen", resolve, { once: true }));
  }
  const buffer = source.addSourceBuffer("audio/mpeg");
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      buffer.appendBuffer(value as Uint8Array<ArrayBuffer>);
      await new Promise((resolve) => buffer.addEventListener("updateend", resolve, { once: true }));
    }
    if (source.readyState === "open") source.endOfStream();
  } catch {
    if (source.readyState === "open") source.endOfStream("network");
  }
}

/** OpenAI's pcm: 24 kHz, 16-bit little-endian, mono, with a WAV header in front. */
function wavFromPcm(pcm: Uint8Array): Blob {
  const header = new DataView(new ArrayBuffer(44));
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) header.setUint8(offset + i, value.charCodeAt(i));
  };
  const rate = 24_000;
  text(0, "RIFF");
  header.setUint32(4, 36 + pcm.length, true);
  text(8, "WAVE");
  text(12, "fmt ");
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, rate, true);
  header.setUint32(28, rate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  text(36, "data");
  header.setUint32(40, pcm.length, true);
  return new Blob([header.buffer, pcm as Uint8Array<ArrayBuffer>], { type: "audio/wav" });
}

/** A recording as text (POST /api/voice/transcribe). */
export async function transcribeRecording(
  audio: Blob,
  durationSeconds: number,
  token: string | null,
): Promise<Transcription> {
  const form = new FormData();
  const extension = audio.type.includes("mp4")
    ? "m4a"
    : audio.type.includes("ogg")
      ? "ogg"
      : "webm";
  form.append("audio", audio, `recording.${extension}`);
  form.append("durationSeconds", String(Math.round(durationSeconds)));
  const response = await fetch("/api/voice/transcribe", {
    method: "POST",
    headers: authHeaders(token),
    body: form,
  });
  if (!response.ok) throw await errorFrom(response);
  return transcriptionSchema.parse(await response.json());
}
