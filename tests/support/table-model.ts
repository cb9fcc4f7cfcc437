import type { FakeOpenAI, Handler } from "./fake-openai.ts";
import { textReply } from "./fake-openai.ts";

/**
 * A review table's model on the loopback fake: for every cell request (the
 * system prompt names a review table) it answers the question from the
 * first passage given, quoting that passage's first words, as JSON. The
 * answer depends on the question's answer format, so typed values show:
 * "Yes", a date, a number, or the passage's first words. `delayMs` paces
 * each answer so a test can watch cells fill.
 */
export function answerTableCells(fake: FakeOpenAI, options: { delayMs?: number } = {}): void {
  fake.respond(tableCellHandler(options));
}

export function tableCellHandler(options: { delayMs?: number } = {}): Handler {
  return (request) => {
    const system = request.body.messages
      .filter((m) => m.role === "system")
      .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
      .join("\n");
    if (!/review table/i.test(system)) return undefined;
    const text = request.lastUserText;
    const passage = /<passage n="1"[^>]*>\n([\s\S]*?)\n<\/passage>/.exec(text)?.[1] ?? "";
    const quote = passage.split(/\s+/).slice(0, 8).join(" ");
    const format = /Answer format: (.*)/.exec(text)?.[1] ?? "";
    const answer = !passage
      ? "Not found"
      : /"Yes" or "No"/.test(format)
        ? "Yes"
        : /YYYY-MM-DD/.test(format)
          ? "2024-05-31"
          : /one number only/.test(format)
            ? String(passage.length)
            : quote.split(" ").slice(0, 4).join(" ");
    const body = JSON.stringify({
      answer,
      explanation: passage ? `The first passage says: ${quote}.` : "No passage answers this.",
      citations: passage ? [{ passage: 1, quote }] : [],
    });
    return { ...textReply(body), firstDelayMs: options.delayMs ?? 0 };
  };
}
