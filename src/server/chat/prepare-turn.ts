import { and, eq, gt, sql } from "drizzle-orm";
import { AppError, conflict, notFound } from "#shared/errors.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { type Db, type Tx, withPreparedStatements } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { messages, threads } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { chooseChatModel } from "../models/choose-chat-model.ts";
import type { ModelRegistry, ResolvedModel } from "../models/model-registry.ts";
import { DEFAULT_THREAD_TITLE } from "../threads/create-thread.ts";
import { type ChatCaller, chatCaller, type ThreadRow } from "../threads/thread-access.ts";
import { fallbackTitle } from "../threads/titles.ts";
import type { ChatRequest } from "./chat-request.ts";
import { Coalescer, inFlightFromEnv } from "./coalescer.ts";
import type { HistoryRow } from "./load-history.ts";
import { executeNamed } from "./named-statement.ts";
import {
  lockForTurnWrites,
  readTurnState,
  type ThreadState,
  type TurnState,
} from "./thread-state.ts";
import type { ThreadDocument } from "./tools/list-thread-documents-tool.ts";
import { type PredictedTurn, sameValue } from "./turn-predictions.ts";

/** A streaming answer whose row has not moved for this long was left by a dead process. */
export const STALE_STREAM_MS = 45_000;
export const INTERRUPTED_MESSAGE =
  "This answer was interrupted (the server stopped while writing it). Regenerate to try again.";
/**
 * How long the turn's writes wait for the model's first output. A model
 * answers its first token in 100 ms or more, so the writes fit in that gap
 * and stay off the path to the first token (on PGlite they hold the event loop).
 */
const WRITES_WAIT_MS = 25;
const BUSY_MESSAGE =
  "An answer is still being written in this chat. Wait for it, or stop it first.";

type Caller = ChatCaller;
type Part = { type: string } & Record<string, unknown>;

export interface PreparedTurn {
  /** Who asked: the session of the request's token, checked as the turn was read. */
  caller: Caller;
  thread: ThreadRow;
  model: ResolvedModel;
  streamId: string;
  userMessageId: string;
  /** The user's text (for a regeneration, the stored message's). */
  userText: string;
  assistantMessageId: string;
  /** The conversation up to and with the user's message, newest first. */
  history: HistoryRow[];
  /** The documents attached to the thread (for the instructions). */
  attached: ThreadDocument[];
  /** A title should be generated in the background once this answer is done. */
  shouldGenerateTitle: boolean;
}

/** What happens to the user's message. */
interface UserMessagePlan {
  id: string;
  seq: number;
  text: string;
  parts: Part[];
  action: "insert" | "replace" | "keep";
}

/**
 * One turn. First one read, with no lock (readTurnState): the caller's
 * session, and their thread (a new one if the id is free; anybody else's is
 * "not found"), from which the model is chosen, no other answer may be in
 * flight and the user's message is planned. Anything refused so far throws
 * before any answer starts. Then `onReady` starts the model, and once its
 * first output is out (or WRITES_WAIT_MS passed; with a burst hold set, once the
 * other turns' first outputs are out too, at most BURST_HOLD_MS later:
 * `holdWrites`) one transaction locks the
 * thread, checks that nothing changed since the read (another answer, or
 * messages, from another instance or tab), stores the user's message (new,
 * edited, or kept for a regeneration, with what followed it removed), starts
 * the assistant's row as 'streaming' and points the thread at the stream.
 * The caller must not save the answer before this resolves, and must abandon
 * it if this throws.
 *
 * With a guess of the read (`predicted`: the thread as this instance created or last answered
 * it), a new message starts from the guess while the read runs: the AI SDK's set-up (history
 * converted, tools, instructions) overlaps the read's round trip, but the model's request, the
 * response and any listener wait for the read. The turn planned from the read must equal the
 * guessed one in everything the set-up used (caller, thread, model, message, history,
 * attachments); then the started turn is confirmed and goes on exactly as a read-first turn
 * would. Otherwise (the read refuses, or anything differs) it is cancelled before anything left
 * for the provider or the client, and the turn starts from the read as without a guess.
 */
