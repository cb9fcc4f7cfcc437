import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chatTools } from "../src/server/chat/tools/chat-tools.ts";
import { Citations } from "../src/server/chat/tools/citations.ts";
import { threads } from "../src/server/db/schema.ts";
import { postmasterOnPort, serverCpuMs } from "./support/bench-postgres.ts";
import { measurePipelineCpu, type PipelineCpu } from "./support/chat-pipeline-cpu.ts";
import {
  type StreamTarget,
  type StreamTiming,
  startFakeModel,
  startSdkRelay,
  timeStream,
} from "./support/chat-streams.ts";
import { isStepCount, measureSdkCpu, type SdkCpuCase } from "./support/chat-tools-cpu.ts";
import { countRoundStatements, type LoggedStatement } from "./support/chat-statement-log.ts";
import { measureTurnCpu, type TurnCpu } from "./support/chat-turn-cpu.ts";
import { profileReport } from "./support/live-report.ts";
import {
  PG_STATEMENTS_SETTINGS,
  type PgStatementsReport,
  PgStatementsProbe,
  pgStatementsText,
} from "./support/soak-pg-statements.ts";
import { machineInfo, processCpuMs } from "./support/machine.ts";
import { type DbKind, type PrepareOptions, prepareServer, RESULTS_DIR } from "./support/prepare.ts";
import { monotonicUs, profilesIn, summarizeProfile } from "./support/profile.ts";
import { ms, rounded, type Summary, summarize, table } from "./support/stats.ts";

/**
 * Chat latency: time to first token (TTFT) of an answer through POST /api/chat
 * against the same loopback OpenAI-compatible model called directly, one chat
 * at a time (the server's added TTFT, target under 5 ms at p50), then with
 * 100 chats streaming at once (p99 added latency, errors). The loopback
 * model answers within a millisecond or two, far faster than any real one,
 * so a third case gives it a real model's 200 ms to the first token. The
 * model, the server and this load generator run in three processes. Usage:
 *   node bench/chat-latency.ts [--database pglite|postgres] [--iterations 200]
 *     [--warmup 20] [--paced-iterations 50] [--concurrency 100] [--rounds 6] [--profile]
 *     [--turn-cpu 300] [--turn-warmup 1000] [--turn-cpu-only] [--pipeline-rounds 5]
 *     [--sdk-rounds 3] [--timeline] [--in-process-only] [--threads created|seeded]
 *     [--settle-ms 500] [--warm-sockets] [--pg-statements] [--turn-setup-sql "STATEMENT; ..."]
 *     [--compare-env "NAME=value ..."] [--compare-entry FILE]
 * On PGlite it first measures the database CPU of a chat turn in this process (every statement
 * of a turn, with and without named prepared statements; --turn-cpu 0 skips it, --turn-cpu-only
 * runs nothing else: about a minute; --turn-setup-sql runs its statements on that database first,
 * to measure a turn without a trigger, say: "alter table messages disable trigger atrium_usage").
 * Each case first runs --turn-warmup turns, then has the tables vacuumed and analyzed as the
 * server does within seconds (decisions 039, 040); one more case measures the named statements without that, on
 * the plans made when the tables were empty.
 * It also measures, in process, the CPU per chunk of the stream
 * stages between the AI SDK's UI message stream and the socket, ours against the bare relay's
 * (bench/support/chat-pipeline-cpu.ts; a few seconds; --pipeline-rounds 0 skips it).
 * It also measures, in process, the AI SDK's own CPU per answer with the relay's call and the
 * server's (tools, steps, timeouts; bench/support/chat-tools-cpu.ts; --sdk-rounds 0 skips it).
 * --in-process-only stops after those in-process cases (no servers; under a minute).
 * --profile writes a CPU profile of the server and reports where its time went during the
 * one-at-a-time chats. --timeline has the server note, per chat, the milliseconds from the
 * request's arrival at the chat route to each step (src/server/chat/chat-timeline.ts) and
 * reports their medians and p99s, one at a time and at once.
 * At once, each round runs the server's chats and the relay's in turn, the first alternating from
 * round to round, each after a pause (--settle-ms); the verdict is given both ways: the p99 of all
 * rounds' chats pooled (as before the sixth round) and the median of the rounds' own ratios.
 * --threads: each chat's thread is made through threads.create just before its first message, as
 * the web does ("created", the default), or inserted before the run ("seeded", as before the
 * sixth round). With created threads the server on PGlite starts the model from what it knows of
 * the new thread beside the turn's read (decision 032, sixth round; off by default on PostgreSQL,
 * "Chat by chat"); ATRIUM_CHAT_SPECULATION=on|off in this process's environment (the server
 * inherits it) decides instead.
 * Each round's table says how many sockets each case opened: the client's idle sockets close
 * after 4 s, so with the alternating order the second case of a round (its last use two cases
 * ago) usually opens 100 new connections and the first none (decision 032, seventh round).
 * --warm-sockets sends 100 requests the target answers at once (a 404) before each case's
 * pause, so both cases start on open sockets. --pg-statements runs the throwaway PostgreSQL with
 * pg_stat_statements and reports its statements over the rounds at once. --compare-env starts a
 * second server with those variables on top (its own database) and runs its one-at-a-time chats
 * interleaved with the first's, the order alternating, then reports both above the relay and
 * the median of their chat-by-chat differences: a side-by-side A/B that the machine's drift
 * between runs cannot decide (a server knob such as ATRIUM_CHAT_SPECULATION=off or
 * PGLITE_THREAD=main). --compare-entry FILE runs that second server from another entry file
 * (another commit's, from a worktree). On PostgreSQL the
 * server's cases also give PostgreSQL's own CPU per chat (its backends, from /proc): it runs on
 * the same cores as the server, the model and this process.
 */

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    iterations: { type: "string", default: "200" },
    "paced-iterations": { type: "string", default: "50" },
    warmup: { type: "string", default: "20" },
    concurrency: { type: "string", default: "100" },
    rounds: { type: "string", default: "6" },
    out: { type: "string" },
    profile: { type: "boolean", default: false },
    "turn-cpu": { type: "string", default: "300" },
    "turn-warmup": { type: "string", default: "1000" },
    "turn-cpu-only": { type: "boolean", default: false },
    "turn-setup-sql": { type: "string" },
    "pipeline-rounds": { type: "string", default: "5" },
    timeline: { type: "boolean", default: false },
    "sdk-rounds": { type: "string", default: "3" },
    "in-process-only": { type: "boolean", default: false },
    threads: { type: "string", default: "created" },
    "settle-ms": { type: "string", default: "500" },
    statements: { type: "boolean", default: false },
    "pg-statements": { type: "boolean", default: false },
    "warm-sockets": { type: "boolean", default: false },
    "compare-env": { type: "string" },
    "compare-entry": { type: "string" },
  },
});
/**
 * How each chat's thread comes to be: "created" through the server's threads.create just before
 * its first message, as the web does (the instance then knows the new thread: decision 032,
 * sixth round); "seeded" inserted into the database before the run (the rounds before the sixth).
 */
