import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
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
import { readTurnStateReference } from "../../tests/support/turn-state-reference.ts";
import { startBenchCluster } from "./bench-postgres.ts";
import { seedChatMember } from "./chat-turn-cpu.ts";

/**
 * What the chat turn's read costs on PostgreSQL, piece by piece (decision 032, "Fifth round"):
 * the server's readTurnState (node-postgres, drizzle's mapping, the checks) against the same
 * statement sent through node-postgres alone (rows as arrays, nothing mapped), over TCP and over
 * the cluster's Unix socket, through the server's pool and a plain one, back to back and with an idle gap between reads (as between chats:
 * the backend sleeps, then wakes). Per read: wall clock (median) and this process's CPU.
 * Usage: node bench/support/chat-read-cost.ts [--reads 1000] [--gap-ms 3] [--history 0]
 */
const { values } = parseArgs({
  options: {
    reads: { type: "string", default: "1000" },
    "gap-ms": { type: "string", default: "3" },
    history: { type: "string", default: "0" },
  },
});
const reads = Math.max(10, Number(values.reads));
const gapMs = Math.max(0, Number(values["gap-ms"]));
const historyTurns = Math.max(0, Number(values.history));

const dir = mkdtempSync(path.join(tmpdir(), "atrium-read-cost-"));
const cluster = await startBenchCluster(dir);
const port = new URL(cluster.url).port;
const socketUrl = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(path.join(dir, "socket"))}&port=${port}`;

async function servicesFor(url: string) {
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: url,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    ACCESS_TOKEN_TTL_SECONDS: "7200",
    OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
    OPENAI_COMPATIBLE_MODELS: "bench-model",
  });
  return createServices(config, createLogger("silent"));
}

/** The read's SQL as the server sends it (captured once from node-postgres). */
let captured: { name?: string; text: string; values: unknown[] } | undefined;
const original = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const first = args[0] as { text?: string; name?: string; values?: unknown[] } | string;
  if (!captured && typeof first === "object" && first?.name === "chat_turn_state") {
    captured = {
      name: first.name,
      text: first.text!,
      values: (args[1] as unknown[] | undefined) ?? first.values ?? [],
    };
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Variant {
  label: string;
  once: () => Promise<unknown>;
}

/**
 * Every variant once per round, in turn (so a change in the machine's load hits them alike),
 * back to back and then with an idle gap before each read.
 */
async function measure(variants: Variant[]) {
  for (const v of variants) for (let i = 0; i < 50; i++) await v.once();
  const results = variants.map(() => ({ back: [] as number[], gap: [] as number[], cpu: [0, 0] }));
  for (const [g, gap] of [0, gapMs].entries()) {
    for (let i = 0; i < reads; i++) {
      for (const [k, v] of variants.entries()) {
        if (gap) await sleep(gap);
        const cpu = process.cpuUsage();
        const t = performance.now();
        await v.once();
        const wall = performance.now() - t;
        const used = process.cpuUsage(cpu);
        const r = results[k]!;
        (g === 0 ? r.back : r.gap).push(wall);
        r.cpu[g]! += used.user + used.system;
      }
    }
  }
  console.log(
    `${"".padEnd(50)} | back to back: wall p50, CPU | gap ${gapMs} ms: wall p50, CPU (ms per read)`,
  );
  for (const [k, v] of variants.entries()) {
    const r = results[k]!;
    const cpu = (g: number) => (r.cpu[g]! / 1000 / reads).toFixed(3);
    console.log(
      `${v.label.padEnd(50)} | ${median(r.back).toFixed(3)}  ${cpu(0)} | ${median(r.gap).toFixed(3)}  ${cpu(1)}`,
    );
  }
}

const tcp = await servicesFor(cluster.url);
try {
  const db = tcp.database.db;
  const { org, user, claims } = await seedChatMember(tcp, "Read cost");
  const threadId = `read-cost-${newId().slice(-8)}`;
  await db
    .insert(threads)
    .values({ id: threadId, organizationId: org.id, userId: user.id, title: "Read cost" });
  const saver = streamSaverOf(tcp);
  for (let t = 0; t < historyTurns; t++) {
    const prepared = await prepareTurn({
      db,
      claims,
      request: {
        threadId,
        trigger: "submit-message",
        messageId: null,
        modelId: null,
        userMessage: { id: newId(), text: `Question ${t}: how long does the first token take?` },
      },
      models: tcp.models,
      isStreaming: () => false,
      onReady: () => ({ firstOutput: Promise.resolve() }),
    });
    await new AssistantWriter({
      db,
      saver,
      messageId: prepared.assistantMessageId,
      ready: Promise.resolve(true),
    }).finish(
      {
        parts: [{ type: "text", text: `Answer ${t}, a sentence of a few words.`, state: "done" }],
        status: "complete",
        finishReason: "stop",
        usage: { inputTokens: 10, outputTokens: 8, totalTokens: 18 },
        error: null,
      },
      { id: threadId, streamId: prepared.streamId },
    );
  }
  await db.execute("analyze");
  console.log(
    `The turn's read on PostgreSQL (thread of ${historyTurns * 2} messages), ${reads} reads per line; load ${(await import("node:os")).loadavg()[0]!.toFixed(2)}`,
  );
  const messageId = newId();
  const server = (services: typeof tcp) => () =>
    readTurnState(services.database.db, claims, threadId, messageId);
  const reference = (services: typeof tcp) => () =>
    readTurnStateReference(services.database.db, claims, threadId, messageId);
  await server(tcp)();
  if (!captured) throw new Error("the read's statement was not seen");
  const statement = captured;
  const socket = await servicesFor(socketUrl);
  const clients: pg.Client[] = [];
  const alone = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return () => client.query({ ...statement, rowMode: "array" });
  };
  // The server's own pool (its `query`, routed by db/postgres.ts) and a plain one: what the pool adds.
  const serverPool = (tcp.database.db as unknown as { $client: pg.Pool }).$client;
  const plainPool = new pg.Pool({ connectionString: cluster.url, max: 2 });
  const bare = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return () => client.query({ name: "one", text: "select 1" });
  };
  try {
    await measure([
      { label: "before: drizzle select + zod, TCP", once: reference(tcp) },
      { label: "readTurnState, TCP", once: server(tcp) },
      { label: "readTurnState, Unix socket", once: server(socket) },
      {
        label: "its statement, the server's pool, TCP",
        once: () =>
          serverPool.query({ name: statement.name, text: statement.text }, statement.values),
      },
      {
        label: "its statement, a plain pg.Pool, TCP",
        once: () =>
          plainPool.query({ name: statement.name, text: statement.text }, statement.values),
      },
      { label: "its statement, node-postgres alone, TCP", once: await alone(cluster.url) },
      { label: "its statement, node-postgres alone, Unix socket", once: await alone(socketUrl) },
      { label: "SELECT 1, TCP", once: await bare(cluster.url) },
      { label: "SELECT 1, Unix socket", once: await bare(socketUrl) },
    ]);
  } finally {
    for (const client of clients) await client.end();
    await plainPool.end();
    await socket.database.close();
  }
} finally {
  await tcp.database.close();
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