export async function prepareTurn(options: {
  db: Db;
  claims: Pick<AccessClaims, "userId" | "sessionId">;
  request: ChatRequest;
  models: ModelRegistry;
  /** Whether this instance is generating an answer for the thread right now. */
  isStreaming: (threadId: string) => boolean;
  /**
   * What this instance expects the read to return (turn-predictions.ts): the model's set-up is
   * then started from it beside the read, and kept only if the read agrees (decision 032, sixth
   * round).
   */
  predicted?: PredictedTurn;
  /**
   * Awaited once the first output is out (or WRITES_WAIT_MS passed), before the writes: under a
   * burst they wait for the other turns' first outputs (start-chat.ts, bounded).
   */
  holdWrites?: () => Promise<void>;
  /** Called once the turn's read is back (for the request's timeline and the predictions). */
  onRead?: (read: TurnState) => void;
  /**
   * Starts the model. A speculative start must hold everything back (the model's request, the
   * response, listeners, the relay) until `confirm()` (then it is the turn, exactly as if it had
   * started now), or stop unseen at `cancel()`; a plain start is the turn at once.
   */
  onReady: (turn: PreparedTurn, speculative: boolean) => StartedTurn;
}): Promise<PreparedTurn> {
  const { request } = options;
  const reading = readTurnState(
    options.db,
    options.claims,
    request.threadId,
    request.userMessage.id,
  );
  // A guess that plans as the usual turn (a new message in an idle thread of the caller's) starts
  // the model now; one the planning would refuse is left to the read.
  let guessed: TurnPlan | undefined;
  if (options.predicted && request.trigger === "submit-message" && !request.messageId) {
    try {
      const plan = planTurn(
        options,
        chatCaller(options.predicted.caller),
        options.predicted.state,
        false,
      );
      if (!plan.leftBehind && plan.user.action === "insert") guessed = plan;
    } catch {
      guessed = undefined;
    }
  }
  let speculation: StartedTurn | undefined;
  if (guessed) {
    reading.catch(() => undefined);
    speculation = options.onReady(guessed.turn, true);
  }
  let plan: TurnPlan;
  try {
    const read = await reading;
    options.onRead?.(read);
    const caller = chatCaller(read.caller);
    // Taken by somebody else: exactly like a missing thread, it says nothing about whose.
    if (!read.state && read.idTaken) throw notFound("Thread");
    const state = read.state ?? newThreadState(caller, request, read.existing);
    plan = planTurn(options, caller, state, read.state === undefined, guessed?.turn);
  } catch (error) {
    speculation?.cancel?.();
    throw error;
  }
  let started: StartedTurn;
  if (speculation && guessed && sameModelInput(guessed, plan)) {
    // The model was given exactly what this read gives: it is this turn. What it did not use
    // (the thread's row and title choice, for the writes and the end) is taken from the read.
    guessed.turn.thread = plan.turn.thread;
    guessed.turn.shouldGenerateTitle = plan.turn.shouldGenerateTitle;
    try {
      speculation.confirm!();
    } catch (error) {
      speculation.cancel!();
      throw error;
    }
    started = speculation;
  } else {
    if (speculation) {
      speculation.cancel!();
      plan.turn = { ...plan.turn, streamId: newId(), assistantMessageId: newId() };
    }
    started = options.onReady(plan.turn, false);
  }
  await settledWithin(started.firstOutput, WRITES_WAIT_MS);
  await options.holdWrites?.();

  const { state, turn, user, isNew, leftBehind, changes } = plan;
  const { caller } = turn;
  // The usual turn (a new message in an idle thread): lock, check and writes in one statement.
  if (!isNew && !leftBehind && user.action === "insert") {
    return { ...turn, thread: await writeTurn(options.db, state, turn, user, changes) };
  }
  return options.db.transaction(async (tx) => {
    if (isNew) {
      if (!(await createThread(tx, turn.thread))) throw conflict(BUSY_MESSAGE);
    } else {
      const now = await lockForTurnWrites(tx, caller, state.thread.id);
      if (!now) throw notFound("Thread");
      // Another answer started, or messages came, since the read: this turn was planned on old news.
      if (now.activeStreamId !== state.thread.activeStreamId || now.maxSeq !== state.maxSeq) {
        throw conflict(BUSY_MESSAGE);
      }
    }
    if (leftBehind) await closeLeftBehind(tx, state.thread.id);
    // The messages go in with the thread's update: one statement (a data-modifying CTE).
    const { insert } = await storeMessages(tx, caller, turn, user);
    const inserted = tx.$with("inserted").as(insert);
    const at = new Date();
    const [updated] = await tx
      .with(inserted)
      .update(threads)
      .set({ activeStreamId: turn.streamId, lastMessageAt: at, updatedAt: at, ...changes })
      .where(eq(threads.id, state.thread.id))
      .returning();
    return { ...turn, thread: updated! };
  });
}