const threadsMode = values.threads;
if (threadsMode !== "created" && threadsMode !== "seeded") {
  throw new Error("--threads: created|seeded");
}
/**
 * --compare-env "NAME=value ...": a second server child with this environment on top, its own
 * database, whose one-at-a-time chats are interleaved with the first's (which goes first
 * alternates), so the two are compared chat by chat under the same drift.
 */
const compareEnv = parseCompareEnv(values["compare-env"]);
/**
 * --compare-entry FILE: the second server runs this entry file instead (another commit's
 * src/server/main.ts, in a worktree whose node_modules links to this one's), with or without
 * --compare-env.
 */
const compareEntry = values["compare-entry"];
/** What the second server differs by, for the report. */
const compareLabel = [values["compare-env"], compareEntry].filter(Boolean).join(", ");
const database = values.database as DbKind;
if (database !== "pglite" && database !== "postgres")
  throw new Error("--database: pglite|postgres");
const iterations = Math.max(1, Number(values.iterations));
const pacedIterations = Math.max(1, Number(values["paced-iterations"]));
const warmup = Math.max(0, Number(values.warmup));
const concurrency = Math.max(1, Number(values.concurrency));
const rounds = Math.max(1, Number(values.rounds));
/** The pause before each round of chats at once (the previous round's tail settles). */
const settleMs = Math.max(0, Number(values["settle-ms"]));
const TARGET_ADDED_P50_MS = 5;
/** Issue 16: the server's TTFT above the bare relay's, one at a time (p50), and at 100 at once. */
const TARGET_ABOVE_RELAY_P50_MS = database === "postgres" ? 1 : 2;
const TARGET_CONCURRENT_RATIO = 1.2;
const MODEL = "bench-model";
/** The fake model's answers: an echo at once (TTFT), or 60 words 5 ms apart (concurrency). */
const QUICK_PROMPT = "How long does the first token take?";
const STREAMING_PROMPT = "[slow:5] Stream sixty words please.";
/** A model that takes 200 ms to its first token, as real ones do (or longer). */
const PACED_PROMPT = "[ttft:200] Take your time.";
/** About the size of the server's own instructions, so both requests carry the same prompt. */
const SYSTEM_PROMPT = "You are a helpful assistant that answers questions about documents. ".repeat(
  30,
);

const log = (line: string) => process.stderr.write(`[chat-latency ${database}] ${line}\n`);
const machine = machineInfo();

/** PGlite CPU per chat turn (target: at most 5 ms with named statements), before the server runs. */
const TARGET_TURN_CPU_MS = 5;
/** A count option's value: a whole number, 0 or more (anything else stops the run, naming it). */
function countOption(name: string): number {
  const value = Number(values[name as keyof typeof values]);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(
      `--${name}: a whole number, 0 or more (got "${values[name as keyof typeof values]}")`,
    );
  }
  return value;
}
const turnCpuTurns = countOption("turn-cpu");
const turnWarmup = countOption("turn-warmup");
const turnCpu: TurnCpu[] = [];
if (database === "pglite" && turnCpuTurns > 0) {
  const load = os.loadavg()[0]!;
  const cases = [
    { prepared: true, statistics: "current" },
    { prepared: true, statistics: "as at start" },
    { prepared: false, statistics: "current" },
  ] as const;
  for (const { prepared, statistics } of cases) {
    turnCpu.push(
      await measureTurnCpu({
        turns: turnCpuTurns,
        warmup: turnWarmup,
        prepared,
        statistics,
        model: { baseUrl: "http://127.0.0.1:9/v1", name: MODEL },
        setupSql: values["turn-setup-sql"],
      }),
    );
  }
  process.stdout.write(
    `\nPGlite CPU per chat turn (in process; read, write transaction, final save; after ${turnCpu[0]!.warmup} turns; load ${load.toFixed(1)})\n` +
      `${table(
        [
          "statements",
          "statistics",
          "turns",
          "CPU ms per turn",
          "read",
          "write",
          "final save",
          "statements per turn",
          "named",
        ],
        turnCpu.map((t) => [
          t.prepared ? "named prepared" : "PGlite query (fallback)",
          t.statistics,
          String(t.turns),
          t.cpuMsPerTurn.toFixed(2),
          t.phasesMsPerTurn.read.toFixed(2),
          t.phasesMsPerTurn.write.toFixed(2),
          t.phasesMsPerTurn.finalSave.toFixed(2),
          t.statementsPerTurn.toFixed(1),
          t.namedPerTurn.toFixed(1),
        ]),
      )}\n` +
      `target <= ${TARGET_TURN_CPU_MS} ms: ${turnCpu[0]!.cpuMsPerTurn <= TARGET_TURN_CPU_MS ? "met" : "MISSED"}\n`,
  );
  if (values["turn-cpu-only"]) {
    const out = values.out ?? path.join(RESULTS_DIR, "chat-turn-cpu-pglite.json");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(rounded({ benchmark: "chat-turn-cpu", machine, turnCpu, load }), null, 2)}\n`,
    );
    process.exit(0);
  }
}

/** CPU per chunk of the stream stages after the SDK: ours against the bare relay's. */
const pipelineRounds = Math.max(0, Number(values["pipeline-rounds"]));
let pipelineCpu: PipelineCpu[] = [];
if (pipelineRounds > 0) {
  const load = os.loadavg()[0]!;
  pipelineCpu = await measurePipelineCpu({
    answers: concurrency,
    words: 60,
    rounds: pipelineRounds,
  });
  process.stdout.write(
    `\nCPU per chunk after the AI SDK's UI message stream, ${concurrency} answers at once (in process; load ${load.toFixed(1)})\n` +
      `${table(
        ["stages", "chunks per answer", "CPU us per chunk"],
        pipelineCpu.map((p) => [p.pipeline, String(p.chunksPerAnswer), p.cpuUsPerChunk.toFixed(1)]),
      )}\n`,
  );
}

