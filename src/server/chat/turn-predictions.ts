import type { Services } from "../api/context.ts";
import type { Identity } from "../auth/identity.ts";
import { Lru } from "../lib/lru.ts";
import type { ThreadRow } from "../threads/thread-access.ts";
import { HISTORY_LIMIT, type HistoryRow } from "./load-history.ts";
import type { ThreadState } from "./thread-state.ts";

/** Threads and sessions remembered at most (the least recently used go first). */
const MAX_THREADS = 10_000;
const MAX_SESSIONS = 10_000;
/**
 * The remembered histories' total size (their JSON, in UTF-16 code units, about bytes for
 * text), and one thread's most: a long thread's history (up to HISTORY_LIMIT answers) is not
 * worth holding for one guess.
 */
const MAX_HISTORY_CHARS = 32 * 1024 * 1024;
const MAX_THREAD_HISTORY_CHARS = 512 * 1024;

/** A guess's size: its history's JSON, or Infinity above one thread's most (then not kept). */
function historyChars(guess: ThreadGuess): number {
  const chars = JSON.stringify(guess.history).length;
  return chars > MAX_THREAD_HISTORY_CHARS ? Number.POSITIVE_INFINITY : chars;
}

type Part = { type: string } & Record<string, unknown>;

/** What a thread will read as at its next turn, as this instance last wrote it. */
interface ThreadGuess {
  thread: ThreadRow;
  maxSeq: number | null;
  /** Newest first, at most HISTORY_LIMIT, as the turn's read returns it. */
  history: HistoryRow[];
}

/** The caller and model choices a session's last turn read (decision 032, sixth round). */
interface SessionGuess {
  caller: Identity;
  userModelId: string | null;
  organizationModelId: string | null;
}

export interface PredictedTurn {
  caller: Identity;
  state: ThreadState;
}

/**
 * The turn's read as this instance expects it (decision 032, sixth round): for a thread it just
 * created (threads.create, no documents) or whose last answer it wrote, and a session whose
 * last turn it read. A prediction is only ever a guess: the turn's real read still runs, beside
 * the AI SDK's set-up started from the guess; the model's request itself waits for the read, and
 * goes only if the read gives the same caller, model, history and attachments (prepare-turn.ts).
 * A wrong guess costs the set-up's CPU (a fraction of a millisecond), nothing at the provider.
 * Each thread's guess is used once (taken at the turn's start), and only threads without
 * attached documents are predicted.
 */
