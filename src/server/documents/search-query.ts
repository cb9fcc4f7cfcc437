/**
 * What a user typed in the search box, taken apart (decision 031). Nothing of
 * it ever reaches PostgreSQL's tsquery syntax: each piece goes as a parameter
 * to plainto_tsquery / phraseto_tsquery, and a prefix only as letters and
 * digits, so no input can make a malformed query.
 *
 * - plain words: any of them may match (ranked: more matches rank higher)
 * - "a phrase": those words next to each other
 * - word*: any word starting with it
 * - -word: documents with it are left out
 * - OR / AND / | between words: accepted and ignored (any word matches anyway)
 */
export interface ParsedQuery {
  words: string[];
  phrases: string[];
  prefixes: string[];
  excluded: string[];
}

const MAX_TERMS = 32;
const CONNECTIVES = new Set(["or", "and", "|", "&"]);
/** Letters and digits of a word (Unicode), the rest dropped. */
const wordOnly = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, "");

export function parseSearchQuery(text: string): ParsedQuery {
  const parsed: ParsedQuery = { words: [], phrases: [], prefixes: [], excluded: [] };
  const source = text.normalize("NFC");
  const pattern = /(-?)"([^"]*)"?|(\S+)/g;
  let count = 0;
  for (const match of source.matchAll(pattern)) {
    if (count >= MAX_TERMS) break;
    const [, negated, phrase, token] = match;
    if (phrase !== undefined) {
      const words = phrase.split(/\s+/).map(wordOnly).filter(Boolean);
      if (words.length === 0) continue;
      const joined = words.join(" ");
      if (negated) parsed.excluded.push(joined);
      else if (words.length === 1) parsed.words.push(joined.toLowerCase());
      else parsed.phrases.push(joined);
      count++;
      continue;
    }
    if (!token || CONNECTIVES.has(token.toLowerCase())) continue;
    if (token.startsWith("-") && token.length > 1) {
      const word = wordOnly(token.slice(1));
      if (word) parsed.excluded.push(word);
      count++;
      continue;
    }
    if (token.endsWith("*")) {
      const word = wordOnly(token);
      if (word) parsed.prefixes.push(word.toLowerCase());
      count++;
      continue;
    }
    // Keep inner punctuation (e-mail, o'brien): the parser of plainto_tsquery knows it.
    const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (word) {
      parsed.words.push(word.toLowerCase());
      count++;
    }
  }
  parsed.words = [...new Set(parsed.words)];
  return parsed;
}

/** Whether anything positive is left to search for. */
export function hasSearchTerms(parsed: ParsedQuery): boolean {
  return parsed.words.length + parsed.phrases.length + parsed.prefixes.length > 0;
}

/**
 * A passage with markers (\u0002 … \u0003) around matched words, from
 * ts_headline: the plain text, the ranges that matched, and those words.
 */
export function splitHighlights(marked: string): {
  text: string;
  highlights: { start: number; end: number }[];
  words: string[];
} {
  const clean = marked.replace(/[\t\n\r ]+/g, " ");
  let text = "";
  const highlights: { start: number; end: number }[] = [];
  const words: string[] = [];
  let open = -1;
  for (const ch of clean) {
    if (ch === "\u0002") {
      open = text.length;
    } else if (ch === "\u0003") {
      if (open >= 0 && text.length > open) {
        highlights.push({ start: open, end: text.length });
        words.push(text.slice(open).toLowerCase());
      }
      open = -1;
    } else {
      text += ch;
    }
  }
  const trimmedStart = text.length - text.trimStart().length;
  const trimmed = text.trim();
  return {
    text: trimmed,
    highlights: highlights
      .map((h) => ({ start: h.start - trimmedStart, end: h.end - trimmedStart }))
      .filter((h) => h.start >= 0 && h.end <= trimmed.length),
    words,
  };
}