/**
 * The AI SDK's own CPU per answer (in process, in-memory model answer of 60 words): the relay's
 * call against the server's (its three tools, six steps, chunk timeout, abort signal), and the
 * server's without each, so what the tools cost is known apart from everything else.
 */
const sdkRounds = Math.max(0, Number(values["sdk-rounds"]));
let sdkCpu: SdkCpuCase[] = [];
if (sdkRounds > 0) {
  const load = os.loadavg()[0]!;
  const context = () => ({
    db: {} as never,
    userId: "u",
    organizationId: "o",
    threadId: "t",
    citations: new Citations(),
    log: { error: () => undefined } as never,
    embedding: null,
  });
  const server = (without: "none" | "tools" | "steps" | "timeout" | "abort") => () => ({
    ...(without === "tools" ? {} : { tools: chatTools(context()), toolCallConcurrency: 1 }),
    ...(without === "steps" ? {} : { stopWhen: isStepCount(6) }),
    ...(without === "timeout" ? {} : { timeout: { chunkMs: 120_000, toolMs: 60_000 } }),
    ...(without === "abort" ? {} : { abortSignal: new AbortController().signal }),
    maxRetries: 2,
  });
  const tools = () => chatTools(context());
  sdkCpu = await measureSdkCpu({
    cases: [
      { name: "relay's call (no options)", options: () => ({}) },
      { name: "server's call", options: server("none"), tools },
      { name: "server's, without tools", options: server("tools") },
      { name: "server's, without steps", options: server("steps"), tools },
      { name: "server's, without chunk timeout", options: server("timeout"), tools },
      { name: "server's, without abort signal", options: server("abort"), tools },
    ],
    answers: 100,
    warmup: 50,
    rounds: sdkRounds,
    words: 60,
    instructions: SYSTEM_PROMPT,
  });
  process.stdout.write(
    `\nThe AI SDK's CPU per answer of 60 words (in process, in-memory model; load ${load.toFixed(1)})\n` +
      `${table(
        ["streamText call", "answers", "CPU us per answer", "chunks"],
        sdkCpu.map((c) => [
          c.name,
          String(c.answers),
          c.cpuUsPerAnswer.toFixed(0),
          String(c.chunks),
        ]),
      )}\n`,
  );
}

if (values["in-process-only"]) {
  const out = values.out ?? path.join(RESULTS_DIR, `chat-in-process-${database}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(rounded({ benchmark: "chat-in-process", machine, turnCpu, pipelineCpu, sdkCpu, load: os.loadavg()[0] }), null, 2)}\n`,
  );
  process.exit(0);
}

const fake = await startFakeModel();
log(`fake model up at ${fake.baseUrl} (pid ${fake.pid})`);
// With --timeline the relay and the server each append their marks to a file of their own.
const timelineFile = values.timeline
  ? path.join(mkdtempSync(path.join(os.tmpdir(), "atrium-bench-timeline-")), "chat.jsonl")
  : "";
const relayTimelineFile = timelineFile && path.join(path.dirname(timelineFile), "relay.jsonl");
if (timelineFile) process.env.ATRIUM_RELAY_TIMELINE = relayTimelineFile;
const relay = await startSdkRelay(fake.baseUrl, MODEL);
delete process.env.ATRIUM_RELAY_TIMELINE;
// The server child inherits this process's environment (bench/support/prepare.ts).
process.env.OPENAI_COMPATIBLE_BASE_URL = fake.baseUrl;
process.env.OPENAI_COMPATIBLE_MODELS = MODEL;
if (timelineFile) process.env.ATRIUM_CHAT_TIMELINE = timelineFile;
// With --statements (and --timeline) the server notes every statement it sends, with its time.
const statementFile =
  values.statements && timelineFile
    ? path.join(path.dirname(timelineFile), "statements.jsonl")
    : "";
if (statementFile) process.env.ATRIUM_STATEMENT_LOG = statementFile;
const profileDir = values.profile ? mkdtempSync(path.join(os.tmpdir(), "atrium-bench-prof-")) : "";
let sequentialWindow: { fromUs: number; toUs: number } | undefined;
let concurrentWindow: { fromUs: number; toUs: number } | undefined;
const sequentialThreads = warmup + iterations + pacedIterations;
const threadIds: string[][] = [];
const server = await prepareServer({
  database,
  users: concurrency,
  nodeArgs: [
    ...(values.profile
      ? ["--cpu-prof", "--cpu-prof-interval=100", `--cpu-prof-dir=${profileDir}`]
      : []),
    ...(statementFile
      ? [`--import=${new URL("./support/chat-statement-log.ts", import.meta.url).pathname}`]
      : []),
  ],
  extraSessions: 0,
  log,
  postgresSettings:
    values["pg-statements"] && database === "postgres" ? PG_STATEMENTS_SETTINGS : undefined,
  seedMore: seedThreads(threadIds),
});
/** The second server (--compare-env, --compare-entry): its own database; one-at-a-time chats only. */
const threadIdsB: string[][] = [];
const serverB =
  compareEnv || compareEntry
    ? await prepareServer({
        database,
        users: 1,
        extraSessions: 0,
        log: (line) => log(`[B] ${line}`),
        postgresSettings: undefined,
        env: { ...compareEnv, ATRIUM_CHAT_TIMELINE: "", ATRIUM_STATEMENT_LOG: "" },
        entry: compareEntry,
        seedMore: seedThreads(threadIdsB),
      })
    : undefined;

