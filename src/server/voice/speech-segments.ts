import type { SpeechFormat } from "#shared/schemas/voice.ts";

/** Formats whose files play back to back when concatenated (frames, or raw samples). */
const CONCATENABLE: ReadonlySet<SpeechFormat> = new Set(["mp3", "aac", "pcm"]);
/** The provider's limit on one request's text (OpenAI: 4096). */
export const MAX_SEGMENT = 4000;
const FIRST_SEGMENT = 240;
const LATER_SEGMENT = 1500;

/**
 * The text cut into pieces synthesized one after another, so playback starts
 * after the first sentence instead of the whole answer: a short first piece,
 * then longer ones, each ending at a sentence (or word) boundary. Formats
 * that cannot be concatenated (opus, flac, wav files each carry a header) get
 * one piece, cut at MAX_SEGMENT characters.
 */
export function speechSegments(
  text: string,
  format: SpeechFormat,
): { segments: string[]; truncated: boolean } {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!CONCATENABLE.has(format)) {
    if (clean.length <= MAX_SEGMENT) return { segments: [clean], truncated: false };
    return { segments: [cutAt(clean, MAX_SEGMENT)], truncated: true };
  }
  const segments: string[] = [];
  let rest = clean;
  while (rest.length > 0) {
    const limit = segments.length === 0 ? FIRST_SEGMENT : LATER_SEGMENT;
    const piece = rest.length <= limit ? rest : cutAt(rest, limit);
    segments.push(piece);
    rest = rest.slice(piece.length).trim();
  }
  return { segments, truncated: false };
}

/** The longest start of `text` within `limit` that ends a sentence, else a word. */
function cutAt(text: string, limit: number): string {
  const window = text.slice(0, limit);
  const sentence = Math.max(
    window.lastIndexOf(". "),
    window.lastIndexOf("! "),
    window.lastIndexOf("? "),
    window.lastIndexOf("\u3002"),
  );
  if (sentence > limit / 3) return window.slice(0, sentence + 1);
  const space = window.lastIndexOf(" ");
  return space > limit / 3 ? window.slice(0, space) : window;
}
