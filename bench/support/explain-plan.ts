import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/database.ts";
import { rowsOf } from "../../src/server/db/raw-rows.ts";

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement drizzle built, on PostgreSQL: the figures the load
 * on a shared machine does not move much (buffers, index scans, rows) beside the times, and
 * whether the plan's estimated cost crossed PostgreSQL's JIT threshold (the trap of decision
 * 034, "PostgreSQL's share"). FOLDER_TREE_PLANS=<dir>: each JSON plan is written there too.
 */

export interface PlanFigures {
  planningMs: number;
  executionMs: number;
  sharedHit: number;
  sharedRead: number;
  /** The planner's estimate for the whole statement (JIT compiles above jit_above_cost). */
  totalCost: number;
  /** Whether PostgreSQL compiled the statement with JIT. */
  jit: boolean;
  /** Index (and index-only) scans of `folders`, loops included: one a probe. */
  folderIndexScans: number;
  rows: number;
}

export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** A parameter as an SQL literal (bench data only: uuids, numbers, short strings). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`unexpected parameter ${String(value)}`);
}

const inline = (query: BuiltQuery) =>
  query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function folderIndexScans(node: PlanNode): number {
  const own =
    node["Relation Name"] === "folders" && String(node["Node Type"]).includes("Index")
      ? Number(node["Actual Loops"] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + folderIndexScans(child), 0);
}

function figures(plan: Record<string, unknown>, name: string): PlanFigures {
  const dir = process.env.FOLDER_TREE_PLANS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(plan, null, 2));
  }
  const top = plan.Plan as PlanNode;
  return {
    planningMs: plan["Planning Time"] as number,
    executionMs: plan["Execution Time"] as number,
    sharedHit: Number(top["Shared Hit Blocks"] ?? 0),
    sharedRead: Number(top["Shared Read Blocks"] ?? 0),
    totalCost: Number(top["Total Cost"] ?? 0),
    jit: "JIT" in plan,
    folderIndexScans: folderIndexScans(top),
    rows: Number(top["Actual Rows"] ?? 0),
  };
}

const planOf = (result: unknown) =>
  (
    (rowsOf(result) as Array<Record<string, unknown>>)[0]!["QUERY PLAN"] as Array<
      Record<string, unknown>
    >
  )[0]!;

/** The statement with its parameters inlined, as a custom plan (what an unnamed statement gets). */
export async function explainCustom(db: Db, query: BuiltQuery, name: string): Promise<PlanFigures> {
  const result = await db.execute(
    sql.raw(`explain (analyze, buffers, format json) ${inline(query)}`),
  );
  return figures(planOf(result), name);
}

/**
 * The statement prepared and run with PostgreSQL's generic plan (what a named statement gets
 * once the plan cache settles on it: db/postgres.ts names statements), in one transaction so
 * the PREPARE, the setting and the EXECUTE share a connection.
 */
export async function explainGeneric(
  db: Db,
  query: BuiltQuery,
  name: string,
): Promise<PlanFigures> {
  const args = query.params.map(literal).join(", ");
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare bench_generic as ${query.sql}`));
    const result = await tx.execute(
      sql.raw(
        `explain (analyze, buffers, format json) execute bench_generic${args ? `(${args})` : ""}`,
      ),
    );
    await tx.execute(sql`deallocate bench_generic`);
    return figures(planOf(result), `${name}-generic`);
  });
}
