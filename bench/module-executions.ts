import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { modules } from "../src/server/db/schema.ts";
import { newId } from "../src/server/ids.ts";
import { signBody } from "../src/server/modules/webhooks/webhook-signature.ts";
import { machineInfo } from "./support/machine.ts";
import { type DbKind, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { ms, rounded, summarize } from "./support/stats.ts";
import { BenchSocket } from "./support/sync-client.ts";

/**
 * Module executions at once (decision 019): N runs started together through a
 * loopback automation that behaves like n8n (answers 202, then posts a result
 * callback). Measures: none lost (every run dispatched once and succeeded with
 * one draft), and the time from the automation's result callback to the
 * member's live subscription (modules.getModuleExecutionById over the socket)
 * seeing it succeeded. Usage:
 *   node bench/module-executions.ts [--database pglite|postgres] [--runs 100]
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    runs: { type: "string", default: "100" },
    out: { type: "string" },
  },
});
const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const RUNS = Math.min(250, Math.max(1, Number(values.runs)));
const log = (line: string) => process.stderr.write(`[module-executions ${database}] ${line}\n`);
const machine = machineInfo();

interface Received {
  executionId: string;
  token: string;
  callbackPath: string;
  at: number;
}
const received = new Map<string, Received[]>();
const automation = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on("data", (c: Buffer) => chunks.push(c));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const entry: Received = {
      executionId: body.executionId,
      token: body.callback.token,
      callbackPath: new URL(body.callback.url).pathname,
      at: performance.now(),
    };
    received.set(entry.executionId, [...(received.get(entry.executionId) ?? []), entry]);
    response.writeHead(202).end();
  });
});
await new Promise<void>((resolve) => automation.listen(0, "127.0.0.1", resolve));
const automationPort = (automation.address() as AddressInfo).port;
// The server child inherits this environment: it may call the loopback automation.
process.env.MODULE_WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${automationPort}`;

const secret = randomBytes(24).toString("hex");
const moduleId = newId();
const server = await prepareServer({
  database,
  users: 1,
  extraSessions: 0,
  log,
  seedMore: async ({ db }) => {
    await db.insert(modules).values({
      id: moduleId,
      slug: "bench-module",
      name: "Bench module",
      kind: "webhook",
      endpointUrl: `http://127.0.0.1:${automationPort}/hook`,
      webhookSecret: secret,
      inputs: [{ key: "focus", label: "Focus", type: "text", required: true }],
    });
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  const socket = await BenchSocket.open(server.url);
  await socket.authenticate(server.users[0]!.token);
  const succeededAt = new Map<string, number>();
  socket.onPush = (id, value, at) => {
    if (
      typeof value === "object" &&
      value !== null &&
      "status" in value &&
      value.status === "succeeded" &&
      !succeededAt.has(id)
    ) {
      succeededAt.set(id, at);
    }
  };

  // Start every run at once.
  const startedAt = performance.now();
  const replies = await Promise.all(
    Array.from({ length: RUNS }, (_, n) =>
      socket.mutation("modules.run", { moduleId, inputs: { focus: `run ${n}` } }),
    ),
  );
  const ids = replies.map((r) => {
    if (r.status !== "success") throw new Error(`modules.run failed: ${JSON.stringify(r.message)}`);
    return (r.message.value as { executionId: string }).executionId;
  });
  for (const id of ids)
    await socket.subscribe(id, "modules.getModuleExecutionById", { executionId: id });
  const deadline = Date.now() + 120_000;
  while (ids.some((id) => !received.has(id))) {
    if (Date.now() > deadline) throw new Error("not every run reached the automation");
    await sleep(20);
  }
  const dispatchedMs = Math.max(...ids.map((id) => received.get(id)![0]!.at)) - startedAt;
  log(`${RUNS} runs dispatched in ${ms(dispatchedMs)} ms`);

  // The automation posts every result at once; each is timed to the member's push.
  const callbackAt = new Map<string, number>();
  const answers = await Promise.all(
    ids.map(async (id) => {
      const run = received.get(id)!.at(-1)!;
      const body = JSON.stringify({
        seq: 1,
        type: "result",
        result: { title: "Result", format: "markdown", content: `# Result\n\nFor ${id}.` },
      });
      callbackAt.set(id, performance.now());
      const response = await fetch(`${server.url}${run.callbackPath}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${run.token}`,
          "X-Atrium-Signature": signBody(secret, body),
        },
        body,
      });
      return response.status;
    }),
  );
  const until = Date.now() + 60_000;
  while (succeededAt.size < RUNS && Date.now() < until) await sleep(20);
  const latencies = ids.flatMap((id) =>
    succeededAt.has(id) ? [succeededAt.get(id)! - callbackAt.get(id)!] : [],
  );
  const summary = summarize(latencies);
  const result = {
    runs: RUNS,
    dispatched: ids.filter((id) => received.has(id)).length,
    dispatchedTwice: ids.filter((id) => (received.get(id)?.length ?? 0) > 1).length,
    callbacksAccepted: answers.filter((s) => s === 200).length,
    seenSucceeded: succeededAt.size,
    lost: RUNS - succeededAt.size,
    dispatchAllMs: dispatchedMs,
    callbackToScreenMs: summary,
  };
  process.stdout.write(
    [
      "",
      `Module executions, ${database}: ${RUNS} at once`,
      `  dispatched ${result.dispatched}/${RUNS} (twice: ${result.dispatchedTwice}), all within ${ms(dispatchedMs)} ms`,
      `  callbacks accepted ${result.callbacksAccepted}/${RUNS}, seen succeeded live ${result.seenSucceeded}/${RUNS} (lost ${result.lost})`,
      `  callback -> live push (ms): p50 ${ms(summary.p50)}  p90 ${ms(summary.p90)}  p99 ${ms(summary.p99)}  max ${ms(summary.max)}`,
      "",
    ].join("\n"),
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = values.out ?? path.join(RESULTS_DIR, `module-executions-${database}.json`);
  writeFileSync(
    out,
    `${JSON.stringify(rounded({ command: `node bench/module-executions.ts ${process.argv.slice(2).join(" ")}`.trim(), database, machine, ...result }), null, 2)}\n`,
  );
  await socket.close();
  if (result.lost > 0) process.exitCode = 1;
} finally {
  await server.close();
  automation.close();
}
