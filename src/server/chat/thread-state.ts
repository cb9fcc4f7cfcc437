import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { checkSessionIdentity } from "../auth/auth-service.ts";
import type { Identity } from "../auth/identity.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { type Db, type Tx, withPreparedStatements } from "../db/database.ts";
import {
  documents,
  messages,
  organizationSettings,
  sessions,
  threadDocuments,
  threads,
  userPreferences,
  users,
} from "../db/schema.ts";
import { documentReadableByIdSql } from "../dossier/access.ts";
import type { ThreadRow } from "../threads/thread-access.ts";
import { Coalescer, inFlightFromEnv } from "./coalescer.ts";
import { HISTORY_LIMIT, type HistoryRow } from "./load-history.ts";
import { type NamedRead, prepareNamedRead } from "./named-statement.ts";
import type { ThreadDocument } from "./tools/list-thread-documents-tool.ts";

const ATTACHED_LIMIT = 20;
const SUMMARY_CHARS = 500;

type Part = { type: string } & Record<string, unknown>;

/** The message a request names, as the read finds it (in any thread). */
export interface ExistingMessage {
  threadId: string;
  role: string;
  seq: number;
  parts: Part[];
}

export interface ThreadState {
  thread: ThreadRow;
  /** The thread's last message position; null when it has none. */
  maxSeq: number | null;
  /** The message with the request's message id, wherever it is. */
  existing: ExistingMessage | null;
  /** The newest messages, newest first. */
  history: HistoryRow[];
  attached: ThreadDocument[];
  userModelId: string | null;
  organizationModelId: string | null;
  /** When the newest 'streaming' answer was last saved (ms), if any. */
  streamingSavedAt: number | null;
}

const nullableNumberSchema = z.number().nullable();

export interface TurnState {
  /** Who is calling: the session of the request's access token, checked live. */
  caller: Identity;
  /** The caller's thread; undefined when it does not exist or is anybody else's. */
  state: ThreadState | undefined;
  /** A thread with this id exists (the caller's or not). */
  idTaken: boolean;
  /** The message with the request's message id, wherever it is. */
  existing: ThreadState["existing"];
}

/** What one turn's read is about: the request's session and user, thread and message. */
interface TurnKey {
  sessionId: string;
  userId: string;
  threadId: string;
  messageId: string;
}

/**
 * One turn's select: its session and user, and their thread (if it is theirs) with everything
 * the turn needs. `key` gives the four inputs as SQL: placeholders for the lone read, the
 * columns of the batch's inputs for the batched one (turnStatesQuery).
 */
function turnStateSelect(key: Record<keyof TurnKey, SQLWrapper>): SQL {
  const { threadId } = key;
  const organizationId = users.organizationId;
  return sql`select ${users.id} as "userId", ${organizationId} as "organizationId", ${users.role} as "role",
      ${users.isSuperadmin} as "isSuperadmin", ${users.disabled} as "disabled",
      ${sessions.revokedAt} as "revokedAt", ${sessions.expiresAt} as "expiresAt",
      ${threads.id} as "threadId", ${threads.organizationId} as "threadOrganizationId",
      ${threads.userId} as "threadUserId", ${threads.title} as "title", ${threads.modelId} as "modelId",
      ${threads.activeStreamId} as "activeStreamId", ${threads.lastMessageAt} as "lastMessageAt",
      ${threads.createdAt} as "createdAt", ${threads.updatedAt} as "updatedAt",
      exists (select 1 from ${threads} t2 where t2.id = ${threadId}) as "idTaken",
      (select max(m.seq) from ${messages} m where m.thread_id = ${threads.id}) as "maxSeq",
      (select json_build_object('threadId', m.thread_id, 'role', m.role, 'seq', m.seq, 'parts', m.parts)
        from ${messages} m where m.id = ${key.messageId}) as "existing",
      (select coalesce(json_agg(json_build_object('id', h.id, 'role', h.role, 'seq', h.seq, 'parts', h.parts) order by h.seq desc), '[]'::json)
        from (select m.id, m.role, m.seq, m.parts from ${messages} m where m.thread_id = ${threads.id}
          order by m.seq desc limit ${sql.raw(String(HISTORY_LIMIT))}) h) as "history",
      (select coalesce(json_agg(json_build_object('documentId', a.id, 'name', a.name, 'fileType', a.file_type, 'processingStatus', a.processing_status, 'summary', a.summary) order by a.attached_at), '[]'::json)
        from (select d.id, d.name, d.file_type, d.processing_status, left(d.summary, ${sql.raw(String(SUMMARY_CHARS + 1))}) as summary, td.created_at as attached_at
          from ${threadDocuments} td join ${documents} d on d.id = td.document_id
          where td.thread_id = ${threads.id} and td.organization_id = ${organizationId}
            and d.organization_id = ${organizationId}
            and ${documentReadableByIdSql({ userId: users.id }, sql`d.id`)}
          order by td.created_at limit ${sql.raw(String(ATTACHED_LIMIT))}) a) as "attached",
      (select ${userPreferences.modelId} from ${userPreferences} where ${userPreferences.userId} = ${users.id}) as "userModelId",
      (select ${organizationSettings.defaultModelId} from ${organizationSettings} where ${organizationSettings.organizationId} = ${organizationId}) as "organizationModelId",
      (select (extract(epoch from max(m.updated_at)) * 1000)::float8 from ${messages} m
        where m.thread_id = ${threads.id} and m.status = 'streaming') as "streamingSavedAt"
    from ${sessions}
    inner join ${users} on ${users.id} = ${sessions.userId}
    left join ${threads} on ${threads.id} = ${threadId} and ${threads.userId} = ${users.id}
      and ${threads.organizationId} = ${organizationId}
    where ${sessions.id} = ${key.sessionId} and ${sessions.userId} = ${key.userId}`;
}

