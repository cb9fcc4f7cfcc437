import { MAX_SUMMARY_CHARS, MAX_SUMMARY_INPUT_CHARS } from "./limits.ts";
import { cutText } from "./text-utils.ts";

/**
 * An extractive summary: the sentences whose words are most frequent in the
 * document (stop words aside), favouring the opening, at most `maxChars`,
 * in their original order. When nothing reads like a sentence, the opening
 * text stands in. Null for a document without text.
 */

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });

const MIN_WORDS = 5;
const MAX_WORDS = 80;
const MAX_SENTENCE_CHARS = 400;
/** Two sentences sharing this share of their words say the same thing. */
const MAX_OVERLAP = 0.7;

// biome-ignore format: a word list reads better packed
const STOP_WORDS = new Set([
  "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are",
  "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
  "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from",
  "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him",
  "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "may",
  "me", "might", "more", "most", "must", "my", "myself", "no", "nor", "not", "now", "of", "off",
  "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same",
  "shall", "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs",
  "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
  "under", "until", "up", "upon", "us", "very", "was", "we", "were", "what", "when", "where",
  "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours",
  "yourself", "yourselves",
]);

interface Candidate {
  index: number;
  text: string;
  words: string[];
  score: number;
}

export function summarize(fullText: string, maxChars = MAX_SUMMARY_CHARS): string | null {
  const text = cutText(fullText, MAX_SUMMARY_INPUT_CHARS);
  if (!text.trim()) return null;
  const candidates = sentenceCandidates(text);
  if (candidates.length === 0) return leadText(text, maxChars);
  scoreCandidates(candidates);
  const chosen: Candidate[] = [];
  let length = 0;
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    if (length + candidate.text.length + 1 > maxChars) continue;
    if (chosen.some((other) => overlap(other.words, candidate.words) >= MAX_OVERLAP)) continue;
    chosen.push(candidate);
    length += candidate.text.length + 1;
  }
  if (chosen.length === 0) return leadText(candidates[0]!.text, maxChars);
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((candidate) => withFullStop(candidate.text))
    .join(" ");
}

/**
 * Sentence segmentation breaks after every line break, so a PDF's wrapped
 * lines would become half-sentences ("…under a Statement of."). A single line
 * break after a long line that does not end a sentence is a wrap: join it.
 * Short lines (headings, bullets) keep their breaks.
 */
export function unwrapLines(text: string): string {
  // Line by line, in linear time: a regular expression over the text costs the square of a
  // line's length (a 100,000-character line took 24 s).
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    const isWrap =
      next !== undefined && line.length >= WRAP_MIN_CHARS && STARTS_WITH_TEXT.test(next);
    if (!isWrap) {
      out.push(next === undefined ? line : `${line}\n`);
      continue;
    }
    // The line without its trailing spaces and tabs, but never shorter than WRAP_MIN_CHARS.
    let end = line.length;
    while (end > WRAP_MIN_CHARS && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
    const content = line.slice(0, end);
    const endsSentence = SENTENCE_END.test(content.trimEnd().slice(-SENTENCE_END_TAIL));
    out.push(endsSentence ? `${line}\n` : `${content} `);
  }
  return out.join("");
}

/** A line this long that does not end a sentence, followed by more text, was wrapped. */
const WRAP_MIN_CHARS = 50;
const STARTS_WITH_TEXT = /^[ \t]*\S/;
const SENTENCE_END = /[.!?…:;。！？]["'”’)\]]*$/u;
/** How much of a line's end SENTENCE_END looks at (punctuation plus closing quotes). */
const SENTENCE_END_TAIL = 32;

function sentenceCandidates(fullText: string): Candidate[] {
  const text = unwrapLines(fullText);
  const candidates: Candidate[] = [];
  let index = 0;
  for (const { segment } of sentenceSegmenter.segment(text)) {
    index += 1;
    // Tab-separated cells are table rows, not sentences.
    if (segment.length > MAX_SENTENCE_CHARS * 2 || segment.includes("\t")) continue;
    const clean = segment.replace(/\s+/g, " ").trim();
    if (clean.length > MAX_SENTENCE_CHARS) continue;
    const words = wordsOf(clean);
    if (words.length < MIN_WORDS || words.length > MAX_WORDS) continue;
    candidates.push({ index, text: clean, words, score: 0 });
  }
  return candidates;
}

function wordsOf(sentence: string): string[] {
  const words: string[] = [];
  for (const { segment, isWordLike } of wordSegmenter.segment(sentence.toLowerCase())) {
    if (isWordLike) words.push(segment);
  }
  return words;
}

function isContentWord(word: string): boolean {
  return (
    !STOP_WORDS.has(word) &&
    !/^\d+([.,]\d+)*$/.test(word) &&
    (word.length > 2 || /[^\p{Script=Latin}]/u.test(word))
  );
}

/** Mean normalized frequency of a sentence's content words, with a lift for the opening sentences. */
function scoreCandidates(candidates: Candidate[]): void {
  const frequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const word of new Set(candidate.words)) {
      if (isContentWord(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const top = Math.max(1, ...frequency.values());
  const firstIndex = candidates[0]!.index;
  for (const candidate of candidates) {
    const content = [...new Set(candidate.words)].filter(isContentWord);
    const weight = content.reduce((sum, word) => sum + (frequency.get(word) ?? 0) / top, 0);
    const opening = candidate.index - firstIndex < 3 ? 1.25 : 1;
    candidate.score = (weight / Math.sqrt(Math.max(content.length, 1))) * opening;
  }
}

function overlap(a: readonly string[], b: readonly string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  let shared = 0;
  for (const word of setA) if (setB.has(word)) shared += 1;
  return shared / Math.max(1, Math.min(setA.size, setB.size));
}

/** Lines without end punctuation (slide bullets, list items) read as run-ons when joined. */
function withFullStop(sentence: string): string {
  return /[.!?…:;。！？]["'”’)\]]*$/u.test(sentence) ? sentence : `${sentence}.`;
}

/** The start of the text, cut at a word boundary with an ellipsis. */
function leadText(text: string, maxChars: number): string {
  const clean = cutText(text, maxChars * 4)
    .replace(/\s+/g, " ")
    .trim();
  if (clean.length <= maxChars) return clean;
  const cut = cutText(clean, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}