/**
 * Each user's threads (ids into `into`). Threads have a title of their own: no title is generated
 * during the run. Seeded ones exist beforehand; created ones are made through threads.create just
 * before their first message.
 */
function seedThreads(into: string[][]): PrepareOptions["seedMore"] {
  return async ({ db, organizationId, users }) => {
    const rows: Array<typeof threads.$inferInsert> = [];
    users.forEach((user, u) => {
      const count = (u === 0 ? sequentialThreads : 0) + rounds + 1;
      into[u] = Array.from({ length: count }, (_, i) => `bench-${u}-${i}-${user.id.slice(-8)}`);
      for (const id of into[u]!) {
        rows.push({ id, organizationId, userId: user.id, title: "Bench chat" });
      }
    });
    if (threadsMode === "created") return;
    for (let i = 0; i < rows.length; i += 500)
      await db.insert(threads).values(rows.slice(i, i + 500));
  };
}
/** PostgreSQL's own CPU (its backends, from /proc): on the same cores as the server's. */
const postmaster = server.databaseUrl
  ? postmasterOnPort(Number(new URL(server.databaseUrl).port))
  : undefined;
const pgCpuMs = () => (postmaster === undefined ? 0 : serverCpuMs(postmaster));
const stopAll = async () => {
  await relay.close();
  await server.close();
  await serverB?.close();
  await fake.close();
};
process.once("SIGINT", () => {
  log("interrupted: stopping");
  void stopAll().then(() => process.exit(130));
});

// Idle sockets are dropped before the server's 5 s keep-alive ends, so a request never races a close.
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: Number.POSITIVE_INFINITY,
  timeout: 4_000,
});
let messageCounter = 0;
/** Sockets the agent opened (a case at once that finds its sockets closed opens 100). */
let socketsOpened = 0;
const agentInternals = agent as unknown as { createConnection: (...args: unknown[]) => unknown };
const createConnection = agentInternals.createConnection;
agentInternals.createConnection = function (this: unknown, ...args: unknown[]) {
  socketsOpened++;
  return createConnection.apply(this, args);
};

/**
 * `count` requests at once that the target answers at once (a 404, no database): `count` open
 * sockets to it, for --warm-sockets.
 */
async function warmSockets(base: string, count: number): Promise<void> {
  const url = new URL(base);
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const request = http.request(
            { agent, host: url.hostname, port: url.port, method: "GET", path: "/api/bench-warm" },
            (response) => {
              response.resume();
              response.on("end", () => resolve());
              response.on("error", () => resolve());
            },
          );
          request.on("error", () => resolve());
          request.end();
        }),
    ),
  );
}

function direct(prompt: string): StreamTarget {
  const url = new URL(fake.baseUrl);
  return {
    url: fake.baseUrl,
    path: `${url.pathname}/chat/completions`,
    body: JSON.stringify({
      model: MODEL,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: prompt },
      ],
    }),
    firstToken: (received) => /"content":"[^"]/.test(received),
    succeeded: (received) => received.includes("data: [DONE]"),
  };
}

/** The same request through the bare AI SDK relay: what the SDK path alone adds. */
function throughRelay(prompt: string): StreamTarget {
  return {
    url: relay.baseUrl,
    path: "/relay",
    body: JSON.stringify({ system: SYSTEM_PROMPT, text: prompt }),
    firstToken: (received) => received.includes('"type":"text-delta"'),
    succeeded: (received) => received.includes('"type":"finish"'),
  };
}