/**
 * readTurnState's statement for one turn, prepared once per database: it runs before every
 * answer's first token, and building it (and, on PostgreSQL, planning it) each time cost more
 * than running it. Its columns are read by name, as the driver gives them (decision 032, fifth
 * round): no drizzle mapping, and no zod on what the server itself wrote (the JSON is built by
 * this statement).
 */
function turnStateQuery(db: Db): NamedRead {
  return prepareNamedRead(
    db,
    "chat_turn_state",
    turnStateSelect({
      sessionId: sql.placeholder("sessionId"),
      userId: sql.placeholder("userId"),
      threadId: sql.placeholder("threadId"),
      messageId: sql.placeholder("messageId"),
    }),
  );
}

/**
 * The same select for many turns in one statement (decision 032, "Seventh round: bursts"): the
 * inputs as four arrays, one row per input in their order (`n`, from 1), all columns null where
 * the lone statement has no row (no such session of that user). Its text is the same for any
 * number of turns, so it is named and planned once per connection too.
 */
function turnStatesQuery(db: Db): NamedRead {
  const input = (column: string) => sql.raw(`i.${column}`);
  return prepareNamedRead(
    db,
    "chat_turn_states",
    sql`select i.n::int as "n", s.*
    from unnest(${sql.placeholder("sessionIds")}::uuid[], ${sql.placeholder("userIds")}::uuid[],
      ${sql.placeholder("threadIds")}::text[], ${sql.placeholder("messageIds")}::text[])
      with ordinality as i(session_id, user_id, thread_id, message_id, n)
    left join lateral (${turnStateSelect({
      sessionId: input("session_id"),
      userId: input("user_id"),
      threadId: input("thread_id"),
      messageId: input("message_id"),
    })}) s on true
    order by i.n`,
  );
}

/**
 * How many turn reads may be in flight on one database before the next ones wait and go
 * together (Coalescer). ATRIUM_CHAT_READS_IN_FLIGHT (0 to 50; 0: every read alone, as before
 * the seventh round) sets it for the benchmarks.
 */
const READS_IN_FLIGHT = inFlightFromEnv("ATRIUM_CHAT_READS_IN_FLIGHT", 1);
/** At most this many turns in one batched read. */
const MAX_BATCH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The shape of the request's thread and message ids (chat-request.ts's schema). */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Whether a turn's inputs may share a statement with others: only values that cannot make it
 * fail (a session or user id that is not a uuid would fail the cast of the whole batch). Any
 * other input is read alone, as before, and gets the same answer or error it always had.
 */
export function batchableTurn(key: TurnKey): boolean {
  return (
    UUID.test(key.sessionId) &&
    UUID.test(key.userId) &&
    REQUEST_ID.test(key.threadId) &&
    REQUEST_ID.test(key.messageId)
  );
}

type TurnReads = Coalescer<TurnKey, TurnStateRow | undefined>;
const turnReads = new WeakMap<Db, TurnReads>();

/** The turn reads of one database: alone when few are in flight, batched under a burst. */
export function turnReadsOf(db: Db): TurnReads {
  let reads = turnReads.get(db);
  if (reads) return reads;
  const one = turnStateQuery(db);
  let many: NamedRead | undefined;
  reads = new Coalescer<TurnKey, TurnStateRow | undefined>({
    one: async (key) => {
      const [row] = (await one({ ...key })) as Array<TurnStateRow | undefined>;
      return row;
    },
    many: async (keys) => {
      many ??= turnStatesQuery(db);
      const query = many;
      const rows = (await withPreparedStatements(() =>
        query({
          sessionIds: keys.map((k) => k.sessionId),
          userIds: keys.map((k) => k.userId),
          threadIds: keys.map((k) => k.threadId),
          messageIds: keys.map((k) => k.messageId),
        }),
      )) as Array<TurnStateRow & { n: number }>;
      if (rows.length !== keys.length) {
        throw new Error(`chat_turn_states: ${rows.length} rows for ${keys.length} turns`);
      }
      const answers = new Array<TurnStateRow | undefined>(keys.length);
      for (const row of rows) answers[row.n - 1] = row.userId === null ? undefined : row;
      return answers;
    },
    batchable: batchableTurn,
    maxInFlight: READS_IN_FLIGHT,
    maxBatch: MAX_BATCH,
  });
  turnReads.set(db, reads);
  return reads;
}

