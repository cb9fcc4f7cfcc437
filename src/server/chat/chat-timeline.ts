import { appendFile, appendFileSync } from "node:fs";

/**
 * An opt-in record of where one chat request's time goes before its first token (for
 * bench/chat-latency.ts --timeline): with ATRIUM_CHAT_TIMELINE=<file>, every POST /api/chat
 * notes the milliseconds from its arrival to each step, and the server appends one JSON line
 * per chat to that file (in batches, off the request's path). Without it nothing is recorded.
 * The benchmark's bare AI SDK relay records the same marks it has (its own file).
 */
export type ChatMark =
  /** From the benchmark's sending of the request (its x-bench-sent-at header) to the route. */
  | "sent"
  | "claims"
  | "body"
  | "read"
  /** The model was started from this instance's guess and the read agreed (decision 032, sixth round). */
  | "confirmed"
  | "ready"
  /** runTurn started (the answer's writer, accumulator and opening frame next). */
  | "runTurn"
  /** streamText called (history converted, tools and instructions built). */
  | "streamText"
  /** A guessed turn's model request reached the read's gate (the set-up is done). */
  | "gated"
  | "modelCall"
  | "respond"
  | "firstOutput"
  /** The turn's writes are in (the line is recorded then). */
  | "written";

export interface ChatTimeline {
  mark(name: ChatMark): void;
}

/** Starts a timeline as a request arrives (given its x-bench-sent-at header). */
export type StartTimeline = (sentAt: string | undefined) => ChatTimeline | undefined;

/** A recorder appending to `file`; one that records nothing without a file. */
export function timelineRecorder(file: string | undefined): StartTimeline {
  if (!file) return () => undefined;
  const pending: string[] = [];
  let flushing = false;
  process.once("exit", () => appendFileSync(file, pending.splice(0).join("")));
  const flush = () => {
    if (flushing || pending.length === 0) return;
    flushing = true;
    appendFile(file, pending.splice(0).join(""), () => {
      flushing = false;
      if (pending.length >= 50) flush();
    });
  };
  return (sentAt) => {
    const start = performance.now();
    const marks: Partial<Record<ChatMark, number>> = {};
    const sent = Number(sentAt);
    if (sentAt && Number.isFinite(sent)) {
      marks.sent = Math.round((sent - (performance.timeOrigin + start)) * 1000) / 1000;
    }
    let recorded = false;
    return {
      mark(name) {
        if (marks[name] !== undefined || name === "sent") return;
        marks[name] = Math.round((performance.now() - start) * 1000) / 1000;
        // A line once the turn's writes are in and its first output is out (at many chats at
        // once the writes may come first: they wait for the first output 25 ms at most).
        const complete = marks.written !== undefined && marks.firstOutput !== undefined;
        if (complete && !recorded) {
          recorded = true;
          // With the arrival on the clock of the statement log (bench/support/chat-statement-log.ts).
          const arrivedAt = Math.round((performance.timeOrigin + start) * 1000) / 1000;
          pending.push(`${JSON.stringify({ ...marks, arrivedAt })}\n`);
          if (pending.length >= 50) flush();
          else setTimeout(flush, 1_000).unref();
        }
      },
    };
  };
}

/** The server's: started as a chat request arrives; undefined unless the env asks for it. */
export const startChatTimeline: StartTimeline = timelineRecorder(process.env.ATRIUM_CHAT_TIMELINE);
