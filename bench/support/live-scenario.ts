import os from "node:os";
import { type CpuSpan, startCpuSpan } from "./machine.ts";
import { type DbCounters, perIteration, readDbCounters, STATS_SETTLE_MS } from "./pg-stats.ts";
import type { BenchServer } from "./prepare.ts";
import { monotonicUs } from "./profile.ts";
import { type Summary, summarize } from "./stats.ts";
import { BenchSocket, inBatches } from "./sync-client.ts";

/**
 * One live-update latency case: N subscribed sockets, a writer socket that changes users[0]'s
 * profile with a unique first name per iteration, and the time from sending the mutation to
 * each expected socket receiving the `query_result` carrying that name.
 */

export const SCENARIOS = {
  fanout: "N sockets on ONE session of one user (one shared query group, fanned out)",
  sessions: "N sockets, each its OWN session of the same user (N groups re-run per change)",
  users: "N sockets of N users of one org; only users[0] changes (1 push expected, N-1 silent)",
} as const;
export type Scenario = keyof typeof SCENARIOS;

export interface CaseOptions {
  iterations: number;
  warmup: number;
  batch: number;
  pauseMs: number;
  iterationTimeoutMs: number;
  /** PostgreSQL only: read the database's counters around the measured iterations (slow). */
  dbStats: boolean;
}

export interface CaseResult {
  scenario: Scenario;
  sockets: number;
  iterations: number;
  /** Time to open, authenticate and subscribe all N sockets (batches of `batch`). */
  setupMs: number;
  /** Every (iteration, expected socket) latency: mutation sent -> push received. */
  perSocket: Summary;
  /** Per iteration, the latency of the first and the last expected socket. */
  firstSocket: Summary;
  lastSocket: Summary;
  /** Mutation sent -> the writer's `result` (sent by the server after the pushes). */
  mutationResult: Summary;
  /** Pushes to sockets that should get none (scenario `users`), and extra pushes. */
  unexpectedPushes: number;
  extraPushes: number;
  missingPushes: number;
  /** CPU over the measured iterations, divided by their number. */
  cpuPerIteration: CpuSpan;
  /** PostgreSQL with --db-stats: database work per change. */
  dbPerIteration?: DbCounters;
  /** 1-minute load average when the case started and ended (other work on the machine). */
  loadAverage: [number, number];
  /** Monotonic µs window of the measured iterations (to cut a server CPU profile). */
  windowUs: { fromUs: number; toUs: number };
}

function firstNameOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("firstName" in value)) return undefined;
  const name = (value as { firstName: unknown }).firstName;
  return typeof name === "string" ? name : undefined;
}

function tokensFor(server: BenchServer, scenario: Scenario, n: number) {
  switch (scenario) {
    case "fanout":
      return { receivers: Array(n).fill(server.extraSessions[0]!), writer: server.users[0]!.token };
    case "sessions":
      return { receivers: server.extraSessions.slice(0, n), writer: server.users[0]!.token };
    case "users":
      return {
        receivers: server.users.slice(0, n).map((u) => u.token),
        writer: server.extraSessions[0]!,
      };
  }
}