/** The statement's one row, as the driver gives it (timestamps as text). */
interface TurnStateRow {
  userId: string;
  organizationId: string | null;
  role: Identity["role"];
  isSuperadmin: boolean;
  disabled: boolean;
  revokedAt: string | null;
  expiresAt: string;
  threadId: string | null;
  threadOrganizationId: string;
  threadUserId: string;
  title: string;
  modelId: string | null;
  activeStreamId: string | null;
  lastMessageAt: string;
  createdAt: string;
  updatedAt: string;
  idTaken: boolean;
  maxSeq: number | null;
  existing: ExistingMessage | null;
  history: HistoryRow[];
  attached: ThreadDocument[];
  userModelId: string | null;
  organizationModelId: string | null;
  streamingSavedAt: number | null;
}

/** A timestamptz as the driver's text, as drizzle maps it. */
const dateOf = (text: string) => new Date(text);

/**
 * Everything a chat turn needs before the model is called, in one statement
 * and one round trip: the caller's session and user (checked as
 * AuthService.loadIdentity does), and their thread with its history,
 * attached documents, the message the request names and the model choices.
 * Nothing is locked: the turn's writes lock the thread and check that
 * nothing changed since (lockForTurnWrites). Under a burst (another turn's
 * read still in flight on this database) it waits and is read with the
 * others that came meanwhile, in one statement (turnReadsOf): the same row.
 */
export async function readTurnState(
  db: Db,
  claims: Pick<AccessClaims, "userId" | "sessionId">,
  threadId: string,
  messageId: string,
): Promise<TurnState> {
  const row = await turnReadsOf(db).run({
    sessionId: claims.sessionId,
    userId: claims.userId,
    threadId,
    messageId,
  });
  const caller = checkSessionIdentity(
    row && {
      userId: row.userId,
      organizationId: row.organizationId,
      role: row.role,
      isSuperadmin: row.isSuperadmin,
      disabled: row.disabled,
      revokedAt: row.revokedAt === null ? null : dateOf(row.revokedAt),
      expiresAt: dateOf(row.expiresAt),
    },
    claims.sessionId,
  );
  const { idTaken, existing } = row!;
  if (row!.threadId === null) return { caller, state: undefined, idTaken, existing };
  const r = row!;
  if (!Array.isArray(r.history) || !Array.isArray(r.attached)) {
    throw new Error("chat_turn_state: history and attached documents must be lists");
  }
  return {
    caller,
    idTaken,
    existing,
    state: {
      thread: {
        id: r.threadId!,
        organizationId: r.threadOrganizationId,
        userId: r.threadUserId,
        title: r.title,
        modelId: r.modelId,
        activeStreamId: r.activeStreamId,
        lastMessageAt: dateOf(r.lastMessageAt),
        createdAt: dateOf(r.createdAt),
        updatedAt: dateOf(r.updatedAt),
      },
      maxSeq: r.maxSeq,
      existing,
      history: r.history,
      attached: r.attached.map((d) =>
        d.summary && d.summary.length > SUMMARY_CHARS
          ? { ...d, summary: `${d.summary.slice(0, SUMMARY_CHARS)}…` }
          : d,
      ),
      userModelId: r.userModelId,
      organizationModelId: r.organizationModelId,
      streamingSavedAt: r.streamingSavedAt,
    },
  };
}

/**
 * The thread locked for a turn's writes, with what the turn's read decided on:
 * the stream in flight and the last message's position. Undefined when it is
 * gone (or no longer the caller's).
 */
export async function lockForTurnWrites(
  tx: Tx,
  caller: Pick<Identity, "userId"> & { organizationId: string },
  threadId: string,
): Promise<{ activeStreamId: string | null; maxSeq: number | null } | undefined> {
  const [row] = await tx
    .select({
      activeStreamId: threads.activeStreamId,
      maxSeq: sql<unknown>`(select max(m.seq) from ${messages} m where m.thread_id = ${threadId})`,
    })
    .from(threads)
    .where(
      and(
        eq(threads.id, threadId),
        eq(threads.userId, caller.userId),
        eq(threads.organizationId, caller.organizationId),
      ),
    )
    .for("update", { of: threads });
  if (!row) return undefined;
  return { activeStreamId: row.activeStreamId, maxSeq: nullableNumberSchema.parse(row.maxSeq) };
}