/** A model started by onReady. */
export interface StartedTurn {
  /** Settles once the model's first output is out (or it failed). */
  firstOutput: Promise<void>;
  /** A speculative start: it is the turn (the read agreed). May throw (the server is closing). */
  confirm?: () => void;
  /** A speculative start: drop it unseen (the read disagreed or refused). */
  cancel?: () => void;
}

/** A turn planned from a thread state: what the model is given, and what the writes need. */
interface TurnPlan {
  state: ThreadState;
  turn: PreparedTurn;
  user: UserMessagePlan;
  isNew: boolean;
  leftBehind: boolean;
  changes: { modelId?: string; title?: string };
}

/**
 * Everything decided from the read, with no statement: the model, that no other answer is in
 * flight, the user's message. Throws what refuses the turn. `ids`: the stream and assistant
 * message ids of a turn already started from a guess (so the two plans can be compared).
 */
function planTurn(
  options: {
    request: ChatRequest;
    models: ModelRegistry;
    isStreaming: (threadId: string) => boolean;
  },
  caller: Caller,
  state: ThreadState,
  isNew: boolean,
  ids?: Pick<PreparedTurn, "streamId" | "assistantMessageId">,
): TurnPlan {
  const { request } = options;
  const model = chooseChatModel(options.models, {
    requested: request.modelId,
    threadModelId: state.thread.modelId,
    userModelId: state.userModelId,
    organizationModelId: state.organizationModelId,
  });
  const leftBehind = checkNotBusy(state, options.isStreaming);
  const user = planUserMessage(state, request);
  const automaticTitle =
    user.seq === 0 &&
    (state.thread.title === DEFAULT_THREAD_TITLE ||
      state.thread.title === fallbackTitle(user.text));
  const turn: PreparedTurn = {
    caller,
    thread: state.thread,
    model,
    streamId: ids?.streamId ?? newId(),
    userMessageId: user.id,
    userText: user.text,
    assistantMessageId: ids?.assistantMessageId ?? newId(),
    history: [
      { id: user.id, role: "user", seq: user.seq, parts: user.parts },
      ...state.history.filter((row) => row.seq < user.seq),
    ],
    attached: state.attached,
    shouldGenerateTitle: automaticTitle,
  };
  const changes = {
    ...(request.modelId ? { modelId: model.info.id } : {}),
    ...(automaticTitle ? { title: fallbackTitle(user.text) } : {}),
  };
  return { state, turn, user, isNew, leftBehind, changes };
}

/**
 * Whether a turn started from a guess was given exactly what the read gives: the same caller,
 * thread, model, user message, history and attached documents (everything the model call and
 * its tools use before the read is back), and the same kind of write.
 */
function sameModelInput(guessed: TurnPlan, read: TurnPlan): boolean {
  const a = guessed.turn;
  const b = read.turn;
  return (
    guessed.isNew === read.isNew &&
    guessed.leftBehind === read.leftBehind &&
    guessed.user.action === read.user.action &&
    guessed.user.seq === read.user.seq &&
    a.thread.id === b.thread.id &&
    a.model.info.id === b.model.info.id &&
    a.userMessageId === b.userMessageId &&
    a.userText === b.userText &&
    a.streamId === b.streamId &&
    a.assistantMessageId === b.assistantMessageId &&
    sameValue(a.caller, b.caller) &&
    sameValue(a.history, b.history) &&
    sameValue(a.attached, b.attached)
  );
}

/** A turn's writes as writeTurn gives them to the statement: one key of the coalesced writes. */
interface TurnWrite {
  state: ThreadState;
  turn: PreparedTurn;
  user: UserMessagePlan;
  changes: { modelId?: string; title?: string };
  at: Date;
}

