import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { readTurnState } from "../../src/server/chat/thread-state.ts";
import { loadConfig } from "../../src/server/config.ts";
import { threads } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createServices } from "../../src/server/services.ts";
import { startBenchCluster } from "./bench-postgres.ts";
import { seedChatMember } from "./chat-turn-cpu.ts";

/**
 * What a burst of turn reads costs on PostgreSQL (decision 032, "Seventh round: bursts"): n
 * reads (n members, a thread each) sent at once as n lone statements through the server's pool,
 * against one batched statement (chat_turn_states). Per burst: wall clock until the last row is
 * back (median), and CPU per read of this process and of the cluster's backends. The variants
 * alternate within each round.
 * Usage: node bench/support/chat-read-batch.ts [--rounds 40] [--sizes 1,10,25,50,100]
 */
const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "40" },
    sizes: { type: "string", default: "1,10,25,50,100" },
  },
});
const rounds = Math.max(4, Number(values.rounds));
const sizes = values.sizes.split(",").map(Number);
const members = Math.max(...sizes);

const dir = mkdtempSync(path.join(tmpdir(), "atrium-read-batch-"));
const cluster = await startBenchCluster(dir);

/** The statements as the server sends them (captured from node-postgres). */
const captured = new Map<string, { text: string; values: unknown[] }>();
const original = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  const first = args[0] as { text?: string; name?: string } | string;
  if (typeof first === "object" && first?.name?.startsWith("chat_turn_state")) {
    captured.set(first.name, {
      text: first.text!,
      values: (args[1] as unknown[] | undefined) ?? [],
    });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
try {
  const db = services.database.db;
  const turns: Array<{ sessionId: string; userId: string; threadId: string; messageId: string }> =
    [];
  for (let i = 0; i < members; i++) {
    const { org, user, claims } = await seedChatMember(services, `Batch member${i}`);
    const threadId = `read-batch-${newId().slice(-8)}`;
    await db
      .insert(threads)
      .values({ id: threadId, organizationId: org.id, userId: user.id, title: "Batch" });
    turns.push({ ...claims, threadId, messageId: newId() });
  }
  await db.execute("analyze");
  // Three at once: the first alone, the other two in one batch; both statements are then known.
  await Promise.all(turns.slice(0, 3).map((t) => readTurnState(db, t, t.threadId, t.messageId)));
  const one = captured.get("chat_turn_state");
  const many = captured.get("chat_turn_states")?.text;
  if (!one || !many) throw new Error("the read's statements were not seen");
  // The lone statement's parameters in its order (a placeholder used twice is sent twice).
  const fields = one.values.map((value) => {
    const field = (Object.keys(turns[0]!) as Array<keyof (typeof turns)[0]>).find(
      (key) => turns[0]![key] === value,
    );
    if (!field) throw new Error("a parameter of the read's statement was not recognised");
    return field;
  });
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const alone = (n: number) =>
    Promise.all(
      turns.slice(0, n).map((t) =>
        pool.query(
          { name: "chat_turn_state", text: one.text },
          fields.map((field) => t[field]),
        ),
      ),
    );
  const batched = (n: number) => {
    const some = turns.slice(0, n);
    return pool.query({ name: "chat_turn_states", text: many }, [
      some.map((t) => t.sessionId),
      some.map((t) => t.userId),
      some.map((t) => t.threadId),
      some.map((t) => t.messageId),
    ]);
  };
  const variants = [
    { label: "lone statements", run: alone },
    { label: "one batch", run: batched },
  ];
  console.log(
    `A burst of n turn reads on PostgreSQL (empty threads), ${rounds} rounds; load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log("n    | variant          | wall p50 ms | our CPU ms/read | PostgreSQL CPU ms/read");
  for (const n of sizes) {
    const results = variants.map(() => ({ wall: [] as number[], cpu: 0, pgCpu: 0 }));
    for (let r = 0; r < rounds + 5; r++) {
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const cpu = process.cpuUsage();
        const pgFrom = cluster.cpuMs();
        const t = performance.now();
        await variants[k]!.run(n);
        const wall = performance.now() - t;
        const used = process.cpuUsage(cpu);
        if (r < 5) continue; // warm-up: every connection prepared, generic plans chosen
        results[k]!.wall.push(wall);
        results[k]!.cpu += (used.user + used.system) / 1000;
        results[k]!.pgCpu += cluster.cpuMs() - pgFrom;
      }
    }
    for (const [k, v] of variants.entries()) {
      const res = results[k]!;
      console.log(
        `${String(n).padEnd(4)} | ${v.label.padEnd(16)} | ${median(res.wall).toFixed(2).padStart(11)} | ${(res.cpu / rounds / n).toFixed(3).padStart(15)} | ${(res.pgCpu / rounds / n).toFixed(3).padStart(22)}`,
      );
    }
  }
} finally {
  await services.database.close();
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