export async function runCase(
  server: BenchServer,
  scenario: Scenario,
  n: number,
  options: CaseOptions,
): Promise<CaseResult> {
  const { receivers, writer: writerToken } = tokensFor(server, scenario, n);
  if (receivers.length < n) throw new Error(`not enough prepared sessions for ${n} sockets`);
  const loadAtStart = os.loadavg()[0]!;
  const setupStart = performance.now();
  const sockets = await inBatches(receivers, options.batch, async (token) => {
    const socket = await BenchSocket.open(server.url);
    await socket.authenticate(token);
    await socket.subscribe("me", "users.getMe");
    return socket;
  });
  const setupMs = performance.now() - setupStart;
  const writer = await BenchSocket.open(server.url);
  await writer.authenticate(writerToken);

  const expectedCount = scenario === "users" ? 1 : n;
  const isExpected = (i: number) => i < expectedCount;
  let current: { name: string; t0: number; got: Float64Array; remaining: number } | undefined;
  let allReceived: () => void = () => undefined;
  let unexpectedPushes = 0;
  let extraPushes = 0;
  sockets.forEach((socket, i) => {
    socket.onPush = (_id, value, at) => {
      if (!isExpected(i)) {
        unexpectedPushes++;
        return;
      }
      if (!current || firstNameOf(value) !== current.name || !Number.isNaN(current.got[i]!)) {
        extraPushes++;
        return;
      }
      current.got[i] = at - current.t0;
      if (--current.remaining === 0) allReceived();
    };
  });

  const perSocket: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const mutation: number[] = [];
  let missingPushes = 0;
  let endSpan: (() => CpuSpan) | undefined;
  let fromUs = 0;
  let dbBefore: DbCounters | undefined;
  const total = options.warmup + options.iterations;
  for (let iteration = 0; iteration < total; iteration++) {
    const measured = iteration >= options.warmup;
    if (iteration === options.warmup) {
      dbBefore = await settledCounters(server, options);
      endSpan = startCpuSpan(server.pid);
      fromUs = monotonicUs();
    }
    const name = `Bench ${scenario} ${n} #${iteration} ${Math.random().toString(36).slice(2, 8)}`;
    const done = new Promise<void>((resolve) => {
      allReceived = resolve;
    });
    const got = new Float64Array(expectedCount).fill(Number.NaN);
    const t0 = performance.now();
    current = { name, t0, got, remaining: expectedCount };
    const reply = writer.mutation(
      "users.updateProfile",
      { firstName: name, lastName: "Bench" },
      options.iterationTimeoutMs,
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.iterationTimeoutMs);
    });
    const [result] = await Promise.all([reply, Promise.race([done, timeout])]);
    clearTimeout(timer);
    if (result.status !== "success")
      throw new Error(`mutation failed: ${JSON.stringify(result.message)}`);
    if (measured) {
      const received = [...got].filter((v) => !Number.isNaN(v));
      missingPushes += expectedCount - received.length;
      perSocket.push(...received);
      if (received.length > 0) {
        first.push(Math.min(...received));
        last.push(Math.max(...received));
      }
      mutation.push(result.at - t0);
    }
    current = undefined;
    if (options.pauseMs > 0) await new Promise((r) => setTimeout(r, options.pauseMs));
  }
  const cpu = endSpan?.() ?? {
    serverMs: Number.NaN,
    clientMs: Number.NaN,
    machineBusy: Number.NaN,
  };
  const toUs = monotonicUs();
  const dbAfter = dbBefore && (await settledCounters(server, options));
  // Late pushes would show up here: give them a moment before counting.
  await new Promise((r) => setTimeout(r, 300));
  await inBatches([...sockets, writer], options.batch, (socket) => socket.close());

  const per = options.iterations || 1;
  return {
    scenario,
    sockets: n,
    iterations: options.iterations,
    setupMs,
    perSocket: summarize(perSocket),
    firstSocket: summarize(first),
    lastSocket: summarize(last),
    mutationResult: summarize(mutation),
    unexpectedPushes,
    extraPushes,
    missingPushes,
    cpuPerIteration: {
      serverMs: cpu.serverMs / per,
      clientMs: cpu.clientMs / per,
      machineBusy: cpu.machineBusy,
    },
    dbPerIteration: dbBefore && dbAfter && perIteration(dbBefore, dbAfter, options.iterations),
    loadAverage: [loadAtStart, os.loadavg()[0]!],
    windowUs: { fromUs, toUs },
  };
}

async function settledCounters(server: BenchServer, options: CaseOptions) {
  if (!options.dbStats || !server.databaseUrl) return undefined;
  await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
  return readDbCounters(server.databaseUrl);
}
