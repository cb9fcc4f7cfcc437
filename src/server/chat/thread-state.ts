import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Identity } from "../api/context.ts";
import type { Tx } from "../db/client.ts";
import {
  documents,
  messages,
  organizationSettings,
  threadDocuments,
  threads,
  userPreferences,
} from "../db/schema.ts";
import { HISTORY_LIMIT, type HistoryRow } from "./load-history.ts";
import type { ThreadRow } from "./thread-access.ts";
import type { ThreadDocument } from "./tools/list-thread-documents-tool.ts";

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

export interface ThreadState {
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

/**
 * The caller's thread, locked for this transaction, with everything a turn
 * needs to call the model, in one round trip: history, attached documents,
 * the message the request names, and the model choices. Undefined when the
 * thread is not the caller's (or does not exist).
 */
export async function lockThreadState(
  tx: Tx,
  caller: Pick<Identity, "userId"> & { organizationId: string },
  threadId: string,
  messageId: string,
): Promise<ThreadState | undefined> {
  const [row] = await tx
    .select({
      thread: threads,
      maxSeq: sql<unknown>`(select max(m.seq) from ${messages} m where m.thread_id = ${threadId})`,
      existing: sql<unknown>`(select json_build_object('threadId', m.thread_id, 'role', m.role, 'seq', m.seq, 'parts', m.parts) from ${messages} m where m.id = ${messageId})`,
      history: sql<unknown>`(select coalesce(json_agg(json_build_object('id', h.id, 'role', h.role, 'seq', h.seq, 'parts', h.parts) order by h.seq desc), '[]'::json)
        from (select m.id, m.role, m.seq, m.parts from ${messages} m where m.thread_id = ${threadId}
          order by m.seq desc limit ${HISTORY_LIMIT}) h)`,
      attached: sql<unknown>`(select coalesce(json_agg(json_build_object('documentId', a.id, 'name', a.name, 'fileType', a.file_type, 'processingStatus', a.processing_status, 'summary', a.summary) order by a.attached_at), '[]'::json)
        from (select d.id, d.name, d.file_type, d.processing_status, left(d.summary, ${SUMMARY_CHARS + 1}) as summary, td.created_at as attached_at
          from ${threadDocuments} td join ${documents} d on d.id = td.document_id
          where td.thread_id = ${threadId} and td.organization_id = ${caller.organizationId}
            and d.organization_id = ${caller.organizationId}
          order by td.created_at limit ${ATTACHED_LIMIT}) a)`,
      userModelId: sql<unknown>`(select ${userPreferences.modelId} from ${userPreferences} where ${userPreferences.userId} = ${caller.userId})`,
      organizationModelId: sql<unknown>`(select ${organizationSettings.defaultModelId} from ${organizationSettings} where ${organizationSettings.organizationId} = ${caller.organizationId})`,
      streamingSavedAt: sql<unknown>`(select (extract(epoch from max(m.updated_at)) * 1000)::float8 from ${messages} m where m.thread_id = ${threadId} and m.status = 'streaming')`,
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
  return {
    thread: row.thread,
    maxSeq: z.number().nullable().parse(row.maxSeq),
    existing: existingSchema.parse(row.existing),
    history: historySchema.parse(row.history),
    attached: attachedSchema.parse(row.attached).map((d) => ({
      ...d,
      summary:
        d.summary && d.summary.length > SUMMARY_CHARS
          ? `${d.summary.slice(0, SUMMARY_CHARS)}…`
          : d.summary,
    })),
    userModelId: z.string().nullable().parse(row.userModelId),
    organizationModelId: z.string().nullable().parse(row.organizationModelId),
    streamingSavedAt: z.number().nullable().parse(row.streamingSavedAt),
  };
}
