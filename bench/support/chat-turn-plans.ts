import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { prepareTurn } from "../../src/server/chat/prepare-turn.ts";
import { AssistantWriter } from "../../src/server/chat/stream/assistant-writer.ts";
import { streamSaverOf } from "../../src/server/chat/stream/stream-saver.ts";
import { readTurnState } from "../../src/server/chat/thread-state.ts";
import { loadConfig } from "../../src/server/config.ts";
import { threads } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createServices } from "../../src/server/services.ts";
import { startBenchCluster } from "./bench-postgres.ts";
import { seedChatMember } from "./chat-turn-cpu.ts";

/**
 * Planning against execution for each statement of a chat turn on PostgreSQL (decision 032,
 * fourth round): runs turns on a thread of a few messages as the server does (prepareTurn, then
 * the answer's final save), records every statement node-postgres sends during the last one, and
 * runs each as a prepared statement ten times under EXPLAIN (ANALYZE, SUMMARY, BUFFERS) in a
 * rolled-back transaction: the first executions are PostgreSQL's custom plans (what an unnamed
 * statement pays every time), later ones the generic plan once it chose it.
 * Usage: node bench/support/chat-turn-plans.ts [--keep-dir DIR]
 */
interface Sent {
  name?: string;
  text: string;
  values: unknown[];
}

const dir = mkdtempSync(path.join(tmpdir(), "atrium-turn-plans-"));
const cluster = await startBenchCluster(dir);
const config = loadConfig({
  DATA_DIR: dir,
  DATABASE_URL: cluster.url,
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: "",
  ADMIN_PASSWORD: "",
  ACCESS_TOKEN_TTL_SECONDS: "7200",
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
  OPENAI_COMPATIBLE_MODELS: "bench-model",
});
const services = await createServices(config, createLogger("silent"));
const sent: Sent[] = [];
let capturing = false;
for (const proto of [pg.Pool.prototype, pg.Client.prototype] as unknown as Array<{
  query: (...args: unknown[]) => unknown;
}>) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (capturing && proto === (pg.Client.prototype as unknown)) {
      const [first, second] = args as [
        string | { text: string; name?: string; values?: unknown[] },
        unknown[],
      ];
      const config = typeof first === "string" ? { text: first } : first;
      sent.push({
        ...(config.name ? { name: config.name } : {}),
        text: config.text,
        values: (second as unknown[]) ?? config.values ?? [],
      });
    }
    return original.apply(this, args);
  };
}
try {
  const db = services.database.db;
  const { org, user, claims } = await seedChatMember(services, "Turn plans");
  const threadId = `turn-plans-${newId().slice(-8)}`;
  await db
    .insert(threads)
    .values({ id: threadId, organizationId: org.id, userId: user!.id, title: "Plans" });
  const saver = streamSaverOf(services);
  const turn = async () => {
    const prepared = await prepareTurn({
      db,
      claims,
      request: {
        threadId,
        trigger: "submit-message",
        messageId: null,
        modelId: null,
        userMessage: { id: newId(), text: "How long does the first token take?" },
      },
      models: services.models,
      isStreaming: () => false,
      onReady: () => ({ firstOutput: Promise.resolve() }),
    });
    const writer = new AssistantWriter({
      db,
      saver,
      messageId: prepared.assistantMessageId,
      ready: Promise.resolve(true),
    });
    await writer.finish(
      {
        parts: [{ type: "text", text: "A short answer of a few words.", state: "done" }],
        status: "complete",
        finishReason: "stop",
        usage: { inputTokens: 10, outputTokens: 8, totalTokens: 18 },
        error: null,
      },
      { id: threadId, streamId: prepared.streamId },
    );
  };
  for (let i = 0; i < 4; i++) await turn();
  await db.execute("analyze");
  capturing = true;
  await turn();
  capturing = false;

  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const literal = (v: unknown) =>
    v === null || v === undefined
      ? "NULL"
      : client.escapeLiteral(
          v instanceof Date
            ? v.toISOString()
            : typeof v === "object"
              ? JSON.stringify(v)
              : String(v),
        );
  console.log(
    `Statements of one chat turn on PostgreSQL (${sent.length}); ms, EXPLAIN (ANALYZE, SUMMARY)`,
  );
  console.log(
    "statement                                   | run 1 plan / exec | runs 2-5 plan | runs 6-10 plan / exec",
  );
  for (const [i, s] of sent.entries()) {
    const runs: Array<{ plan: number; exec: number }> = [];
    await client.query("begin");
    await client.query(`prepare s${i} as ${s.text}`);
    for (let r = 0; r < 10; r++) {
      await client.query("savepoint run");
      const args = s.values.length ? `(${s.values.map(literal).join(", ")})` : "";
      const res = await client.query(
        `explain (analyze, summary, buffers, format json) execute s${i}${args}`,
      );
      const plan = (
        res.rows[0] as {
          "QUERY PLAN": Array<{ "Planning Time": number; "Execution Time": number }>;
        }
      )["QUERY PLAN"][0]!;
      runs.push({ plan: plan["Planning Time"], exec: plan["Execution Time"] });
      await client.query("rollback to savepoint run");
    }
    await client.query("rollback");
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const label = `${s.name ? `[${s.name}] ` : ""}${s.text.replace(/\s+/g, " ").slice(0, 40)}`;
    console.log(
      `${label.padEnd(44)}| ${runs.map((r) => r.plan.toFixed(2)).join(" ")}\n${"".padEnd(44)}| ${runs[0]!.plan.toFixed(3)} / ${runs[0]!.exec.toFixed(3)} | ${avg(runs.slice(1, 5).map((r) => r.plan)).toFixed(3)} | ${avg(runs.slice(5).map((r) => r.plan)).toFixed(3)} / ${avg(runs.slice(5).map((r) => r.exec)).toFixed(3)}`,
    );
  }
  await client.end();

  // The read alone, as the server runs it (named, generic plan by now): wall clock against
  // this process's CPU per call (node-postgres, drizzle's mapping, zod), one at a time.
  const reads = 1000;
  const readOnce = () => readTurnState(db, claims, threadId, newId());
  for (let i = 0; i < 100; i++) await readOnce();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < reads; i++) await readOnce();
  const used = process.cpuUsage(cpu);
  console.log(
    `The turn's read, ${reads} one at a time: ${((performance.now() - wall) / reads).toFixed(3)} ms wall, ${((used.user + used.system) / 1000 / reads).toFixed(3)} ms of this process's CPU per read`,
  );
} finally {
  await services.database.close();
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