/**
 * A new message in a thread that was idle when read, in one statement (no
 * transaction around it): the thread's row is locked only if it is still as
 * read (the caller's, no answer in flight, the same last message; a row
 * changed meanwhile is re-checked once its lock is free), and only then are
 * the user's and the assistant's messages inserted and the thread pointed at
 * the stream. Nothing written means it changed: one more read tells a thread
 * gone (not found) from a busy one. Under a burst (another turn's write in
 * flight on this database) it waits and is written with the others that came
 * meanwhile, in one statement (turnWritesOf): each turn still written only if
 * its own thread is as it read it.
 */
async function writeTurn(
  db: Db,
  state: ThreadState,
  turn: PreparedTurn,
  user: UserMessagePlan,
  changes: { modelId?: string; title?: string },
): Promise<ThreadRow> {
  const { caller, thread } = turn;
  const at = new Date();
  const written = await turnWritesOf(db).run({ state, turn, user, changes, at });
  if (!written) {
    const [still] = await db
      .select({ id: threads.id })
      .from(threads)
      .where(
        and(
          eq(threads.id, thread.id),
          eq(threads.userId, caller.userId),
          eq(threads.organizationId, caller.organizationId),
        ),
      );
    // Another answer started, or messages came, since the read: this turn was planned on old news.
    if (still) throw conflict(BUSY_MESSAGE);
    throw notFound("Thread");
  }
  return {
    ...thread,
    ...changes,
    title: written.title,
    activeStreamId: turn.streamId,
    lastMessageAt: at,
    updatedAt: at,
  };
}

/** One turn's write statement (as before the seventh round): its thread's title if written. */
async function writeOneTurn(db: Db, write: TurnWrite): Promise<{ title: string } | undefined> {
  const { state, turn, user, changes, at } = write;
  const { caller, thread } = turn;
  const row = (m: { id: string; role: string; parts: Part[]; seq: number; status: string }) =>
    sql`(${m.id}, ${caller.organizationId}::uuid, ${thread.id}, ${caller.userId}::uuid, ${m.role}, ${JSON.stringify(m.parts)}::jsonb, ${m.seq}::int, ${m.status}, ${turn.model.info.id})`;
  const result = await executeNamed(
    db,
    "chat_turn_write",
    sql`
    with still as (
      select 1 from ${threads}
      where ${threads.id} = ${thread.id} and ${threads.userId} = ${caller.userId}
        and ${threads.organizationId} = ${caller.organizationId}
        and ${threads.activeStreamId} is not distinct from ${state.thread.activeStreamId}
        and (select max(m.seq) from ${messages} m where m.thread_id = ${thread.id})
          is not distinct from ${state.maxSeq}::int
      for update
    ), inserted as (
      insert into ${messages} (id, organization_id, thread_id, user_id, role, parts, seq, status, model_id)
      select v.* from (values
        ${row({ id: user.id, role: "user", parts: user.parts, seq: user.seq, status: "complete" })},
        ${row({ id: turn.assistantMessageId, role: "assistant", parts: [], seq: user.seq + 1, status: "streaming" })}
      ) v where exists (select 1 from still)
      returning 1
    )
    update ${threads} set active_stream_id = ${turn.streamId},
      last_message_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
      ${changes.modelId === undefined ? sql`` : sql`, model_id = ${changes.modelId}`}
      ${changes.title === undefined ? sql`` : sql`, title = ${changes.title}`}
    where ${threads.id} = ${thread.id} and exists (select 1 from still)
    returning ${threads.title} as "title"
  `,
  );
  const [written] = rowsOf(result) as Array<{ title: string }>;
  return written;
}

/**
 * Many turns' writes in one statement (decision 032, "Seventh round: bursts"): the same check,
 * lock and writes as writeOneTurn for each turn, its inputs as arrays (one row per turn, `n`
 * from 1), each turn written only if its own thread is still as it read it. The threads are
 * locked in id order, as any other batch locks them. Its text is the same for any number of
 * turns. One statement: the whole of it commits, or nothing (then each turn is written alone).
 */