/** threads.create through the server, as the web does before a new chat's first message. */
async function createThread(user: number, threadId: string, target = server): Promise<void> {
  if (threadsMode !== "created") return;
  const response = await fetch(`${target.url}/api/mutation`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${target.users[user]!.token}`,
    },
    body: JSON.stringify({
      path: "threads.create",
      args: { threadId, title: "Bench chat" },
      format: "json",
    }),
  });
  if (!response.ok) throw new Error(`threads.create: ${response.status} ${await response.text()}`);
}

function throughServer(
  user: number,
  threadId: string,
  prompt: string,
  target = server,
): StreamTarget {
  return {
    url: target.url,
    path: "/api/chat",
    token: target.users[user]!.token,
    body: JSON.stringify({
      id: threadId,
      messages: [
        { id: `bench${++messageCounter}`, role: "user", parts: [{ type: "text", text: prompt }] },
      ],
      trigger: "submit-message",
    }),
    firstToken: (received) => received.includes('"type":"text-delta"'),
    succeeded: (received) =>
      received.includes('"type":"finish"') && !received.includes('"type":"error"'),
  };
}

interface CaseResult {
  name: string;
  ttft: Summary;
  total: Summary;
  errors: number;
  /**
   * CPU of the process answering (the server, or the relay) per chat and per SSE frame sent
   * (/proc, 10 ms resolution summed over the case): independent of the machine's load, unlike
   * the wall clock. On PostgreSQL the database's own backends are not included.
   */
  cpuMsPerChat?: number;
  /** PostgreSQL's backends' CPU per chat (the server's cases on PostgreSQL). */
  pgCpuMsPerChat?: number;
  cpuUsPerFrame?: number;
  framesPerChat?: number;
  firstError?: string;
}

function caseResult(
  name: string,
  timings: StreamTiming[],
  cpuMs?: number,
  pgMs?: number,
): CaseResult {
  const good = timings.filter((t) => t.ok && Number.isFinite(t.ttftMs));
  const failed = timings.find((t) => !t.ok);
  const frames = timings.reduce((sum, t) => sum + t.frames, 0);
  return {
    name,
    ttft: summarize(good.map((t) => t.ttftMs)),
    total: summarize(good.map((t) => t.totalMs)),
    errors: timings.length - good.length,
    ...(cpuMs === undefined
      ? {}
      : {
          cpuMsPerChat: cpuMs / timings.length,
          ...(pgMs === undefined || postmaster === undefined
            ? {}
            : { pgCpuMsPerChat: pgMs / timings.length }),
          cpuUsPerFrame: (cpuMs * 1000) / Math.max(1, frames),
          framesPerChat: frames / timings.length,
        }),
    ...(failed ? { firstError: `${failed.status} ${failed.error ?? ""}`.trim() } : {}),
  };
}

const results: CaseResult[] = [];
/** With a second server: the two one at a time, chat by chat. */
const sequentialServerB: StreamTiming[] = [];
let compared: ReturnType<typeof compareServers> | undefined;
/** Each round of `concurrency` chats at once: the server's and the relay's p99, in the same round. */
const concurrentRounds: Array<{
  round: number;
  first: "server" | "relay";
  serverP99: number;
  relayP99: number;
  ratio: number;
  load: number;
  /** Sockets the case opened: 0 when its keep-alive sockets were still open, else about 100. */
  serverSockets: number;
  relaySockets: number;
}> = [];
const loadAverage: number[] = [os.loadavg()[0]!];
let pgStatements: PgStatementsReport | undefined;
try {
  // One at a time, direct, through the bare SDK relay and through the server in turn (so drift
  // hits all alike).
  const sequentialDirect: StreamTiming[] = [];
  const sequentialRelay: StreamTiming[] = [];
  const sequentialServer: StreamTiming[] = [];
  const relayCpu = { server: 0, relay: 0 };
  const serverCpu = { server: 0, relay: 0 };
  let sequentialPgCpu = 0;
  let serverBCpu = 0;
  for (let i = 0; i < warmup + iterations; i++) {
    if (i === warmup) sequentialWindow = { fromUs: monotonicUs(), toUs: 0 };
    const viaModel = await timeStream(agent, direct(QUICK_PROMPT));
    const from = processCpuMs(relay.pid);
    const viaRelay = await timeStream(agent, throughRelay(QUICK_PROMPT));
    if (i >= warmup) relayCpu.relay += processCpuMs(relay.pid) - from;
    // With a second server (--compare-env, --compare-entry), its chat comes first every other time.
    const bFirst = serverB !== undefined && i % 2 === 1;
    const viaB = bFirst ? await chatOnB(i) : undefined;
    await createThread(0, threadIds[0]![i]!);
    const serverFrom = processCpuMs(server.pid);
    const pgFrom = pgCpuMs();
    const viaServer = await timeStream(agent, throughServer(0, threadIds[0]![i]!, QUICK_PROMPT));
    // The answer's final save runs just after its last byte: let it land in this chat's CPU.
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (i >= warmup) serverCpu.server += processCpuMs(server.pid) - serverFrom;
    if (i >= warmup) sequentialPgCpu += pgCpuMs() - pgFrom;
    const viaServerB = serverB && !bFirst ? await chatOnB(i) : viaB;
    if (i >= warmup) {
      sequentialDirect.push(viaModel);
      sequentialRelay.push(viaRelay);
      sequentialServer.push(viaServer);
      if (viaServerB) sequentialServerB.push(viaServerB);
    }
  }
  /** One chat on the second server (its CPU counted after the warm-up). */
  async function chatOnB(i: number): Promise<StreamTiming> {
    const target = serverB!;
    await createThread(0, threadIdsB[0]![i]!, target);
    const from = processCpuMs(target.pid);
    const timing = await timeStream(
      agent,
      throughServer(0, threadIdsB[0]![i]!, QUICK_PROMPT, target),
    );
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (i >= warmup) serverBCpu += processCpuMs(target.pid) - from;
    return timing;
  }
  if (serverB) {
    compared = compareServers(
      caseResult("server, one at a time", sequentialServer, serverCpu.server),
      sequentialServer,
      sequentialServerB,
      sequentialRelay,
      caseResult(`server B (${compareLabel}), one at a time`, sequentialServerB, serverBCpu),
    );
  }
  if (sequentialWindow) sequentialWindow.toUs = monotonicUs();
  results.push(caseResult("direct, one at a time", sequentialDirect));
  results.push(
    caseResult("server, one at a time", sequentialServer, serverCpu.server, sequentialPgCpu),
  );
  results.push(caseResult("bare AI SDK relay, one at a time", sequentialRelay, relayCpu.relay));
  log(
    `one at a time: TTFT p50 direct ${ms(results[0]!.ttft.p50)} ms, server ${ms(results[1]!.ttft.p50)} ms`,
  );

  // The same with a model that needs 200 ms to its first token: the server's writes overlap it.
  const pacedDirect: StreamTiming[] = [];
  const pacedServer: StreamTiming[] = [];
  for (let i = 0; i < pacedIterations; i++) {
    const thread = threadIds[0]![warmup + iterations + i]!;
    pacedDirect.push(await timeStream(agent, direct(PACED_PROMPT)));
    await createThread(0, thread);
    pacedServer.push(await timeStream(agent, throughServer(0, thread, PACED_PROMPT)));
  }
  results.push(caseResult("direct, model TTFT 200 ms", pacedDirect));
  results.push(caseResult("server, model TTFT 200 ms", pacedServer));

  // Many at once: `concurrency` chats (one per user, each in its own thread), several rounds.
  const concurrentDirect: StreamTiming[] = [];
  const concurrentServer: StreamTiming[] = [];
  const concurrentRelay: StreamTiming[] = [];
  // With --pg-statements: what PostgreSQL spends its time on over the rounds at once.
  const pgProbe =
    values["pg-statements"] && server.databaseUrl
      ? await PgStatementsProbe.open(server.databaseUrl, 60_000)
      : undefined;
  await pgProbe?.start();
  let concurrentServerCpu = 0;
  let concurrentPgCpu = 0;
  let concurrentRelayCpu = 0;
  const pause = () => new Promise((resolve) => setTimeout(resolve, settleMs));
  for (let round = 0; round < rounds; round++) {
    const threadOf = (u: number) => threadIds[u]![(u === 0 ? sequentialThreads : 0) + round]!;
    concurrentDirect.push(
      ...(await Promise.all(
        Array.from({ length: concurrency }, () => timeStream(agent, direct(STREAMING_PROMPT))),
      )),
    );
    await Promise.all(Array.from({ length: concurrency }, (_, u) => createThread(u, threadOf(u))));
    const sockets = { server: 0, relay: 0 };
    const runServer = async () => {
      if (values["warm-sockets"]) await warmSockets(server.url, concurrency);
      await pause();
      const opened = socketsOpened;
      const serverFrom = monotonicUs();
      const from = processCpuMs(server.pid);
      const pgFrom = pgCpuMs();
      const timings = await Promise.all(
        Array.from({ length: concurrency }, (_, u) =>
          timeStream(agent, throughServer(u, threadOf(u), STREAMING_PROMPT)),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      concurrentServerCpu += processCpuMs(server.pid) - from;
      concurrentPgCpu += pgCpuMs() - pgFrom;
      // The profile's concurrent window: the first server round (the relay runs in its own process).
      if (!concurrentWindow) concurrentWindow = { fromUs: serverFrom, toUs: monotonicUs() };
      concurrentServer.push(...timings);
      sockets.server = socketsOpened - opened;
      return timings;
    };
    const runRelay = async () => {
      if (values["warm-sockets"]) await warmSockets(relay.baseUrl, concurrency);
      await pause();
      const opened = socketsOpened;
      const from = processCpuMs(relay.pid);
      const timings = await Promise.all(
        Array.from({ length: concurrency }, () =>
          timeStream(agent, throughRelay(STREAMING_PROMPT)),
        ),
      );
      concurrentRelayCpu += processCpuMs(relay.pid) - from;
      concurrentRelay.push(...timings);
      sockets.relay = socketsOpened - opened;
      return timings;
    };
    // Alternating which goes first, after a pause each: neither always runs in the other's wake
    // (the server's final saves and notifications, or the relay's tail, on the same two cores).
    const serverFirst = round % 2 === 0;
    const first = serverFirst ? await runServer() : await runRelay();
    const second = serverFirst ? await runRelay() : await runServer();
    const [serverTimings, relayTimings] = serverFirst ? [first, second] : [second, first];
    const p99 = (timings: StreamTiming[]) =>
      summarize(timings.filter((t) => t.ok && Number.isFinite(t.ttftMs)).map((t) => t.ttftMs)).p99;
    concurrentRounds.push({
      round: round + 1,
      first: serverFirst ? "server" : "relay",
      serverP99: p99(serverTimings),
      relayP99: p99(relayTimings),
      ratio: p99(serverTimings) / p99(relayTimings),
      load: os.loadavg()[0]!,
      serverSockets: sockets.server,
      relaySockets: sockets.relay,
    });
    log(`round ${round + 1}/${rounds} of ${concurrency} concurrent chats done`);
  }
  if (pgProbe) {
    pgStatements = await pgProbe.finish();
    await pgProbe.close();
  }
  results.push(caseResult(`direct, ${concurrency} at once`, concurrentDirect));
  results.push(
    caseResult(
      `server, ${concurrency} at once`,
      concurrentServer,
      concurrentServerCpu,
      concurrentPgCpu,
    ),
  );
  results.push(
    caseResult(`bare AI SDK relay, ${concurrency} at once`, concurrentRelay, concurrentRelayCpu),
  );
} finally {
  loadAverage.push(os.loadavg()[0]!);
  agent.destroy();
  await stopAll();
}

const [seqDirect, seqServer, seqRelay, pacedDirect, pacedServer, conDirect, conServer, conRelay] =
  results as [
    CaseResult,
    CaseResult,
    CaseResult,
    CaseResult,
    CaseResult,
    CaseResult,
    CaseResult,
    CaseResult,
  ];
const added = {
  sequentialP50: seqServer.ttft.p50 - seqDirect.ttft.p50,
  sequentialP99: seqServer.ttft.p99 - seqDirect.ttft.p99,
  /** What the bare AI SDK relay adds: the floor for any server built on it, on this machine. */
  relayP50: seqRelay.ttft.p50 - seqDirect.ttft.p50,
  relayP99: seqRelay.ttft.p99 - seqDirect.ttft.p99,
  pacedP50: pacedServer.ttft.p50 - pacedDirect.ttft.p50,
  pacedP99: pacedServer.ttft.p99 - pacedDirect.ttft.p99,
  concurrentP50: conServer.ttft.p50 - conDirect.ttft.p50,
  concurrentP99: conServer.ttft.p99 - conDirect.ttft.p99,
  concurrentTotalP99: conServer.total.p99 - conDirect.total.p99,
  concurrentRelayP50: conRelay.ttft.p50 - conDirect.ttft.p50,
  concurrentRelayP99: conRelay.ttft.p99 - conDirect.ttft.p99,
};
const sortedRatios = concurrentRounds.map((r) => r.ratio).sort((a, b) => a - b);
const aboveRelay = {
  sequentialP50: seqServer.ttft.p50 - seqRelay.ttft.p50,
  /** The rounds before the sixth: the p99 of all the server's chats over all the relay's. */
  concurrentP99Ratio: conServer.ttft.p99 / conRelay.ttft.p99,
  /** The sixth round's: the median over the rounds of the server's p99 over the relay's in that round. */
  concurrentP99RatioMedian:
    sortedRatios.length % 2 === 1
      ? sortedRatios[(sortedRatios.length - 1) / 2]!
      : (sortedRatios[sortedRatios.length / 2 - 1]! + sortedRatios[sortedRatios.length / 2]!) / 2,
};
const rows = results.map((r) => [
  r.name,
  String(r.ttft.count),
  ms(r.ttft.p50),
  ms(r.ttft.p90),
  ms(r.ttft.p99),
  ms(r.ttft.max),
  ms(r.total.p50),
  ms(r.total.p99),
  String(r.errors),
  r.cpuMsPerChat === undefined ? "" : r.cpuMsPerChat.toFixed(2),
  r.pgCpuMsPerChat === undefined ? "" : r.pgCpuMsPerChat.toFixed(2),
  r.cpuUsPerFrame === undefined ? "" : r.cpuUsPerFrame.toFixed(0),
]);
process.stdout.write(
  `\nChat time to first token, ${database} (ms)\n` +
    `${table(["case", "n", "TTFT p50", "p90", "p99", "max", "total p50", "total p99", "errors", "CPU ms/chat", "PostgreSQL ms/chat", "CPU us/frame"], rows)}\n\n` +
    `added by the server, one at a time: TTFT p50 ${ms(added.sequentialP50)} ms ` +
    `(target < ${TARGET_ADDED_P50_MS} ms: ${added.sequentialP50 < TARGET_ADDED_P50_MS ? "met" : "MISSED"}), ` +
    `p99 ${ms(added.sequentialP99)} ms\n` +
    `added by the bare AI SDK relay (no database, no checks), one at a time: TTFT p50 ` +
    `${ms(added.relayP50)} ms, p99 ${ms(added.relayP99)} ms\n` +
    `added by the server, model TTFT 200 ms: TTFT p50 ${ms(added.pacedP50)} ms, ` +
    `p99 ${ms(added.pacedP99)} ms\n` +
    `added by the server, ${concurrency} at once: TTFT p50 ${ms(added.concurrentP50)} ms, ` +
    `p99 ${ms(added.concurrentP99)} ms; whole answer p99 ${ms(added.concurrentTotalP99)} ms; ` +
    `errors ${conServer.errors}\n` +
    `added by the bare AI SDK relay, ${concurrency} at once: TTFT p50 ` +
    `${ms(added.concurrentRelayP50)} ms, p99 ${ms(added.concurrentRelayP99)} ms\n` +
    `server above the relay, one at a time: TTFT p50 ${ms(aboveRelay.sequentialP50)} ms ` +
    `(issue 16 target <= ${TARGET_ABOVE_RELAY_P50_MS} ms: ${aboveRelay.sequentialP50 <= TARGET_ABOVE_RELAY_P50_MS ? "met" : "MISSED"})\n` +
    `server against the relay, ${concurrency} at once: TTFT p99 ${aboveRelay.concurrentP99Ratio.toFixed(2)} x ` +
    `over all rounds (target <= ${TARGET_CONCURRENT_RATIO} x: ${aboveRelay.concurrentP99Ratio <= TARGET_CONCURRENT_RATIO && conServer.errors === 0 ? "met" : "MISSED"}); ` +
    `median of the rounds' ratios ${aboveRelay.concurrentP99RatioMedian.toFixed(2)} x ` +
    `(${aboveRelay.concurrentP99RatioMedian <= TARGET_CONCURRENT_RATIO && conServer.errors === 0 ? "met" : "MISSED"})\n` +
    `${table(
      ["round", "first", "server p99", "relay p99", "ratio", "load", "new sockets s/r"],
      concurrentRounds.map((r) => [
        String(r.round),
        r.first,
        ms(r.serverP99),
        ms(r.relayP99),
        r.ratio.toFixed(2),
        r.load.toFixed(1),
        `${r.serverSockets}/${r.relaySockets}`,
      ]),
    )}\n` +
    `load average ${loadAverage.map((l) => l.toFixed(1)).join(" -> ")}\n`,
);
if (values.profile) {
  // One profile per thread: the main thread's and, on PGlite, its worker's (decision 032).
  const files = profilesIn(profileDir);
  for (const { file, thread } of files) {
    const profile = summarizeProfile(file, sequentialWindow, 40);
    process.stdout.write(`\n${profileReport(`one chat at a time, ${thread}`, profile)}\n`);
    process.stdout.write(
      `${table(
        ["Atrium functions by inclusive time", "ms", "of busy"],
        profile.topInclusiveOwn.map((c) => [c.frame, ms(c.ms), `${(c.share * 100).toFixed(1)} %`]),
      )}\n`,
    );
    if (concurrentWindow) {
      const many = summarizeProfile(file, concurrentWindow, 40);
      process.stdout.write(
        `\n${profileReport(`${concurrency} chats at once (first round), ${thread}`, many)}\n`,
      );
      process.stdout.write(
        `${table(
          ["Atrium functions by inclusive time", "ms", "of busy"],
          many.topInclusiveOwn
            .slice(0, 25)
            .map((c) => [c.frame, ms(c.ms), `${(c.share * 100).toFixed(1)} %`]),
        )}\n`,
      );
    }
  }
  if (files.length > 0) log(`profiles kept in ${profileDir} (remove it when done)`);
  else {
    log("no CPU profile was written by the server child");
    rmSync(profileDir, { recursive: true, force: true });
  }
}
if (compared) process.stdout.write(`\n${comparedText(compared)}\n`);
for (const r of results) if (r.firstError) log(`${r.name}: first error: ${r.firstError}`);
if (pgStatements) {
  process.stdout.write(
    `\nPostgreSQL over the rounds at once (server's and relay's; pg_stat_statements)\n${pgStatementsText(pgStatements)}\n`,
  );
}

/** The marks in the order a chat passes them (src/server/chat/chat-timeline.ts). */
const MARK_ORDER = [
  "sent",
  "claims",
  "body",
  "read",
  "confirmed",
  "ready",
  "runTurn",
  "streamText",
  "gated",
  "modelCall",
  "respond",
  "firstOutput",
  "written",
];

/**
 * Each process's marks per chat, in the order the lines were recorded (one at a time first):
 * the server's (a line once the turn's writes are in) and the relay's (once its answer ends;
 * its firstOutput is the model's first text chunk as streamText sees it, before the UI stream).
 */
let timeline: Array<{ case: string; marks: Record<string, Summary> }> = [];
let statementCounts: ReturnType<typeof countRoundStatements> | undefined;
if (timelineFile) {
  const read = (file: string) =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, number>)
      : [];
  const server = read(timelineFile);
  const relayLines = read(relayTimelineFile);
  const sequentialCount = warmup + iterations;
  const groups = [
    { case: "server, one at a time", rows: server.slice(warmup, sequentialCount) },
    { case: "bare relay, one at a time", rows: relayLines.slice(warmup, sequentialCount) },
    {
      case: `server, ${concurrency} at once`,
      rows: server.slice(sequentialCount + pacedIterations),
    },
    { case: `bare relay, ${concurrency} at once`, rows: relayLines.slice(sequentialCount) },
  ];
  timeline = groups.map((g) => {
    const marks: Record<string, Summary> = {};
    for (const name of MARK_ORDER) {
      const values = g.rows.flatMap((r) => (r[name] === undefined ? [] : [r[name]!]));
      if (values.length > 0) marks[name] = summarize(values);
    }
    return { case: g.case, marks };
  });
  for (const g of timeline) {
    const entries = Object.entries(g.marks);
    process.stdout.write(
      `\nTimeline, ${g.case} (ms from the request's arrival at its route; ${entries[0]?.[1].count ?? 0} chats; percentiles per mark)\n` +
        `${table(
          ["mark", "chats", "p50", "p90", "p99"],
          entries.map(([name, s]) => [name, String(s.count), ms(s.p50), ms(s.p90), ms(s.p99)]),
        )}\n`,
    );
  }
  if (statementFile) {
    const logged = read(statementFile) as unknown as LoggedStatement[];
    statementCounts = countRoundStatements(
      logged,
      server.slice(sequentialCount + pacedIterations),
      concurrency,
    );
    process.stdout.write(
      `\nStatements of the server's rounds at once, per chat (${statementCounts.rounds} rounds; "before p99": run before the round's 99th first output)\n` +
        `${table(
          ["statement", "per chat", "before p99"],
          statementCounts.counts
            .slice(0, 20)
            .map((c) => [c.kind, c.perChat.toFixed(2), c.beforeP99PerChat.toFixed(2)]),
        )}\n`,
    );
  }
  rmSync(path.dirname(timelineFile), { recursive: true, force: true });
}