export class TurnPredictions {
  readonly #threads = new Lru<string, ThreadGuess>({
    max: MAX_THREADS,
    weigh: historyChars,
    maxWeight: MAX_HISTORY_CHARS,
  });
  readonly #sessions = new Lru<string, SessionGuess>({ max: MAX_SESSIONS });
  /** Turns started from a guess, confirmed by their read, and refused by it (tests, bench). */
  readonly stats = { predicted: 0, confirmed: 0, missed: 0 };
  enabled: boolean;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /**
   * The guess for a turn of this session in this thread, removed from the memory (a thread's
   * guess is used once); undefined when there is none.
   */
  take(sessionId: string, userId: string, threadId: string): PredictedTurn | undefined {
    const guess = this.peek(sessionId, userId, threadId);
    this.#threads.delete(threadId);
    return guess;
  }

  /** The guess `take` would give, left in place (tests). */
  peek(sessionId: string, userId: string, threadId: string): PredictedTurn | undefined {
    const guess = this.#threads.peek(threadId);
    if (!this.enabled || !guess) return undefined;
    const session = this.#sessions.peek(sessionId);
    if (!session || session.caller.userId !== userId) return undefined;
    const { caller } = session;
    if (guess.thread.userId !== userId || guess.thread.organizationId !== caller.organizationId) {
      return undefined;
    }
    return {
      caller,
      state: {
        thread: guess.thread,
        maxSeq: guess.maxSeq,
        existing: null,
        history: guess.history,
        attached: [],
        userModelId: session.userModelId,
        organizationModelId: session.organizationModelId,
        streamingSavedAt: null,
      },
    };
  }

  /** A turn's read of an existing thread: its caller and model choices, for the session's next turns. */
  rememberRead(sessionId: string, caller: Identity, state: ThreadState | undefined): void {
    if (!this.enabled || !state) return;
    this.#sessions.set(sessionId, {
      caller,
      userModelId: state.userModelId,
      organizationModelId: state.organizationModelId,
    });
  }

  /** A thread threads.create just stored on this instance (none with documents). */
  rememberCreated(thread: ThreadRow): void {
    this.#store(thread.id, { thread, maxSeq: null, history: [] });
  }

  /**
   * A turn this instance wrote and whose answer it saved complete: the thread as its next read
   * will show it (no stream in flight, the user's message and the answer on top of the history).
   */
  rememberAnswered(turn: {
    thread: ThreadRow;
    history: HistoryRow[];
    assistantMessageId: string;
    attached: unknown[];
    parts: Part[];
  }): void {
    if (turn.attached.length > 0) return;
    const user = turn.history[0];
    if (!user) return;
    const answer: HistoryRow = {
      id: turn.assistantMessageId,
      role: "assistant",
      seq: user.seq + 1,
      // As the database gives it back (jsonb, read as JSON): undefined fields gone.
      parts: JSON.parse(JSON.stringify(turn.parts)) as Part[],
    };
    this.#store(turn.thread.id, {
      thread: { ...turn.thread, activeStreamId: null },
      maxSeq: answer.seq,
      history: [answer, ...turn.history].slice(0, HISTORY_LIMIT),
    });
  }

  /** Forget a thread (its guess was wrong, or it changed). */
  forget(threadId: string): void {
    this.#threads.delete(threadId);
  }

  get size(): number {
    return this.#threads.size;
  }

  #store(threadId: string, guess: ThreadGuess): void {
    if (!this.enabled) return;
    this.#threads.set(threadId, guess);
  }
}

const registries = new WeakMap<Services, TurnPredictions>();

/**
 * Whether turns start from a guess: ATRIUM_CHAT_SPECULATION "on" or "off"; otherwise on with the
 * embedded database and off on PostgreSQL. Compared chat by chat (decision 032, "Chat by chat"),
 * the guess brought PGlite's first token about 0.57 ms sooner, and PostgreSQL's 0.02–0.43 ms later
 * at more CPU per chat.
 */
export function speculationEnabled(
  database: "pglite" | "postgres",
  value: string | undefined = SPECULATION,
): boolean {
  const setting = speculationSetting(value);
  return setting === undefined ? database === "pglite" : setting === "on";
}

/** ATRIUM_CHAT_SPECULATION's value: "on", "off", or undefined when unset or blank. */
function speculationSetting(value: string | undefined): "on" | "off" | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  if (value === "on" || value === "off") return value;
  throw new Error(`ATRIUM_CHAT_SPECULATION must be "on" or "off", got "${value}"`);
}

/** Read once as the module loads: a bad value stops the server at start. */
const SPECULATION = speculationSetting(process.env.ATRIUM_CHAT_SPECULATION);

/** The running server's predictions (tests run several servers in one process). */
export function turnPredictionsOf(services: Services): TurnPredictions {
  let predictions = registries.get(services);
  if (!predictions) {
    predictions = new TurnPredictions(speculationEnabled(services.database.kind));
    registries.set(services, predictions);
  }
  return predictions;
}

/**
 * Structural equality of what the read returns and what was guessed: JSON values (object keys
 * in any order: jsonb orders them its own way) and Dates by time.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameValue(value, other[i]));
  }
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightCount = Object.values(right).filter((value) => value !== undefined).length;
  return left.length === rightCount && left.every(([key, value]) => sameValue(value, right[key]));
}
