import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { jobs } from "../src/server/db/schema.ts";
import { createTableForRun } from "../src/server/tables/table-seam.ts";
import { insertBenchContracts } from "./support/contracts.ts";
import { machineInfo } from "./support/machine.ts";
import { type DbKind, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { ms, rounded, summarize } from "./support/stats.ts";

/**
 * Reading a big review table (issue 14: 10,000 rows x 20 columns): the table
 * is made directly in SQL with every cell answered (text, yes/no, date,
 * number, currency answers, two citations each), then `tables.get` is called
 * N times over HTTP; time to the last byte and answer size. Then N live
 * updates as an open tab gets them: C cells corrected (tables.setCell), then
 * tables.getChanges since the tab's revision; its time and size. Usage:
 *   node bench/review-table-read.ts [--database pglite|postgres] [--docs 10000]
 *     [--questions 20] [--runs 5] [--changed 16] [--browser]
 * --browser (needs `npx vite build` first and /usr/bin/chromium): the page in
 * headless Chromium: time to the first grid, frame times while scrolling the
 * grid with the mouse wheel, and how long a correction made elsewhere takes
 * to show in the open page.
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    docs: { type: "string", default: "10000" },
    questions: { type: "string", default: "20" },
    runs: { type: "string", default: "5" },
    changed: { type: "string", default: "16" },
    browser: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const DOCS = Math.max(1, Number(values.docs));
const QUESTIONS = Math.min(50, Math.max(1, Number(values.questions)));
const RUNS = Math.max(1, Number(values.runs));
/** Cells changed between two live updates (a fill's batch is about 10 to 50). */
const CHANGED = Math.max(1, Number(values.changed));
const log = (line: string) => process.stderr.write(`[review-table-read ${database}] ${line}\n`);

const TYPES = ["text", "yesNo", "date", "number", "currency"] as const;
let tableId = "";
const server = await prepareServer({
  database,
  users: 1,
  extraSessions: 0,
  log,
  seedMore: async ({ db, organizationId, users }) => {
    const owner = users[0]!.id;
    const ids = await insertBenchContracts(db, {
      organizationId,
      ownerId: owner,
      count: DOCS,
      batch: 1000,
    });
    const created = await db.transaction((tx) =>
      createTableForRun(tx, {
        organizationId,
        userId: owner,
        name: "Big review",
        documentIds: ids,
        columns: Array.from({ length: QUESTIONS }, (_, q) => ({
          question: `Question ${q + 1}: what does clause ${q + 1} say about the fee or the law?`,
          answerType: TYPES[q % TYPES.length]!,
        })),
      }),
    );
    tableId = created.tableId;
    // Every cell answered, as after a fill: a typed value per column type, an explanation, two citations.
    await db.execute(sql`
      update review_table_cells c set status = 'done', column_revision = col.revision,
        claim_job_id = null, claim_token = null, claim_until = null, claim_revision = null,
        answer = case col.answer_type
          when 'text' then 'Governed by the law of France; the fee is due within 30 days of the invoice (' || r.position || ')'
          when 'yesNo' then case when r.position % 2 = 0 then 'Yes' else 'No' end
          when 'date' then '2024-03-' || lpad(((r.position % 28) + 1)::text, 2, '0')
          when 'number' then (r.position * 7 % 1000)::text
          else 'EUR ' || (r.position * 13 % 100000)::text end,
        value = case col.answer_type
          when 'text' then to_jsonb('Governed by the law of France; the fee is due within 30 days of the invoice (' || r.position || ')')
          when 'yesNo' then to_jsonb(r.position % 2 = 0)
          when 'date' then to_jsonb('2024-03-' || lpad(((r.position % 28) + 1)::text, 2, '0'))
          when 'number' then to_jsonb(r.position * 7 % 1000)
          else to_jsonb('EUR ' || (r.position * 13 % 100000)::text) end,
        explanation = 'Clause ' || col.position || ' says so in its second sentence.',
        citations = jsonb_build_array(
          jsonb_build_object('chunkId', null, 'quote', 'governed by the law of France', 'page', 1),
          jsonb_build_object('chunkId', null, 'quote', 'the fee is 1,250 EUR', 'page', 2)),
        model_id = 'bench-model'
      from review_table_rows r, review_table_columns col
      where c.table_id = ${tableId} and r.id = c.row_id and col.id = c.column_id
    `);
    await db.delete(jobs).where(sql`${jobs.kind} = 'review-table-fill'`);
    // What autovacuum does after a bulk write in any deployment (the throwaway test cluster
    // runs without it): fresh statistics and a visibility map, so index-only scans can be used.
    await db.execute(sql`vacuum analyze review_table_cells`);
    await db.execute(sql`vacuum analyze review_table_rows`);
  },
});

const owner = server.users[0]!;

/** One call over HTTP, timed to its last byte. */
async function call(
  kind: "query" | "mutation",
  fn: string,
  args: unknown,
): Promise<{ ms: number; bytes: number; value: unknown }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
    body: JSON.stringify({ path: fn, args, format: "json" }),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  const body = JSON.parse(text) as { status: string; value?: unknown; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${fn}: ${body.errorMessage}`);
  return { ms: elapsed, bytes: Buffer.byteLength(text), value: body.value };
}

let lastTable: { revision: string; rowIds: string[]; columnIds: string[] } | null = null;

async function getOnce(): Promise<{ ms: number; bytes: number; cells: number }> {
  const { ms: elapsed, bytes, value } = await call("query", "tables.get", { tableId });
  const v = value as {
    revision: string;
    cells: { rowIds: string[]; columns: Array<{ columnId: string }> };
  };
  lastTable = {
    revision: v.revision,
    rowIds: v.cells.rowIds,
    columnIds: v.cells.columns.map((c) => c.columnId),
  };
  return { ms: elapsed, bytes, cells: countCells(value) };
}

/**
 * A live update as an open tab now gets it: CHANGED cells corrected (one
 * setCell each, like a fill's batch of answers), then tables.getChanges since
 * the revision the tab holds. Returns its time and size.
 */
async function changesOnce(
  revision: string,
  round: number,
): Promise<{ ms: number; bytes: number; cells: number; revision: string }> {
  const table = lastTable!;
  for (let k = 0; k < CHANGED; k++) {
    const r = (round * 7919 + k * 104_729) % table.rowIds.length;
    await call("mutation", "tables.setCell", {
      tableId,
      rowId: table.rowIds[r],
      columnId: table.columnIds[k % table.columnIds.length],
      answer: `Corrected ${round}.${k}`,
    });
  }
  const {
    ms: elapsed,
    bytes,
    value,
  } = await call("query", "tables.getChanges", {
    tableId,
    sinceRevision: revision,
  });
  const v = value as { revision: string; reset: boolean; cells: unknown[] };
  if (v.reset) throw new Error("tables.getChanges asked for a full read");
  return { ms: elapsed, bytes, cells: v.cells.length, revision: v.revision };
}

/** Answered cells in the answer, whatever its encoding. */
function countCells(value: unknown): number {
  const v = value as { cells?: unknown };
  if (Array.isArray(v.cells)) return v.cells.length;
  const columns = (v.cells as { columns?: Array<{ status: unknown[] }> } | undefined)?.columns;
  return (columns ?? []).reduce((n, c) => n + c.status.length, 0);
}

/** The page at this size in headless Chromium: first grid, scrolling frame times, a live change. */
async function browserCase() {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1400, height: 900 } })
    ).newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId("login-email").fill("bench-user-0@example.test");
    await page.getByTestId("login-password").fill("bench-password-not-secret");
    await page.getByTestId("login-submit").click();
    await page.waitForURL(`${server.url}/command-center`, { timeout: 120_000 });
    const opened = performance.now();
    await page.goto(`${server.url}/modules/table/${tableId}`);
    await page.getByTestId("grid-cell").first().waitFor({ timeout: 300_000 });
    const firstGridMs = performance.now() - opened;
    // Frame times while the wheel scrolls the grid down (400 px a step) then sideways.
    const grid = page.getByTestId("review-grid");
    const box = (await grid.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(() => {
      const w = window as unknown as { frames_: number[]; stop_: boolean };
      w.frames_ = [];
      w.stop_ = false;
      let last = performance.now();
      const tick = (now: number) => {
        w.frames_.push(now - last);
        last = now;
        if (!w.stop_) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const steps = 60;
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(i % 10 === 9 ? 300 : 0, 400);
      await page.waitForTimeout(50);
    }
    const frames = await page.evaluate(() => {
      const w = window as unknown as { frames_: number[]; stop_: boolean };
      w.stop_ = true;
      return w.frames_.slice(1);
    });
    // A correction made elsewhere, on the first row: time until the open page shows it.
    await grid.evaluate((el) => el.scrollTo(0, 0));
    await page.getByTestId("grid-cell").first().waitFor();
    const live: number[] = [];
    const table = lastTable!;
    for (let i = 0; i < 3; i++) {
      const text = `Live ${i} ${Date.now()}`;
      const started = performance.now();
      await call("mutation", "tables.setCell", {
        tableId,
        rowId: table.rowIds[0],
        columnId: table.columnIds[0],
        answer: text,
      });
      await page.getByText(text).first().waitFor({ timeout: 60_000 });
      live.push(performance.now() - started);
    }
    return {
      firstGridMs,
      scrollSteps: steps,
      frames: summarize(frames),
      live: summarize(live),
    };
  } finally {
    await browser.close();
  }
}

try {
  const times: number[] = [];
  let bytes = 0;
  let cells = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = await getOnce();
    times.push(run.ms);
    bytes = run.bytes;
    cells = run.cells;
    log(
      `tables.get ${i + 1}/${RUNS}: ${run.ms.toFixed(0)} ms, ${(run.bytes / 1e6).toFixed(2)} MB, ${run.cells} cells`,
    );
  }
  const stats = summarize(times);
  const changeTimes: number[] = [];
  const changeBytes: number[] = [];
  let revision = lastTable!.revision;
  for (let i = 0; i < RUNS; i++) {
    const run = await changesOnce(revision, i);
    revision = run.revision;
    changeTimes.push(run.ms);
    changeBytes.push(run.bytes);
    log(
      `tables.getChanges ${i + 1}/${RUNS}: ${run.ms.toFixed(0)} ms, ${run.bytes} bytes, ${run.cells} cells`,
    );
  }
  const changeStats = summarize(changeTimes);
  const browserResult = values.browser ? await browserCase() : null;
  const result = {
    documents: DOCS,
    questions: QUESTIONS,
    runs: RUNS,
    cells,
    bytes,
    tablesGetMs: stats,
    changedCellsPerUpdate: CHANGED,
    getChangesBytes: Math.max(...changeBytes),
    getChangesMs: changeStats,
    loadAverage: os.loadavg(),
    browser: browserResult,
  };
  process.stdout.write(
    [
      "",
      `tables.get, ${database}: ${DOCS} rows x ${QUESTIONS} columns (${cells} cells)`,
      `  answer ${(bytes / 1e6).toFixed(2)} MB; time to last byte (ms): p50 ${ms(stats.p50)}  max ${ms(stats.max)}  (${stats.count} runs)`,
      `  live update of ${CHANGED} cells, tables.getChanges: at most ${Math.max(...changeBytes)} bytes; time (ms): p50 ${ms(changeStats.p50)}  max ${ms(changeStats.max)}  (${changeStats.count} runs)`,
      ...(browserResult
        ? [
            `  Chromium: first grid ${ms(browserResult.firstGridMs)} ms; scrolling frames (ms) p50 ${ms(browserResult.frames.p50)}  p90 ${ms(browserResult.frames.p90)}  p99 ${ms(browserResult.frames.p99)}  max ${ms(browserResult.frames.max)} (${browserResult.frames.count} frames, ${browserResult.scrollSteps} wheel steps); live correction shown after p50 ${ms(browserResult.live.p50)}  max ${ms(browserResult.live.max)} ms`,
          ]
        : []),
      `  load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
      "",
    ].join("\n"),
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = values.out ?? path.join(RESULTS_DIR, `review-table-read-${database}.json`);
  writeFileSync(
    out,
    `${JSON.stringify(rounded({ command: `node bench/review-table-read.ts ${process.argv.slice(2).join(" ")}`.trim(), database, machine: machineInfo(), ...result }), null, 2)}\n`,
  );
} finally {
  await server.close();
}
