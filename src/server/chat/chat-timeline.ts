import { appendFile, appendFileSync } from "node:fs";

/**
 * An opt-in record of where one chat request's time goes before its first token (for
 * bench/chat-latency.ts --timeline): with ATRIUM_CHAT_TIMELINE=<file>, every POST /api/chat
 * notes the milliseconds from its arrival to each step, and the server appends one JSON line
 * per chat to that file (in batches, off the request's path). Without it nothing is recorded.
 */
export type ChatMark =
  /** From the benchmark's sending of the request (its x-bench-sent-at header) to the route. */
  | "sent"
  | "claims"
  | "body"
  | "read"
  | "ready"
  /** runTurn started (the answer's writer, accumulator and opening frame next). */
  | "runTurn"
  /** streamText called (history converted, tools and instructions built). */
  | "streamText"
  | "modelCall"
  | "respond"
  | "firstOutput"
  | "written";

export interface ChatTimeline {
  mark(name: ChatMark): void;
}

const FILE = process.env.ATRIUM_CHAT_TIMELINE;
const pending: string[] = [];
let flushing = false;
if (FILE) process.once("exit", () => appendFileSync(FILE, pending.splice(0).join("")));

function flush() {
  if (flushing || pending.length === 0 || !FILE) return;
  flushing = true;
  const lines = pending.splice(0).join("");
  appendFile(FILE, lines, () => {
    flushing = false;
    if (pending.length >= 50) flush();
  });
}

/** Started as a chat request arrives; undefined (nothing recorded) unless the env asks for it. */
export function startChatTimeline(sentAt: string | undefined): ChatTimeline | undefined {
  if (!FILE) return undefined;
  const start = performance.now();
  const marks: Partial<Record<ChatMark, number>> = {};
  const sent = Number(sentAt);
  if (sentAt && Number.isFinite(sent)) {
    marks.sent = Math.round((sent - (performance.timeOrigin + start)) * 1000) / 1000;
  }
  let written = false;
  return {
    mark(name) {
      if (marks[name] !== undefined || name === "sent") return;
      marks[name] = Math.round((performance.now() - start) * 1000) / 1000;
      // A line once the turn's writes are in (they come after the first output).
      if (name === "written" && !written) {
        written = true;
        pending.push(`${JSON.stringify(marks)}\n`);
        if (pending.length >= 50) flush();
        else setTimeout(flush, 1_000).unref();
      }
    },
  };
}
