import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CellValue } from "#shared/schemas/review-table.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { reviewTableCells } from "../db/schema.ts";
import type { StoredCitation } from "./answer.ts";

/**
 * Claiming cells and storing their answers (decision 027). A claim marks a
 * cell running with the claimer's token, the job that holds it, the column
 * revision it asks, and a lease. Any claimer can take a queued cell whose
 * time has come, or a running one whose lease ran out; a job's later attempt
 * also takes back the cells an earlier attempt of the same job left running
 * (that attempt is dead: the job's own lease fenced it). Every write is
 * conditioned on the claim: status running, same token, question unchanged,
 * not corrected by hand. So a cell is answered at most once per question,
 * whatever crashes or overlaps.
 */

export interface ClaimedCell {
  id: string;
  organizationId: string;
  rowId: string;
  columnId: string;
  documentId: string;
  documentName: string;
  revision: number;
  /** Claims of this cell in the current fill, this one included. */
  attempts: number;
}

export type CellResult =
  | {
      cell: ClaimedCell;
      kind: "done";
      answer: string;
      value: CellValue;
      explanation: string;
      citations: StoredCitation[];
      modelId: string;
    }
  | { cell: ClaimedCell; kind: "retry"; error: string; delayMs: number }
  | { cell: ClaimedCell; kind: "failed"; error: string }
  | { cell: ClaimedCell; kind: "release" };

const claimedSchema = z.array(
  z.object({
    id: z.string(),
    organizationId: z.string(),
    rowId: z.string(),
    columnId: z.string(),
    documentId: z.string(),
    documentName: z.string(),
    revision: z.coerce.number(),
    attempts: z.coerce.number(),
  }),
);

export interface Claimer {
  tableId: string;
  jobId: string;
  token: string;
  leaseMs: number;
}

/** Claim up to `limit` cells of a table, in row then column order. */
export async function claimCells(
  db: Executor,
  claimer: Claimer & { limit: number },
): Promise<ClaimedCell[]> {
  const result = await db.execute(sql`
    with due as materialized (
      select c.id from ${reviewTableCells} c
      where c.table_id = ${claimer.tableId} and not c.edited
        and ((c.status = 'queued' and (c.run_after is null or c.run_after <= now()))
          or (c.status = 'running' and (c.claim_until < now()
            or (c.claim_job_id = ${claimer.jobId} and c.claim_token <> ${claimer.token}))))
      limit ${claimer.limit}
      for update of c skip locked
    )
    update ${reviewTableCells} c set
      status = 'running',
      claim_job_id = ${claimer.jobId},
      claim_token = ${claimer.token},
      claim_until = now() + ${claimer.leaseMs}::integer * interval '1 millisecond',
      claim_revision = col.revision,
      attempts = c.attempts + 1,
      run_after = null,
      updated_at = now()
    from due, review_table_columns col, review_table_rows r, documents d
    where c.id = due.id and col.id = c.column_id and r.id = c.row_id and d.id = r.document_id
    returning c.id::text as "id", c.organization_id::text as "organizationId",
      c.row_id::text as "rowId", c.column_id::text as "columnId",
      r.document_id::text as "documentId", d.name as "documentName", col.revision as "revision", c.attempts as "attempts"
  `);
  return claimedSchema.parse(rowsOf(result));
}

/** The claim still holds: the only condition under which a result is written. */
const stillClaimed = (id: string, token: string) => sql`
  c.id = ${id} and c.status = 'running' and c.claim_token = ${token} and not c.edited
  and c.claim_revision = (select col.revision from review_table_columns col where col.id = c.column_id)`;

const CLEAR_CLAIM = sql`claim_job_id = null, claim_token = null, claim_until = null, claim_revision = null`;

