import { randomBytes } from "node:crypto";
import { generateText, NoObjectGeneratedError, Output } from "ai";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Services } from "../api/context.ts";
import type { Executor } from "../db/database.ts";
import { rowsOf } from "../db/raw-rows.ts";
import { organizationSettings, reviewTableColumns, reviewTables } from "../db/schema.ts";
import { retryDelayMs } from "../jobs/backoff.ts";
import type { JobHandler, JobRunContext } from "../jobs/types.ts";
import { isOffered } from "../models/model-choice.ts";
import type { ResolvedModel } from "../models/model-registry.ts";
import { isProviderError, providerErrorMessage } from "../models/provider-error.ts";
import { Limiter } from "../realtime/limiter.ts";
import {
  type ColumnSpec,
  cellFromModel,
  cellPrompt,
  type ModelAnswer,
  modelAnswerSchema,
  type Passage,
  parseModelAnswer,
  SYSTEM_PROMPT,
} from "./answer.ts";
import {
  type CellResult,
  type ClaimedCell,
  claimCells,
  releaseClaims,
  writeResults,
} from "./cell-claims.ts";
import { ensureFillJob, TABLE_FILL_JOB } from "./fill-queue.ts";
import { findPassagesBatch } from "./passages.ts";

/**
 * Filling a review table (decision 027). A job handles one batch: it claims
 * queued cells atomically (FOR UPDATE SKIP LOCKED, with a claim token and a
 * lease), asks the model for each with at most TABLE_FILL_CONCURRENCY calls
 * in flight per provider (across every table this process fills), writes the
 * answers a few dozen at a time (one transaction, one live notification per
 * table), and after about BATCH_BUDGET_MS queues its successor so other jobs
 * get the worker in between. An answer is stored only while the cell is still
 * claimed by this claim and its question unchanged, so a cell is never
 * answered twice and a crash loses at most the calls in flight: the next
 * attempt of the job takes those cells back.
 */

/** How long one job claims new cells before handing over to its successor. */
const BATCH_BUDGET_MS = 30_000;
/** A claimed cell whose claimer stopped renewing it is free again after this. */
export const CELL_LEASE_MS = 5 * 60_000;
/** Attempts per cell (provider errors and rate limits), then it fails with the provider's words. */
export const CELL_MAX_ATTEMPTS = 4;
const RETRY = { baseMs: 2_000, maxMs: 60_000 };
/** Written together in one transaction. */
const FLUSH_EVERY = 50;
const FLUSH_MS = 250;
const NO_MODEL =
  "No AI model is configured on this server, so the table cannot be filled. An administrator can add one.";

const payloadSchema = z.object({ tableId: z.uuid() });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const providerLimits = new Map<string, Limiter>();
/** The process-wide limit of model calls in flight for one provider. */
function providerLimiter(provider: string, size: number): Limiter {
  let limiter = providerLimits.get(provider);
  if (!limiter) {
    limiter = new Limiter(size);
    providerLimits.set(provider, limiter);
  }
  return limiter;
}

/** The model that fills a table: its own, else the organization's default, else the server's. */
export async function tableModel(
  services: Pick<Services, "models">,
  db: Executor,
  table: { organizationId: string; modelId: string | null },
): Promise<ResolvedModel | undefined> {
  if (table.modelId && isOffered(services.models, table.modelId)) {
    return services.models.get(table.modelId);
  }
  const [settings] = await db
    .select({ modelId: organizationSettings.defaultModelId })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, table.organizationId));
  const id = isOffered(services.models, settings?.modelId)
    ? settings!.modelId
    : services.models.defaultModelId;
  return id ? services.models.get(id) : undefined;
}

/** Thrown for an answer that could not be read as the object asked for (retried). */
class UnreadableAnswerError extends Error {
  override name = "UnreadableAnswerError";
}

