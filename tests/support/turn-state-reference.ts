/**
 * The chat turn's read as it was before decision 032's fifth round (drizzle's select builder
 * with its row mapping, zod on every JSON column): the reference the faster read
 * (src/server/chat/thread-state.ts) must answer exactly like (tests/integration/
 * chat-turn-read.test.ts), and its "before" in bench/support/chat-read-cost.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  checkSessionIdentity,
  sessionIdentityColumns,
} from "../../src/server/auth/auth-service.ts";
import type { Identity } from "../../src/server/auth/identity.ts";
import type { AccessClaims } from "../../src/server/auth/tokens.ts";
import { HISTORY_LIMIT, type HistoryRow } from "../../src/server/chat/load-history.ts";
import type { ThreadDocument } from "../../src/server/chat/tools/list-thread-documents-tool.ts";
import type { Db } from "../../src/server/db/database.ts";
import {
  documents,
  messages,
  organizationSettings,
  sessions,
  threadDocuments,
  threads,
  userPreferences,
  users,
} from "../../src/server/db/schema.ts";
import { documentReadableByIdSql } from "../../src/server/dossier/access.ts";
import type { ThreadRow } from "../../src/server/threads/thread-access.ts";

const ATTACHED_LIMIT = 20;
const SUMMARY_CHARS = 500;

const partsSchema = z.array(z.looseObject({ type: z.string() }));
const historySchema = z.array(
  z.object({
    id: z.string(),
    role: z.enum(["user", "assistant", "system"]),
    seq: z.number(),
    parts: partsSchema,
  }),
);
const existingSchema = z
  .object({ threadId: z.string(), role: z.string(), seq: z.number(), parts: partsSchema })
  .nullable();
const attachedSchema = z.array(
  z.object({
    documentId: z.string(),
    name: z.string(),
    fileType: z.string(),
    processingStatus: z.string(),
    summary: z.string().nullable(),
  }),
);

interface ThreadState {
  thread: ThreadRow;
  /** The thread's last message position; null when it has none. */
  maxSeq: number | null;
  /** The message with the request's message id, wherever it is. */
  existing: z.infer<typeof existingSchema>;
  /** The newest messages, newest first. */
  history: HistoryRow[];
  attached: ThreadDocument[];
  userModelId: string | null;
  organizationModelId: string | null;
  /** When the newest 'streaming' answer was last saved (ms), if any. */
  streamingSavedAt: number | null;
}

// Built once: a zod schema costs about 4 µs to build, 0.04 to use (decision 032, fourth round).
const booleanSchema = z.boolean();
const nullableNumberSchema = z.number().nullable();
const nullableStringSchema = z.string().nullable();

interface TurnState {
  /** Who is calling: the session of the request's access token, checked live. */
  caller: Identity;
  /** The caller's thread; undefined when it does not exist or is anybody else's. */
  state: ThreadState | undefined;
  /** A thread with this id exists (the caller's or not). */
  idTaken: boolean;
  /** The message with the request's message id, wherever it is. */
  existing: ThreadState["existing"];
}

const turnStateQueries = new WeakMap<Db, ReturnType<typeof turnStateQuery>>();

/**
 * readTurnState's statement, prepared once per database: it runs before every
 * answer's first token, and building it (and, on PostgreSQL, planning it)
 * each time cost more than running it.
 */
function turnStateQuery(db: Db) {
  const threadIdParam = sql.placeholder("threadId");
  const organizationId = users.organizationId;
  return db
    .select({
      ...sessionIdentityColumns,
      thread: threads,
      idTaken: sql<unknown>`exists (select 1 from ${threads} t2 where t2.id = ${threadIdParam})`,
      maxSeq: sql<unknown>`(select max(m.seq) from ${messages} m where m.thread_id = ${threads.id})`,
      existing: sql<unknown>`(select json_build_object('threadId', m.thread_id, 'role', m.role, 'seq', m.seq, 'parts', m.parts) from ${messages} m where m.id = ${sql.placeholder("messageId")})`,
      history: sql<unknown>`(select coalesce(json_agg(json_build_object('id', h.id, 'role', h.role, 'seq', h.seq, 'parts', h.parts) order by h.seq desc), '[]'::json)
        from (select m.id, m.role, m.seq, m.parts from ${messages} m where m.thread_id = ${threads.id}
          order by m.seq desc limit ${HISTORY_LIMIT}) h)`,
      attached: sql<unknown>`(select coalesce(json_agg(json_build_object('documentId', a.id, 'name', a.name, 'fileType', a.file_type, 'processingStatus', a.processing_status, 'summary', a.summary) order by a.attached_at), '[]'::json)
        from (select d.id, d.name, d.file_type, d.processing_status, left(d.summary, ${SUMMARY_CHARS + 1}) as summary, td.created_at as attached_at
          from ${threadDocuments} td join ${documents} d on d.id = td.document_id
          where td.thread_id = ${threads.id} and td.organization_id = ${organizationId}
            and d.organization_id = ${organizationId}
            and ${documentReadableByIdSql({ userId: users.id }, sql`d.id`)}
          order by td.created_at limit ${ATTACHED_LIMIT}) a)`,
      userModelId: sql<unknown>`(select ${userPreferences.modelId} from ${userPreferences} where ${userPreferences.userId} = ${users.id})`,
      organizationModelId: sql<unknown>`(select ${organizationSettings.defaultModelId} from ${organizationSettings} where ${organizationSettings.organizationId} = ${organizationId})`,
      streamingSavedAt: sql<unknown>`(select (extract(epoch from max(m.updated_at)) * 1000)::float8 from ${messages} m where m.thread_id = ${threads.id} and m.status = 'streaming')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      threads,
      and(
        eq(threads.id, threadIdParam),
        eq(threads.userId, users.id),
        eq(threads.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
      ),
    )
    .prepare("chat_turn_state_reference");
}

/**
 * Everything a chat turn needs before the model is called, in one statement
 * and one round trip: the caller's session and user (checked as
 * AuthService.loadIdentity does), and their thread with its history,
 * attached documents, the message the request names and the model choices.
 * Nothing is locked: the turn's writes lock the thread and check that
 * nothing changed since (lockForTurnWrites).
 */
export async function readTurnStateReference(
  db: Db,
  claims: Pick<AccessClaims, "userId" | "sessionId">,
  threadId: string,
  messageId: string,
): Promise<TurnState> {
  let query = turnStateQueries.get(db);
  if (!query) {
    query = turnStateQuery(db);
    turnStateQueries.set(db, query);
  }
  const [row] = await query.execute({
    threadId,
    messageId,
    sessionId: claims.sessionId,
    userId: claims.userId,
  });
  const caller = checkSessionIdentity(row, claims.sessionId);
  const idTaken = booleanSchema.parse(row!.idTaken);
  const existing = existingSchema.parse(row!.existing);
  if (!row!.thread) return { caller, state: undefined, idTaken, existing };
  return {
    caller,
    idTaken,
    existing,
    state: {
      thread: row!.thread,
      maxSeq: nullableNumberSchema.parse(row!.maxSeq),
      existing,
      history: historySchema.parse(row!.history),
      attached: attachedSchema.parse(row!.attached).map((d) => ({
        ...d,
        summary:
          d.summary && d.summary.length > SUMMARY_CHARS
            ? `${d.summary.slice(0, SUMMARY_CHARS)}…`
            : d.summary,
      })),
      userModelId: nullableStringSchema.parse(row!.userModelId),
      organizationModelId: nullableStringSchema.parse(row!.organizationModelId),
      streamingSavedAt: nullableNumberSchema.parse(row!.streamingSavedAt),
    },
  };
}
