import { appendFileSync } from "node:fs";
import { queryLogger } from "../../src/server/db/database.ts";

/**
 * A preload for the server child (`node --import=./bench/support/chat-statement-log.ts`) that
 * notes every statement the server sends through drizzle (both drivers log through
 * `queryLogger`) with its time on the clock of the chat timeline (`performance.timeOrigin +
 * performance.now()`, ms), one JSON line each, in the file named by ATRIUM_STATEMENT_LOG.
 * bench/chat-latency.ts --statements reads it beside the timeline to say how many statements
 * of which kind ran per chat, and how many before the round's 99th first token.
 */
const file = process.env.ATRIUM_STATEMENT_LOG;
if (file) {
  const pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) appendFileSync(file, pending.splice(0).join(""));
  };
  setInterval(flush, 500).unref();
  process.once("exit", flush);
  const log = queryLogger.logQuery;
  queryLogger.logQuery = (query: string) => {
    pending.push(
      `${JSON.stringify({ at: performance.timeOrigin + performance.now(), sql: query.slice(0, 160) })}\n`,
    );
    log(query);
  };
}

export interface LoggedStatement {
  at: number;
  sql: string;
}

/** A statement's kind, for counting: its text with whitespace and values squeezed, cut short. */
export function statementKind(text: string): string {
  const squeezed = text.replace(/\s+/g, " ").replace(/\$\d+/g, "$").trim();
  return squeezed.slice(0, 90);
}

export interface StatementCount {
  kind: string;
  /** Per chat of the rounds at once, all of the round's statements of this kind. */
  perChat: number;
  /** Of those, run before the round's 99th first output (what the p99 chat waited behind). */
  beforeP99PerChat: number;
}

/**
 * The statements of the rounds of chats at once, by kind, per chat: all of them, and those run
 * before the round's p99 first output. `rows` are the server's timeline lines of those rounds
 * (arrivedAt, firstOutput), `concurrency` chats a round.
 */
export function countRoundStatements(
  statements: LoggedStatement[],
  rows: Array<Record<string, number>>,
  concurrency: number,
): { rounds: number; counts: StatementCount[] } {
  const chats = rows
    .filter((r) => r.arrivedAt !== undefined && r.firstOutput !== undefined)
    .sort((a, b) => a.arrivedAt! - b.arrivedAt!);
  const total = new Map<string, number>();
  const before = new Map<string, number>();
  let rounds = 0;
  let counted = 0;
  for (let i = 0; i + concurrency <= chats.length; i += concurrency) {
    const round = chats.slice(i, i + concurrency);
    const from = round[0]!.arrivedAt!;
    const outputs = round.map((r) => r.arrivedAt! + r.firstOutput!).sort((a, b) => a - b);
    const p99 = outputs[Math.min(outputs.length - 1, Math.ceil(outputs.length * 0.99) - 1)]!;
    // The answers stream for about 0.3 s after their first output; their final saves follow.
    const to = outputs.at(-1)! + 1_500;
    rounds++;
    counted += round.length;
    for (const s of statements) {
      if (s.at < from || s.at > to) continue;
      const kind = statementKind(s.sql);
      total.set(kind, (total.get(kind) ?? 0) + 1);
      if (s.at <= p99) before.set(kind, (before.get(kind) ?? 0) + 1);
    }
  }
  const counts = [...total]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => ({
      kind,
      perChat: n / Math.max(1, counted),
      beforeP99PerChat: (before.get(kind) ?? 0) / Math.max(1, counted),
    }));
  return { rounds, counts };
}