async function writeManyTurns(
  db: Db,
  writes: TurnWrite[],
): Promise<Array<{ title: string } | undefined>> {
  if (new Set(writes.map((w) => w.turn.thread.id)).size !== writes.length) {
    throw new Error("chat_turn_writes: a thread twice in one batch");
  }
  // One parameter per column, an array (drizzle would spread a bare array into a list).
  const column = <T>(value: (write: TurnWrite) => T) => sql.param(writes.map(value));
  const result = await withPreparedStatements(() =>
    executeNamed(
      db,
      "chat_turn_writes",
      sql`
      with i as (
        select * from unnest(
          ${column((w) => w.turn.thread.id)}::text[], ${column((w) => w.turn.caller.userId)}::uuid[],
          ${column((w) => w.turn.caller.organizationId)}::uuid[],
          ${column((w) => w.state.thread.activeStreamId)}::text[], ${column((w) => w.state.maxSeq)}::int[],
          ${column((w) => w.user.id)}::text[], ${column((w) => JSON.stringify(w.user.parts))}::jsonb[],
          ${column((w) => w.user.seq)}::int[], ${column((w) => w.turn.assistantMessageId)}::text[],
          ${column((w) => w.turn.model.info.id)}::text[], ${column((w) => w.turn.streamId)}::text[],
          ${column((w) => w.at.toISOString())}::timestamptz[],
          ${column((w) => w.changes.modelId ?? null)}::text[], ${column((w) => w.changes.title ?? null)}::text[]
        ) with ordinality as i(thread_id, user_id, organization_id, read_stream_id, read_max_seq,
          user_message_id, user_parts, seq, assistant_message_id, model_id, stream_id, at,
          new_model_id, new_title, n)
      ), still as (
        select i.n from i join ${threads} t on t.id = i.thread_id and t.user_id = i.user_id
          and t.organization_id = i.organization_id
          and t.active_stream_id is not distinct from i.read_stream_id
          and (select max(m.seq) from ${messages} m where m.thread_id = i.thread_id)
            is not distinct from i.read_max_seq
        order by t.id
        for update of t
      ), inserted as (
        insert into ${messages} (id, organization_id, thread_id, user_id, role, parts, seq, status, model_id)
        select v.id, i.organization_id, i.thread_id, i.user_id, v.role, v.parts, v.seq, v.status, i.model_id
        from i join still s on s.n = i.n
        cross join lateral (values
          (i.user_message_id, 'user', i.user_parts, i.seq, 'complete'),
          (i.assistant_message_id, 'assistant', '[]'::jsonb, i.seq + 1, 'streaming')
        ) v(id, role, parts, seq, status)
        returning 1
      )
      update ${threads} t set active_stream_id = i.stream_id, last_message_at = i.at,
        updated_at = i.at, model_id = coalesce(i.new_model_id, t.model_id),
        title = coalesce(i.new_title, t.title)
      from i join still s on s.n = i.n
      where t.id = i.thread_id
      returning i.n::int as "n", t.title as "title"
    `,
    ),
  );
  const answers = new Array<{ title: string } | undefined>(writes.length);
  for (const row of rowsOf(result) as Array<{ n: number; title: string }>) {
    answers[row.n - 1] = { title: row.title };
  }
  return answers;
}

/**
 * How many turn writes may be in flight on one database before the next ones wait and go
 * together (Coalescer). ATRIUM_CHAT_WRITES_IN_FLIGHT (0 to 50; 0: every write alone, as before
 * the seventh round) sets it for the benchmarks.
 */
const WRITES_IN_FLIGHT = inFlightFromEnv("ATRIUM_CHAT_WRITES_IN_FLIGHT", 1);
/** At most this many turns in one batched write. */
const MAX_WRITE_BATCH = 100;

type TurnWrites = Coalescer<TurnWrite, { title: string } | undefined>;
const turnWrites = new WeakMap<Db, TurnWrites>();

/** The turn writes of one database: alone when none is in flight, batched under a burst. */
export function turnWritesOf(db: Db): TurnWrites {
  let writes = turnWrites.get(db);
  if (!writes) {
    writes = new Coalescer<TurnWrite, { title: string } | undefined>({
      one: (write) => writeOneTurn(db, write),
      many: (batch) => writeManyTurns(db, batch),
      batchable: () => true,
      maxInFlight: WRITES_IN_FLIGHT,
      maxBatch: MAX_WRITE_BATCH,
    });
    turnWrites.set(db, writes);
  }
  return writes;
}

/** A thread the request starts: stored with the turn's writes. */
function newThreadState(
  caller: Caller,
  request: ChatRequest,
  existing: ThreadState["existing"],
): ThreadState {
  const now = new Date();
  return {
    thread: {
      id: request.threadId,
      organizationId: caller.organizationId,
      userId: caller.userId,
      title: fallbackTitle(request.userMessage.text),
      modelId: request.modelId,
      activeStreamId: null,
      lastMessageAt: now,
      createdAt: now,
      updatedAt: now,
    },
    maxSeq: null,
    existing,
    history: [],
    attached: [],
    userModelId: null,
    organizationModelId: null,
    streamingSavedAt: null,
  };
}

