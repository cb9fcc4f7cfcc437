import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { TableProgress } from "#shared/schemas/review-table.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { jobs, reviewTableCells } from "../db/schema.ts";
import { enqueueJob } from "../jobs/queue.ts";

/** Job kind 'review-table-fill' ({tableId}): one batch of a table's queued cells (fill-job.ts). */
export const TABLE_FILL_JOB = "review-table-fill";

/** Cells to create for new rows or columns: every pair of the table not there yet. */
export async function createMissingCells(
  db: Executor,
  table: { id: string; organizationId: string },
  scope: { rowIds?: string[]; columnIds?: string[] } = {},
): Promise<void> {
  const rowFilter = scope.rowIds
    ? sql`and r.id in (${sql.join(
        scope.rowIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const columnFilter = scope.columnIds
    ? sql`and col.id in (${sql.join(
        scope.columnIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  if (scope.rowIds?.length === 0 || scope.columnIds?.length === 0) return;
  await db.execute(sql`
    insert into ${reviewTableCells} (id, organization_id, table_id, row_id, column_id, status)
    select gen_random_uuid(), ${table.organizationId}, ${table.id}, r.id, col.id, 'empty'
    from review_table_rows r cross join review_table_columns col
    where r.table_id = ${table.id} and col.table_id = ${table.id} ${rowFilter} ${columnFilter}
    on conflict (row_id, column_id) do nothing
  `);
}

/**
 * Queue every cell of the table that needs the model: empty, failed or
 * cancelled ones, those answering an older revision of their question, and
 * running ones whose claim expired. Hand corrections stay. `where` narrows
 * it (new rows, one column). Returns how many were queued.
 */
export async function queueCells(db: Executor, tableId: string, where?: SQL): Promise<number> {
  const result = await db.execute(sql`
    update ${reviewTableCells} c set status = 'queued', error = null, attempts = 0,
      run_after = null, claim_job_id = null, claim_token = null, claim_until = null,
      claim_revision = null, updated_at = now()
    from review_table_columns col
    where c.table_id = ${tableId} and col.id = c.column_id and not c.edited
      and (c.status in ('empty', 'failed', 'cancelled')
        or (c.status = 'done' and c.column_revision <> col.revision)
        or (c.status = 'running' and c.claim_until < now()))
      ${where ? sql`and ${where}` : sql``}
    returning c.id
  `);
  return rowCount(result);
}

/**
 * Make sure a fill job will run for the table: queue one unless one is
 * already waiting (a running one may be finishing its last batch, so it does
 * not count). Inside a transaction it becomes visible at commit.
 */
export async function ensureFillJob(
  db: Executor,
  table: { id: string; organizationId: string },
  runAt?: Date,
): Promise<void> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, TABLE_FILL_JOB),
        eq(jobs.status, "queued"),
        sql`${jobs.payload}->>'tableId' = ${table.id}`,
      ),
    )
    .limit(1);
  if (waiting) return;
  await enqueueJob(db, {
    kind: TABLE_FILL_JOB,
    organizationId: table.organizationId,
    payload: { tableId: table.id },
    maxAttempts: 10,
    runAt,
  });
}

/** Queue what needs the model and make sure a job fills it. */
export async function queueFill(
  db: Executor,
  table: { id: string; organizationId: string },
  where?: SQL,
): Promise<number> {
  const queued = await queueCells(db, table.id, where);
  if (queued > 0) await ensureFillJob(db, table);
  return queued;
}

/** Stop filling: queued and running cells become cancelled (a running answer is dropped). */
export async function cancelFill(db: Executor, tableId: string): Promise<number> {
  const result = await db.execute(sql`
    update ${reviewTableCells} set status = 'cancelled', claim_job_id = null, claim_token = null,
      claim_until = null, claim_revision = null, run_after = null, updated_at = now()
    where table_id = ${tableId} and status in ('queued', 'running')
    returning id
  `);
  return rowCount(result);
}

const countsSchema = z.array(
  z.object({
    tableId: z.string(),
    total: z.coerce.number(),
    done: z.coerce.number(),
    failed: z.coerce.number(),
    pending: z.coerce.number(),
    recent: z.coerce.number(),
    span: z.coerce.number().nullable(),
  }),
);

/** The window over which the pace of a fill is measured. */
const PACE_WINDOW_SECONDS = 60;

/** Filling progress of each table (cells that are not hand corrections). */
export async function tableProgress(
  db: Executor,
  tableIds: string[],
): Promise<Map<string, TableProgress>> {
  const progress = new Map<string, TableProgress>();
  if (tableIds.length === 0) return progress;
  const result = await db.execute(sql`
    select table_id::text as "tableId",
      count(*) as total,
      count(*) filter (where status = 'done') as done,
      count(*) filter (where status = 'failed') as failed,
      count(*) filter (where status in ('queued', 'running')) as pending,
      count(*) filter (where filled_at > w.since) as recent,
      extract(epoch from now() - min(filled_at) filter (where filled_at > w.since))::float8 as span
    from ${reviewTableCells},
      (select now() - ${PACE_WINDOW_SECONDS}::integer * interval '1 second' as since) w
    where table_id in (${sql.join(
      tableIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and not edited
    group by table_id
  `);
  for (const row of countsSchema.parse(rowsOf(result))) {
    // Cells answered per second over the last minute (or since the first of them).
    const pace =
      row.recent / Math.max(1, Math.min(PACE_WINDOW_SECONDS, row.span ?? PACE_WINDOW_SECONDS));
    progress.set(row.tableId, {
      total: row.total,
      done: row.done,
      failed: row.failed,
      pending: row.pending,
      estimateSeconds: row.pending > 0 && pace > 0 ? Math.ceil(row.pending / pace) : null,
    });
  }
  for (const id of tableIds) {
    if (!progress.has(id)) {
      progress.set(id, { total: 0, done: 0, failed: 0, pending: 0, estimateSeconds: null });
    }
  }
  return progress;
}

export function rowCount(result: unknown): number {
  return rowsOf(result).length;
}
