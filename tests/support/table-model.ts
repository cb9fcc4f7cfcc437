import type { FakeOpenAI, RecordedRequest, Reply } from "./fake-openai.ts";

/**
 * The loopback model's answers for review-table cells (decision 027): it reads
 * the question, the answer format, the document's name and the numbered
 * passages from the prompt, and answers a JSON object as the table asks, so
 * tests and the bench drive the real filling code. It counts the calls per
 * cell ("<document name>|<question>"), can fail a cell's first call, and can
 * take a set time per answer.
 */

export interface TableModel {
  /** Calls per "<document name>|<question>". */
  calls: Map<string, number>;
  /** Cells whose first call gets HTTP `status` (then they are answered). */
  failOnce(key: string, status?: number): void;
  /** Milliseconds per answer. */
  delayMs: number;
  /**
   * From now on, every answer waits until `allow` lets it through or `release` ends the hold:
   * a test sees cells waiting, or a fill in progress, however busy the machine is.
   */
  hold(): void;
  /** Lets the next `count` held answers through (those waiting first). */
  allow(count: number): void;
  /** Ends the hold: every waiting answer, and every later one, goes. */
  release(): void;
  /** Total table calls. */
  readonly total: number;
}

export interface ParsedCellPrompt {
  question: string;
  format: string;
  documentName: string;
  passages: Map<number, string>;
}

export function parseCellPrompt(text: string): ParsedCellPrompt | undefined {
  const question = /^Question: (.*)$/m.exec(text)?.[1];
  const format = /^Answer format: (.*)$/m.exec(text)?.[1];
  const documentName = /^Document: (.*)$/m.exec(text)?.[1];
  if (question === undefined || format === undefined || documentName === undefined)
    return undefined;
  const passages = new Map<number, string>();
  for (const m of text.matchAll(/<passage n="(\d+)"[^>]*>\n([\s\S]*?)\n<\/passage>/g)) {
    passages.set(Number(m[1]), m[2]!);
  }
  return { question, format, documentName, passages };
}

/** What the fake answers for a cell, by the format asked. */
export function fakeAnswer(prompt: ParsedCellPrompt): string {
  const f = prompt.format;
  if (f.includes('"Yes" or "No"')) return "yes";
  if (f.includes("ISO format")) return "3 March 2024";
  if (f.includes("one number only")) return "1,250";
  if (f.includes("ISO 4217")) return "EUR 1,250";
  if (f.includes("exactly one of these options")) {
    const first = /options, copied as written: "([^"]*)"/.exec(f)?.[1] ?? "?";
    return first.toLowerCase();
  }
  if (f.includes("semicolons")) return "alpha; beta";
  return `About ${prompt.documentName}: ${prompt.question}`;
}

export const cellKey = (documentName: string, question: string) => `${documentName}|${question}`;

export function installTableModel(
  fake: FakeOpenAI,
  options: { delayMs?: number } = {},
): TableModel {
  const calls = new Map<string, number>();
  const failures = new Map<string, number>();
  let total = 0;
  let holding = false;
  let permits = 0;
  const waiting: Array<() => void> = [];
  const gate = (): Promise<void> | undefined => {
    if (!holding) return undefined;
    if (permits > 0) {
      permits--;
      return undefined;
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const model: TableModel = {
    calls,
    failOnce(key, status = 500) {
      failures.set(key, status);
    },
    delayMs: options.delayMs ?? 0,
    hold() {
      holding = true;
    },
    allow(count) {
      permits += count;
      while (permits > 0 && waiting.length > 0) {
        permits--;
        waiting.shift()?.();
      }
    },
    release() {
      holding = false;
      permits = 0;
      for (const resolve of waiting.splice(0)) resolve();
    },
    get total() {
      return total;
    },
  };
  fake.respond((request: RecordedRequest): Reply | undefined => {
    const prompt = parseCellPrompt(request.lastUserText);
    if (!prompt) return undefined;
    total++;
    const key = cellKey(prompt.documentName, prompt.question);
    calls.set(key, (calls.get(key) ?? 0) + 1);
    const status = failures.get(key);
    if (status !== undefined) {
      failures.delete(key);
      return {
        kind: "http-error",
        status,
        message: `Fake provider is busy (HTTP ${status}).`,
        code: "fake_busy",
      };
    }
    const first = prompt.passages.get(1);
    const citations = first
      ? [
          { passage: 1, quote: first.split(/\s+/).slice(0, 4).join(" ") },
          { passage: 99, quote: "an invented passage" },
        ]
      : [];
    const text = JSON.stringify({
      answer: fakeAnswer(prompt),
      explanation: `Read in ${prompt.documentName}.`,
      citations,
    });
    return { kind: "stream", steps: [{ text }], firstDelayMs: model.delayMs, gate: gate() };
  });
  return model;
}