const out = values.out ?? path.join(RESULTS_DIR, `chat-latency-${database}.json`);
mkdirSync(path.dirname(out), { recursive: true });
const command = `node bench/chat-latency.ts ${process.argv.slice(2).join(" ")}`.trim();
writeFileSync(
  out,
  `${JSON.stringify(
    rounded({
      benchmark: "chat-latency",
      command,
      machine,
      database,
      options: {
        iterations,
        warmup,
        pacedIterations,
        concurrency,
        rounds,
        threads: threadsMode,
        warmSockets: values["warm-sockets"],
      },
      results,
      added,
      targetAddedP50Ms: TARGET_ADDED_P50_MS,
      aboveRelay,
      concurrentRounds,
      targetAboveRelayP50Ms: TARGET_ABOVE_RELAY_P50_MS,
      targetConcurrentRatio: TARGET_CONCURRENT_RATIO,
      turnCpu,
      pipelineCpu,
      sdkCpu,
      timeline,
      statementCounts,
      pgStatements,
      compared,
      loadAverage,
    }),
    null,
    2,
  )}\n`,
);
process.stdout.write(`\nwrote ${path.relative(process.cwd(), out)}\n`);

/** --compare-env's value as variables: "NAME=value NAME2=value2" (no spaces in a value). */
function parseCompareEnv(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  const env: Record<string, string> = {};
  for (const pair of text.split(/\s+/).filter(Boolean)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(pair);
    if (!match) throw new Error(`--compare-env: "${pair}" is not NAME=value`);
    env[match[1]!] = match[2]!;
  }
  if (Object.keys(env).length === 0) throw new Error("--compare-env: no NAME=value given");
  return env;
}