/** Ask the model for one cell. */
export async function askModel(options: {
  model: ResolvedModel;
  prompt: string;
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<ModelAnswer> {
  const common = {
    model: options.model.model,
    instructions: SYSTEM_PROMPT,
    prompt: options.prompt,
    maxOutputTokens: 1_000,
    maxRetries: 0,
    timeout: options.timeoutMs,
    abortSignal: options.signal,
  };
  // An OpenAI-compatible server (Ollama, vLLM…) may not take a JSON schema: it gets the
  // instructions' JSON shape and its text is parsed; the others answer a schema-checked object.
  if (options.model.info.provider === "compatible") {
    const result = await generateText(common);
    const parsed = parseModelAnswer(result.text);
    if (!parsed) throw new UnreadableAnswerError("The model's answer could not be read.");
    return parsed;
  }
  try {
    const result = await generateText({
      ...common,
      output: Output.object({ schema: modelAnswerSchema }),
    });
    return result.output;
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) {
      const parsed = error.text ? parseModelAnswer(error.text) : null;
      if (parsed) return parsed;
      throw new UnreadableAnswerError("The model's answer could not be read.");
    }
    throw error;
  }
}

export function tableFillJob(services: Services): JobHandler {
  return {
    kind: TABLE_FILL_JOB,
    run: (ctx) => runFillBatch(services, ctx),
    async onGiveUp(ctx) {
      const parsed = payloadSchema.safeParse(ctx.job.payload);
      if (!parsed.success) return;
      await ctx.services.database.db.execute(sql`
        update review_table_cells set status = 'failed',
          error = 'Filling stopped unexpectedly; fill the table again.',
          claim_job_id = null, claim_token = null, claim_until = null, claim_revision = null,
          updated_at = now()
        where claim_job_id = ${ctx.job.id} and status = 'running'
      `);
    },
  };
}

interface CellWork extends ClaimedCell {
  column: ColumnSpec;
  passages: Passage[];
}

async function runFillBatch(services: Services, ctx: JobRunContext): Promise<void> {
  const parsed = payloadSchema.safeParse(ctx.job.payload);
  if (!parsed.success) return;
  const { tableId } = parsed.data;
  const db = services.database.db;
  const [table] = await db.select().from(reviewTables).where(eq(reviewTables.id, tableId));
  if (!table) return;
  const model = await tableModel(services, db, table);
  const token = `${ctx.job.id}.${randomBytes(6).toString("hex")}`;
  const claimer = { tableId, jobId: ctx.job.id, token, leaseMs: CELL_LEASE_MS };
  const concurrency = services.config.tables.fillConcurrency;
  const timeoutMs = services.config.tables.cellTimeoutMs;

  if (!model) {
    // Nothing can answer: every queued cell says why, now.
    for (;;) {
      const claimed = await claimCells(db, { ...claimer, limit: 500 });
      if (claimed.length === 0) break;
      await writeResults(
        db,
        token,
        claimed.map((cell) => ({ cell, kind: "failed", error: NO_MODEL })),
      );
    }
    return;
  }

  const limiter = providerLimiter(model.info.provider, concurrency);
  const deadline = Date.now() + BATCH_BUDGET_MS;
  /** Claimed, with their question and passages: ready for a slot. */
  const ready: CellWork[] = [];
  /** Claimed by this run and not yet given to a slot (released if the run stops). */
  const unstarted = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let results: CellResult[] = [];
  let lastFlush = Date.now();
  let flushing: Promise<void> = Promise.resolve();
  const columns = new Map<string, ColumnSpec>();
  let drained = false;
  let prefetching: Promise<void> | null = null;
  // Claimed ahead: the next cells' claim and passage queries run while the slots wait for the
  // model, so a slot that frees up starts its next call at once.
  const claimSize = concurrency * 4;
  const claimBelow = concurrency * 2;

  const flush = () => {
    if (results.length === 0) return flushing;
    const batch = results;
    results = [];
    lastFlush = Date.now();
    flushing = flushing
      .then(() => writeResults(db, token, batch))
      .then(
        () => undefined,
        // The cells stay claimed; their lease runs out and another batch asks them again.
        (error: unknown) => ctx.log.warn({ err: error, tableId }, "could not store table answers"),
      );
    return flushing;
  };

  const prefetch = async (): Promise<void> => {
    const claimed = await claimCells(db, { ...claimer, limit: claimSize });
    if (claimed.length === 0) {
      drained = true;
      return;
    }
    for (const cell of claimed) unstarted.add(cell.id);
    try {
      ready.push(...(await prepareCells(db, columns, claimed)));
    } catch (error) {
      // This run stops claiming; the cells go back to the queue for the next batch.
      ctx.log.warn({ err: error, tableId }, "could not read passages for table cells");
      drained = true;
    }
  };
  const startPrefetch = () => {
    prefetching = prefetch()
      .catch((error: unknown) => {
        ctx.log.warn({ err: error, tableId }, "could not claim table cells");
        drained = true;
      })
      .finally(() => {
        prefetching = null;
      });
  };

  const work = async (cell: CellWork): Promise<void> => {
    const result = await limiter.run(() =>
      answerCell(services, cell, model, ctx.signal, timeoutMs),
    );
    results.push(result);
    // Stored in the background: the slot takes its next cell meanwhile (flush() chains writes).
    if (results.length >= FLUSH_EVERY || Date.now() - lastFlush >= FLUSH_MS) void flush();
  };

  try {
    while (!ctx.signal.aborted) {
      if (!prefetching && !drained && ready.length < claimBelow && Date.now() < deadline) {
        startPrefetch();
      }
      while (ready.length > 0 && inFlight.size < concurrency) {
        const cell = ready.shift()!;
        unstarted.delete(cell.id);
        const task = work(cell).finally(() => inFlight.delete(task));
        inFlight.add(task);
      }
      if (inFlight.size === 0) {
        if (prefetching) {
          await prefetching;
          continue;
        }
        break;
      }
      // Answers do not wait for the next one to be stored: a crash loses at most FLUSH_MS of them.
      await Promise.race([...inFlight, sleep(FLUSH_MS), ...(prefetching ? [prefetching] : [])]);
      if (Date.now() - lastFlush >= FLUSH_MS) void flush();
    }
    await Promise.allSettled(inFlight);
    if (prefetching) await prefetching;
    await flush();
  } finally {
    // Claimed but never started (the worker is stopping, or reading passages failed): back to
    // the queue.
    const left = [...unstarted];
    if (left.length > 0) {
      // A release that fails is not lost work: the claims' lease runs out and the cells are
      // claimed again then; say so rather than hide it.
      await releaseClaims(db, token, left).catch((error: unknown) =>
        ctx.log.warn(
          { err: error, tableId, cells: left.length },
          "could not release unstarted table cells; they return when their lease ends",
        ),
      );
    }
  }
  if (ctx.signal.aborted) return;

  // More to do (the budget ran out, or retries are waiting): the next batch is its own job.
  const next = await nextRunnable(db, tableId);
  if (next) {
    await ensureFillJob(db, table, next > new Date() ? next : undefined);
  }
  ctx.log.info({ tableId, more: next !== null }, "review table fill batch done");
}

/** When the table's next queued cell may run; null when none is waiting. */
async function nextRunnable(db: Executor, tableId: string): Promise<Date | null> {
  const result = await db.execute(sql`
    select min(coalesce(run_after, now())) as "at" from review_table_cells
    where table_id = ${tableId} and status = 'queued'
  `);
  const at = (rowsOf(result)[0] as { at: unknown } | undefined)?.at;
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at : new Date(String(at));
}

/**
 * The claimed cells with their question and passages: the columns not yet
 * known in one query, the passages of the whole batch in one or two
 * (`findPassagesBatch`). A cell whose column is gone is dropped (its claim
 * is released with the others not started).
 */
async function prepareCells(
  db: Executor,
  cache: Map<string, ColumnSpec>,
  claimed: ClaimedCell[],
): Promise<CellWork[]> {
  const missing = [...new Set(claimed.map((c) => c.columnId))].filter((id) => !cache.has(id));
  if (missing.length > 0) {
    const rows = await db
      .select({
        id: reviewTableColumns.id,
        question: reviewTableColumns.question,
        answerType: reviewTableColumns.answerType,
        instructions: reviewTableColumns.instructions,
        options: reviewTableColumns.options,
      })
      .from(reviewTableColumns)
      .where(inArray(reviewTableColumns.id, missing));
    for (const { id, ...column } of rows) cache.set(id, column);
  }
  // A column's revision is part of the claim: a question changed since is read again.
  const cells = claimed.flatMap((cell) => {
    const column = cache.get(cell.columnId);
    return column ? [{ cell, column }] : [];
  });
  if (cells.length === 0) return [];
  const organizationId = cells[0]!.cell.organizationId;
  const passages = await findPassagesBatch(
    db,
    organizationId,
    cells.map(({ cell, column }) => ({ documentId: cell.documentId, question: column.question })),
  );
  return cells.map(({ cell, column }, i) => ({ ...cell, column, passages: passages[i]! }));
}

/** One cell: passages, the model, the answer checked; failures become a retry or a failure. */
async function answerCell(
  services: Services,
  cell: CellWork,
  model: ResolvedModel,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<CellResult> {
  try {
    const { passages } = cell;
    const prompt = cellPrompt({ column: cell.column, documentName: cell.documentName, passages });
    const output = await askModel({ model, prompt, signal, timeoutMs });
    return {
      cell,
      kind: "done",
      modelId: model.info.id,
      ...cellFromModel(cell.column, output, passages),
    };
  } catch (error) {
    if (signal.aborted) return { cell, kind: "release" };
    const retryable = isProviderError(error) || error instanceof UnreadableAnswerError;
    if (!retryable) services.log.error({ err: error, cellId: cell.id }, "review table cell failed");
    const message =
      error instanceof UnreadableAnswerError
        ? error.message
        : retryable
          ? providerErrorMessage(error)
          : "The cell could not be filled. Please try again.";
    if (retryable && cell.attempts < CELL_MAX_ATTEMPTS) {
      const retryAfter = retryAfterMs(error);
      return {
        cell,
        kind: "retry",
        error: message,
        delayMs: Math.max(retryAfter ?? 0, retryDelayMs(cell.attempts, RETRY)),
      };
    }
    return { cell, kind: "failed", error: message };
  }
}

/** A provider's Retry-After (seconds), when it sent one. */
function retryAfterMs(error: unknown): number | null {
  const headers = (error as { responseHeaders?: Record<string, string> } | null)?.responseHeaders;
  const value = headers?.["retry-after"];
  const seconds = value ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, 5 * 60_000) : null;
}