/** Store a batch of results in one transaction; returns how many were written. */
export async function writeResults(
  db: Executor,
  token: string,
  results: CellResult[],
): Promise<number> {
  if (results.length === 0) return 0;
  const answers = results.filter((r) => r.kind === "done");
  const others = results.filter((r) => r.kind !== "done");
  return db.transaction(async (tx) => {
    let written = 0;
    const stale: ClaimedCell[] = [];
    // Answers: one statement for the whole batch.
    if (answers.length > 0) {
      const stored = new Set(
        (rowsOf(await tx.execute(answersStatement(token, answers))) as Array<{ id: string }>).map(
          (row) => row.id,
        ),
      );
      written += stored.size;
      for (const answer of answers) if (!stored.has(answer.cell.id)) stale.push(answer.cell);
    }
    for (const result of others) {
      const stored = rowsOf(await tx.execute(resultStatement(token, result))).length;
      written += stored;
      if (stored === 0 && result.kind !== "release") stale.push(result.cell);
    }
    // Still claimed but its question changed meanwhile: back to the queue to ask the new one.
    for (const cell of stale) {
      await tx.execute(resultStatement(token, { cell, kind: "release" }));
    }
    return written;
  });
}

/** Store many answers at once, each under the same claim condition as one. */
function answersStatement(token: string, answers: Array<Extract<CellResult, { kind: "done" }>>) {
  const rows = sql.join(
    answers.map(
      (a) =>
        sql`(${a.cell.id}::uuid, ${a.answer}, ${JSON.stringify(a.value)}::jsonb, ${a.explanation}, ${JSON.stringify(a.citations)}::jsonb, ${a.modelId})`,
    ),
    sql`, `,
  );
  return sql`update ${reviewTableCells} c set status = 'done', answer = v.answer, value = v.value,
      explanation = v.explanation, citations = v.citations, model_answer = v.answer,
      model_id = v.model_id, error = null, column_revision = c.claim_revision,
      filled_at = now(), updated_at = now(), ${CLEAR_CLAIM}
    from (values ${rows}) as v(id, answer, value, explanation, citations, model_id)
    where c.id = v.id and c.status = 'running' and c.claim_token = ${token} and not c.edited
      and c.claim_revision = (select col.revision from review_table_columns col where col.id = c.column_id)
    returning c.id::text as "id"`;
}

function resultStatement(token: string, result: CellResult) {
  const { cell } = result;
  switch (result.kind) {
    case "done":
      return sql`update ${reviewTableCells} c set status = 'done', answer = ${result.answer},
          value = ${JSON.stringify(result.value)}::jsonb, explanation = ${result.explanation},
          citations = ${JSON.stringify(result.citations)}::jsonb, model_answer = ${result.answer},
          model_id = ${result.modelId}, error = null, column_revision = c.claim_revision,
          filled_at = now(), updated_at = now(), ${CLEAR_CLAIM}
        where ${stillClaimed(cell.id, token)} returning c.id`;
    case "retry":
      return sql`update ${reviewTableCells} c set status = 'queued', error = ${result.error},
          run_after = now() + ${Math.round(result.delayMs)}::integer * interval '1 millisecond',
          updated_at = now(), ${CLEAR_CLAIM}
        where ${stillClaimed(cell.id, token)} returning c.id`;
    case "failed":
      return sql`update ${reviewTableCells} c set status = 'failed', error = ${result.error},
          updated_at = now(), ${CLEAR_CLAIM}
        where ${stillClaimed(cell.id, token)} returning c.id`;
    case "release":
      return sql`update ${reviewTableCells} c set status = 'queued',
          attempts = greatest(c.attempts - 1, 0), updated_at = now(), ${CLEAR_CLAIM}
        where c.id = ${cell.id} and c.status = 'running' and c.claim_token = ${token} returning c.id`;
  }
}

/** Hand cells this claim holds back to the queue (not counted as attempts). */
export async function releaseClaims(db: Executor, token: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${reviewTableCells} set status = 'queued', attempts = greatest(attempts - 1, 0),
      updated_at = now(), ${CLEAR_CLAIM}
    where claim_token = ${token} and status = 'running' and id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `);
}
