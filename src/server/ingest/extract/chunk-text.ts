import { CHUNK_TARGET_CHARS } from "./limits.ts";
import type { ExtractedChunk, TextSection } from "./types.ts";

/**
 * Search passages: sentences gathered into chunks of about CHUNK_TARGET_CHARS,
 * never across a page, sheet or slide, so a passage cites one place. A
 * "sentence" longer than a chunk (a table row, a text with no punctuation, a
 * 50 MB single line) is cut at whitespace, or anywhere when it has none.
 */

const sentences = new Intl.Segmenter(undefined, { granularity: "sentence" });

export function chunkSections(
  sections: readonly TextSection[],
  target = CHUNK_TARGET_CHARS,
): ExtractedChunk[] {
  return sections.flatMap((section) =>
    chunkText(section.text, target).map((content) => ({ content, location: section.location })),
  );
}

export function chunkText(text: string, target = CHUNK_TARGET_CHARS): string[] {
  const chunks: string[] = [];
  let current = "";
  const flush = () => {
    const trimmed = current.trim();
    if (trimmed) chunks.push(trimmed);
    current = "";
  };
  for (const { segment } of sentences.segment(text)) {
    if (current.length + segment.length <= target) {
      current += segment;
      continue;
    }
    flush();
    if (segment.length <= target) {
      current = segment;
      continue;
    }
    const pieces = splitLong(segment, target);
    // The last piece of a long sentence may share a chunk with what follows.
    current = pieces.pop() ?? "";
    chunks.push(...pieces);
  }
  flush();
  return chunks;
}

/** Cut text into pieces of at most `target` units, preferring whitespace in the second half. */
function splitLong(text: string, target: number): string[] {
  const pieces: string[] = [];
  // Trailing whitespace stays on the last piece: it separates it from what follows.
  let rest = text.trimStart();
  while (rest.length > target) {
    const cut = cutPoint(rest, target);
    const piece = rest.slice(0, cut).trim();
    if (piece) pieces.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

function cutPoint(text: string, target: number): number {
  for (let i = target; i > target / 2; i -= 1) {
    if (isSpace(text.charCodeAt(i))) return i;
  }
  const code = text.charCodeAt(target - 1);
  // Never split a surrogate pair.
  return code >= 0xd800 && code <= 0xdbff ? target - 1 : target;
}

function isSpace(code: number): boolean {
  return (
    code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0 || code === 0x3000
  );
}