/**
 * The first server (A) against the --compare-env one (B), one at a time: each one's p50 above
 * the relay, and the chat-by-chat differences (A's chat i minus B's chat i, run back to back in
 * alternating order), whose median drift cannot move.
 */
function compareServers(
  aCase: CaseResult,
  a: StreamTiming[],
  b: StreamTiming[],
  relayTimings: StreamTiming[],
  bCase: CaseResult,
) {
  const p50 = (xs: number[]) => {
    const sorted = xs.filter(Number.isFinite).sort((x, y) => x - y);
    return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const relayP50 = p50(relayTimings.map((t) => t.ttftMs));
  const pairs = a.map((t, i) => t.ttftMs - (b[i]?.ttftMs ?? Number.NaN)).filter(Number.isFinite);
  return {
    env: compareEnv,
    entry: compareEntry,
    chats: pairs.length,
    aAboveRelayP50: p50(a.map((t) => t.ttftMs)) - relayP50,
    bAboveRelayP50: p50(b.map((t) => t.ttftMs)) - relayP50,
    /** Median of A minus B, chat by chat: positive when B is faster. */
    medianAMinusB: p50(pairs),
    bFasterShare: pairs.filter((d) => d > 0).length / Math.max(1, pairs.length),
    a: aCase,
    b: bCase,
  };
}

function comparedText(c: NonNullable<typeof compared>): string {
  return (
    `One at a time, the server (A) against the server with ${compareLabel} (B), ` +
    `${c.chats} chats each, interleaved\n` +
    `${table(
      ["", "TTFT p50 above the relay (ms)", "CPU ms/chat"],
      [
        ["A", ms(c.aAboveRelayP50), c.a.cpuMsPerChat?.toFixed(2) ?? ""],
        ["B", ms(c.bAboveRelayP50), c.b.cpuMsPerChat?.toFixed(2) ?? ""],
      ],
    )}\n` +
    `A minus B, chat by chat: median ${ms(c.medianAMinusB)} ms; B faster in ` +
    `${(c.bFasterShare * 100).toFixed(0)} % of the pairs`
  );
}