/** Stores a new thread; false when its id was taken since the read. */
async function createThread(tx: Tx, thread: ThreadRow): Promise<boolean> {
  const created = await tx
    .insert(threads)
    .values({
      id: thread.id,
      organizationId: thread.organizationId,
      userId: thread.userId,
      title: thread.title,
      modelId: thread.modelId,
    })
    .onConflictDoNothing({ target: threads.id })
    .returning({ id: threads.id });
  return created.length > 0;
}

/** Refuse a second answer in flight; true when the one recorded was left by a dead process. */
function checkNotBusy(state: ThreadState, isStreaming: (id: string) => boolean): boolean {
  // Ours, even before its writes are in (a new thread's row comes with them).
  if (isStreaming(state.thread.id)) throw conflict(BUSY_MESSAGE);
  if (!state.thread.activeStreamId) return false;
  // Not ours: another instance's live answer, or one a dead process left behind.
  if (state.streamingSavedAt !== null && Date.now() - state.streamingSavedAt < STALE_STREAM_MS) {
    throw conflict(BUSY_MESSAGE);
  }
  return true;
}

async function closeLeftBehind(tx: Tx, threadId: string): Promise<void> {
  await tx
    .update(messages)
    .set({
      status: "error",
      error: INTERRUPTED_MESSAGE,
      finishReason: "error",
      updatedAt: new Date(),
    })
    .where(and(eq(messages.threadId, threadId), eq(messages.status, "streaming")));
}

/**
 * Submit: a new message, or an edit of an earlier one of this thread.
 * Regenerate: the stored message as it is. Either way what followed goes.
 */
function planUserMessage(state: ThreadState, request: ChatRequest): UserMessagePlan {
  const { id, text } = request.userMessage;
  const existing = state.existing;
  if (existing && existing.threadId !== state.thread.id) {
    throw conflict("This message id is already used. Reload the page and send the message again.");
  }
  if (existing && existing.role !== "user") {
    throw new AppError("BAD_REQUEST", "Only your own messages can be edited or answered again.");
  }
  if (request.trigger === "regenerate-message") {
    if (!existing) throw notFound("The message to answer again");
    return {
      id,
      seq: existing.seq,
      text: textOf(existing.parts),
      parts: existing.parts,
      action: "keep",
    };
  }
  const parts: Part[] = [{ type: "text", text }];
  if (existing) return { id, seq: existing.seq, text, parts, action: "replace" };
  return { id, seq: state.maxSeq === null ? 0 : state.maxSeq + 1, text, parts, action: "insert" };
}

/**
 * Removes what follows an edited or regenerated message, updates an edited one, and returns the
 * insert of the new rows (the user's new message, the assistant's) for the thread's update to run.
 */
async function storeMessages(tx: Tx, caller: Caller, turn: PreparedTurn, user: UserMessagePlan) {
  const threadId = turn.thread.id;
  if (user.action !== "insert") {
    await tx
      .delete(messages)
      .where(and(eq(messages.threadId, threadId), gt(messages.seq, user.seq)));
  }
  if (user.action === "replace") {
    await tx
      .update(messages)
      .set({ parts: user.parts, status: "complete", updatedAt: new Date() })
      .where(eq(messages.id, user.id));
  }
  const base = { organizationId: caller.organizationId, threadId, userId: caller.userId };
  // Wrapped: a query builder is a thenable, and returning it from an async function would run it.
  const insert = tx
    .insert(messages)
    .values([
      ...(user.action === "insert"
        ? [{ ...base, id: user.id, role: "user" as const, parts: user.parts, seq: user.seq }]
        : []),
      {
        ...base,
        id: turn.assistantMessageId,
        role: "assistant" as const,
        parts: [],
        seq: user.seq + 1,
        status: "streaming" as const,
        modelId: turn.model.info.id,
      },
    ])
    .returning({ id: messages.id });
  return { insert };
}

function textOf(parts: Part[]): string {
  return parts
    .flatMap((p) => (p.type === "text" && typeof p.text === "string" ? [p.text] : []))
    .join("\n\n");
}

function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
