import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import {
  HISTOGRAM_BOUNDS_MS,
  type HistogramSnapshot,
  histogramDelta,
  histogramSum,
  type LiveStatsSnapshot,
  STAGES,
  type Stage,
} from "../../src/server/realtime/live-stats.ts";
import { docxFixture, type Fixture, pdfFixture, txtFixture } from "../../tests/support/fixtures.ts";
import { type StreamTiming, timeStream } from "./chat-streams.ts";
import { processCpuMs } from "./machine.ts";
import { rssMiB, type SoakOrg } from "./soak-cluster.ts";
import { type CpuClasses, cpuSecondsBetween, sampleCpu } from "./soak-cpu.ts";
import { type Summary, summarize } from "./stats.ts";
import { BenchSocket, inBatches } from "./sync-client.ts";

/**
 * The soak's load (bench/soak.ts, tests/integration/soak.test.ts): subscribed sockets spread
 * over every instance, an open-loop stream of reads and writes over HTTP at a fixed rate, chats
 * streaming through the loopback model, and uploads that must reach "completed". Every
 * acknowledged write is remembered and read back at the end; live updates are timed from the
 * write's acknowledgement to each subscribed socket's push; server RSS is sampled throughout.
 */

export interface SoakLoadOptions {
  urls: string[];
  pids: number[];
  /** The servers' live-query hub counters (see LiveStats), read at the start and end. */
  statsFiles?: string[];
  postmasterPid?: number;
  modelPid?: number;
  orgs: SoakOrg[];
  durationMs: number;
  /** RSS after this much time is the baseline "after warm-up" (also the first window ignored for nothing else). */
  warmupMs: number;
  windowMs: number;
  sockets: number;
  rps: number;
  /** Share of the requests that are writes (0..1). */
  writeShare: number;
  chats: number;
  /** Pause of each chat worker between two chats. */
  chatPauseMs: number;
  /** The loopback model's directive, e.g. "[slow:5]" (60 words 5 ms apart). */
  chatPrompt: string;
  uploadsPerMinute: number;
  rssEveryMs: number;
  /** A live update not received within this long counts as missing. */
  liveTimeoutMs: number;
  /** Requests in flight at most; beyond it a due request is skipped (and counted). */
  maxInFlight: number;
  /** Called as the load starts and as it stops (before the drain and the read-back). */
  onLoadStart?: () => void;
  onLoadStop?: () => void;
  log?: (line: string) => void;
}

export interface WindowResult {
  index: number;
  fromS: number;
  toS: number;
  /** After the load stopped: what was still in flight finishing, and the read-back. */
  drain: boolean;
  requests: number;
  errors: number;
  reads: Summary;
  writes: Summary;
  /** Write acknowledged -> push received on a subscribed socket (ms, 0 when the push came first). */
  live: Summary;
  chats: number;
  chatTtft: Summary;
  uploadsCompleted: number;
  /** Folders the soak created in this window (the data grows until 200 per organization). */
  foldersCreated: number;
  /** RSS (MiB) of each server at the window's last sample. */
  rssMiB: number[];
  loadAverage: number;
  /** This client's own event-loop delay in the window (ms): what its timestamps may be late by. */
  clientLoopP99: number;
  clientLoopMax: number;
}

export interface SoakLoadResult {
  elapsedMs: number;
  windows: WindowResult[];
  requests: {
    sent: number;
    reads: number;
    writes: number;
    skipped: number;
    achievedRps: number;
    readLatency: Summary;
    writeLatency: Summary;
    byPath: Record<string, { count: number; errors: number; p99: number }>;
  };
  live: {
    writesWatched: number;
    pushes: number;
    pushedBeforeAck: number;
    missing: number;
    latency: Summary;
    /** The verdict's figure: every window's p99, the first (a server just started) included. */
    worstWindowP99: number;
    /** The same over the windows that start after `warmupMs` (the memory's warm-up): shown apart. */
    worstWindowAfterWarmupP99: number;
  };
  /** This client's event loop over the load (ms; its timestamps are late by up to this). */
  clientLoop: { p50: number; p99: number; max: number; mean: number };
  chats: { count: number; errors: number; ttft: Summary; total: Summary };
  uploads: {
    count: number;
    completed: number;
    failed: number;
    errors: number;
    toCompletedMs: Summary;
  };
  sockets: { opened: number; errors: number; setupMs: number };
  readBack: {
    acknowledgedWrites: number;
    checked: number;
    lost: number;
    /** Entities whose last write got no answer (timed out): not checked. */
    uncertain: number;
    examples: string[];
  };
  errors: { total: number; examples: string[] };
  memory: {
    samples: Array<{ atS: number; rssMiB: number[] }>;
    afterWarmupMiB: number[];
    endMiB: number[];
    /** end / after warm-up - 1, per server. */
    growth: number[];
  };
  serverCpuSeconds: number[];
  /** CPU seconds over the load by process class (servers, PostgreSQL, this client, the model). */
  cpu: CpuClasses;
  /** What the servers' live-query hubs did over the load (summed over the instances). */
  hub: HubFigures | null;
  loadAverage: number[];
}

/** The hubs' counters over the load, summed over the instances (transactions counted once: each instance hears every one). */
export type HubFigures = Pick<
  LiveStatsSnapshot,
  | "transactions"
  | "runs"
  | "runStatements"
  | "runMs"
  | "unchangedRuns"
  | "byFunction"
  | "sharedComputed"
  | "sharedReused"
  | "sharedStatements"
  | "batches"
  | "batchInputs"
  | "batchStatements"
  | "batchGatherMs"
  | "pushes"
  | "pushBytes"
  | "maxWaiting"
> & { patches: number } & Required<
    Pick<
      LiveStatsSnapshot,
      | "stageRuns"
      | "dirtyToSlotMs"
      | "slotToResultMs"
      | "resultToPushedMs"
      | "dirtyToPushedMs"
      | "dirtyToPushed"
      | "liveStatements"
      | "connectionWaitMs"
      | "statementMs"
      | "maxConnectionWaitMs"
      | "eventLoopP99SumMs"
      | "eventLoopMeanSumMs"
      | "eventLoopSeconds"
    >
  > & {
    /** Each stage's histogram over the load, summed over the instances (see STAGES). */
    stages: Record<Stage, HistogramSnapshot>;
  };

function readStats(file: string): LiveStatsSnapshot | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LiveStatsSnapshot;
  } catch {
    return undefined;
  }
}

function hubFigures(
  before: Array<LiveStatsSnapshot | undefined>,
  after: Array<LiveStatsSnapshot | undefined>,
): HubFigures | null {
  if (after.some((a) => !a) || before.some((b) => !b)) return null;
  const figures: HubFigures = {
    transactions: 0,
    runs: 0,
    runStatements: 0,
    runMs: 0,
    unchangedRuns: 0,
    byFunction: {},
    sharedComputed: 0,
    sharedReused: 0,
    sharedStatements: 0,
    batches: 0,
    batchInputs: 0,
    batchStatements: 0,
    batchGatherMs: 0,
    pushes: 0,
    pushBytes: 0,
    patches: 0,
    maxWaiting: 0,
    stageRuns: 0,
    dirtyToSlotMs: 0,
    slotToResultMs: 0,
    resultToPushedMs: 0,
    dirtyToPushedMs: 0,
    dirtyToPushed: [],
    liveStatements: 0,
    connectionWaitMs: 0,
    statementMs: 0,
    maxConnectionWaitMs: 0,
    eventLoopP99SumMs: 0,
    eventLoopMeanSumMs: 0,
    eventLoopSeconds: 0,
    stages: Object.fromEntries(
      STAGES.map((stage) => [stage, { counts: HISTOGRAM_BOUNDS_MS.map(() => 0), sum: 0, max: 0 }]),
    ) as Record<Stage, HistogramSnapshot>,
  };
  const sums = [
    "stageRuns",
    "dirtyToSlotMs",
    "slotToResultMs",
    "resultToPushedMs",
    "dirtyToPushedMs",
    "liveStatements",
    "connectionWaitMs",
    "statementMs",
    "eventLoopP99SumMs",
    "eventLoopMeanSumMs",
    "eventLoopSeconds",
  ] as const;
  after.forEach((a, i) => {
    const b = before[i]!;
    const e = a!;
    figures.transactions = Math.max(figures.transactions, e.transactions - b.transactions);
    figures.runs += e.runs - b.runs;
    figures.runStatements += e.runStatements - b.runStatements;
    figures.runMs += e.runMs - b.runMs;
    figures.unchangedRuns =
      (figures.unchangedRuns ?? 0) + (e.unchangedRuns ?? 0) - (b.unchangedRuns ?? 0);
    figures.sharedComputed += (e.sharedComputed ?? 0) - (b.sharedComputed ?? 0);
    figures.sharedReused += (e.sharedReused ?? 0) - (b.sharedReused ?? 0);
    figures.sharedStatements += (e.sharedStatements ?? 0) - (b.sharedStatements ?? 0);
    figures.batches += (e.batches ?? 0) - (b.batches ?? 0);
    figures.batchInputs += (e.batchInputs ?? 0) - (b.batchInputs ?? 0);
    figures.batchStatements += (e.batchStatements ?? 0) - (b.batchStatements ?? 0);
    figures.batchGatherMs =
      (figures.batchGatherMs ?? 0) + (e.batchGatherMs ?? 0) - (b.batchGatherMs ?? 0);
    figures.pushes += e.pushes - b.pushes;
    figures.pushBytes += e.pushBytes - b.pushBytes;
    figures.patches += (e.patches ?? 0) - (b.patches ?? 0);
    figures.maxWaiting = Math.max(figures.maxWaiting, e.maxWaiting);
    for (const name of sums) figures[name] += (e[name] ?? 0) - (b[name] ?? 0);
    for (const stage of STAGES)
      figures.stages[stage] = histogramSum(
        figures.stages[stage],
        histogramDelta(e.stages?.[stage], b.stages?.[stage]),
      );
    // The longest wait since the server started (the load's, once warm-up is short).
    figures.maxConnectionWaitMs = Math.max(figures.maxConnectionWaitMs, e.maxConnectionWaitMs ?? 0);
    (e.dirtyToPushed ?? []).forEach((count, bucket) => {
      figures.dirtyToPushed[bucket] =
        (figures.dirtyToPushed[bucket] ?? 0) + count - (b.dirtyToPushed?.[bucket] ?? 0);
    });
    for (const [path, c] of Object.entries(e.byFunction)) {
      const old = b.byFunction[path] ?? { runs: 0, statements: 0, ms: 0 };
      const sum = figures.byFunction[path] ?? { runs: 0, statements: 0, ms: 0 };
      sum.runs += c.runs - old.runs;
      sum.statements += c.statements - old.statements;
      sum.ms += c.ms - old.ms;
      sum.unchanged = (sum.unchanged ?? 0) + (c.unchanged ?? 0) - (old.unchanged ?? 0);
      figures.byFunction[path] = sum;
    }
  });
  return figures;
}

interface Reply {
  ok: boolean;
  status: number;
  value?: unknown;
  error?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const EXAMPLES = 20;

/** Records, per 30 s window, whatever the run measures. */
class Windows {
  readonly #start: number;
  readonly #size: number;
  readonly data: Array<{
    requests: number;
    errors: number;
    reads: number[];
    writes: number[];
    live: number[];
    chatTtft: number[];
    uploadsCompleted: number;
    foldersCreated: number;
    rssMiB: number[];
    loadAverage: number;
    clientLoopP99: number;
    clientLoopMax: number;
  }> = [];

  constructor(start: number, size: number) {
    this.#start = start;
    this.#size = size;
  }

  at(time = performance.now()) {
    const index = Math.max(0, Math.floor((time - this.#start) / this.#size));
    while (this.data.length <= index) {
      this.data.push({
        requests: 0,
        errors: 0,
        reads: [],
        writes: [],
        live: [],
        chatTtft: [],
        uploadsCompleted: 0,
        foldersCreated: 0,
        rssMiB: [],
        loadAverage: os.loadavg()[0]!,
        clientLoopP99: 0,
        clientLoopMax: 0,
      });
    }
    return this.data[index]!;
  }
}

/** One watched write: the name it gave a document, and who has seen it so far. */
interface LiveWrite {
  org: number;
  sentAt: number;
  ackAt?: number;
  expected: number;
  seen: Set<number>;
  earlyPushes: number[];
  release: () => void;
  timer?: NodeJS.Timeout;
}

export async function runSoakLoad(options: SoakLoadOptions): Promise<SoakLoadResult> {
  const log = options.log ?? (() => undefined);
  const agents = options.urls.map(
    () => new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight, timeout: 4_000 }),
  );
  const errors: string[] = [];
  let errorCount = 0;
  const fail = (what: string) => {
    errorCount++;
    if (errors.length < EXAMPLES) errors.push(what);
  };
  const instanceOf = (n: number) => n % options.urls.length;

  // --- sockets -------------------------------------------------------------------------------
  const allUsers = options.orgs.flatMap((org, o) => org.users.map((user) => ({ org: o, user })));
  const socketsOfOrg = options.orgs.map(() => 0);
  const setupStart = performance.now();
  let socketErrors = 0;
  const live = new Map<string, LiveWrite>();
  let pushes = 0;
  let pushedBeforeAck = 0;
  let missing = 0;
  let writesWatched = 0;
  const liveLatencies: number[] = [];
  let windows: Windows | undefined;

  const plans = Array.from({ length: options.sockets }, (_, i) => allUsers[i % allUsers.length]!);
  for (const plan of plans) socketsOfOrg[plan.org]!++;
  const sockets = await inBatches(plans, 50, async (plan, i) => {
    const org = options.orgs[plan.org]!;
    // A member's sockets (tabs) alternate between the instances, and so do an organization's.
    const socket = await BenchSocket.open(
      options.urls[instanceOf(i + Math.floor(i / allUsers.length))]!,
    );
    await socket.authenticate(plan.user.token);
    await socket.subscribe("me", "users.getMe");
    await socket.subscribe("team", "documents.list", {
      paginationOpts: { numItems: 200, cursor: null },
      filter: { folderId: org.teamFolderId },
    });
    socket.onPush = (id, value, at) => {
      if (id !== "team") return;
      const page = (value as { page?: Array<{ name?: string }> } | undefined)?.page ?? [];
      for (const item of page) {
        const write = item.name ? live.get(item.name) : undefined;
        if (!write || write.org !== plan.org || write.seen.has(i)) continue;
        write.seen.add(i);
        pushes++;
        if (write.ackAt === undefined) write.earlyPushes.push(at);
        else recordLive(write, at);
        // Before its acknowledgement the rename's reply finishes it (every socket may have seen
        // the new name before the reply is read: finishing here would free its document with no
        // reply yet, which counts the write as unanswered and leaves it out of the read-back).
        if (write.ackAt !== undefined && write.seen.size >= write.expected)
          finishLive(item.name!, write);
      }
    };
    return socket;
  });
  const setupMs = performance.now() - setupStart;
  log(`${sockets.length} sockets subscribed in ${(setupMs / 1000).toFixed(1)} s`);

  function recordLive(write: LiveWrite, at: number) {
    const latency = Math.max(0, at - write.ackAt!);
    if (at < write.ackAt!) pushedBeforeAck++;
    liveLatencies.push(latency);
    windows?.at(write.ackAt).live.push(latency);
  }
  function finishLive(name: string, write: LiveWrite) {
    clearTimeout(write.timer);
    live.delete(name);
    write.release();
  }

  // --- HTTP ----------------------------------------------------------------------------------
  function call(
    instance: number,
    kind: "query" | "mutation",
    fnPath: string,
    args: unknown,
    token: string,
  ): Promise<Reply> {
    const body = JSON.stringify({ path: fnPath, args, format: "json" });
    return request(instance, `/api/${kind}`, body, token, "application/json");
  }
  function request(
    instance: number,
    urlPath: string,
    body: string | Buffer,
    token: string,
    contentType: string,
  ): Promise<Reply> {
    const url = new URL(options.urls[instance]!);
    return new Promise((resolve) => {
      const req = http.request(
        {
          agent: agents[instance],
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: urlPath,
          timeout: 30_000,
          headers: {
            "content-type": contentType,
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: { status?: string; value?: unknown; errorMessage?: string } | undefined;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            const status = response.statusCode ?? 0;
            const ok = status === 200 && (json?.status === "success" || json?.status === undefined);
            resolve({
              ok,
              status,
              value: json?.status === undefined ? json : json.value,
              ...(ok ? {} : { error: `HTTP ${status} ${text.slice(0, 200)}` }),
            });
          });
          response.on("error", (error) => resolve({ ok: false, status: 0, error: String(error) }));
        },
      );
      req.on("timeout", () => req.destroy(new Error("request timed out")));
      req.on("error", (error) => resolve({ ok: false, status: 0, error: String(error) }));
      req.end(body);
    });
  }

  // --- what was acknowledged (read back at the end) -------------------------------------------
  const docName = new Map<string, string>();
  const docTags = new Map<string, string[]>();
  const docFavorite = new Map<string, boolean>(); // `${userId}|${docId}`
  const folderName = new Map<string, { org: number; name: string }>();
  const folderFavorite = new Map<string, boolean>(); // `${userId}|${folderId}`
  const createdFolders = options.orgs.map(() => [] as string[]);
  const chatsDone: Array<{ org: number; user: number; threadId: string; text: string }> = [];
  const uploadsDone: Array<{ org: number; documentId: string }> = [];
  let acknowledged = 0;
  const busy = new Set<string>();
  let seq = 0;

  const byPath = new Map<string, { latencies: number[]; errors: number }>();
  const readLatencies: number[] = [];
  const writeLatencies: number[] = [];
  const track = (fnPath: string, latency: number, ok: boolean, write: boolean) => {
    const entry = byPath.get(fnPath) ?? { latencies: [], errors: 0 };
    byPath.set(fnPath, entry);
    const window = windows!.at();
    window.requests++;
    if (!ok) {
      entry.errors++;
      window.errors++;
      return;
    }
    entry.latencies.push(latency);
    (write ? writeLatencies : readLatencies).push(latency);
    (write ? window.writes : window.reads).push(latency);
  };

  type Op = () => Promise<void>;
  const randomMember = () => {
    const o = Math.floor(Math.random() * options.orgs.length);
    const u = Math.floor(Math.random() * options.orgs[o]!.users.length);
    return { o, u, org: options.orgs[o]!, user: options.orgs[o]!.users[u]! };
  };
  const timed = async (
    fnPath: string,
    kind: "query" | "mutation",
    args: unknown,
    token: string,
  ): Promise<Reply> => {
    const instance = Math.floor(Math.random() * options.urls.length);
    const started = performance.now();
    const reply = await call(instance, kind, fnPath, args, token);
    track(fnPath, performance.now() - started, reply.ok, kind === "mutation");
    if (!reply.ok) fail(`${fnPath}: ${reply.error}`);
    return reply;
  };
  /** Take an entity for one write at a time (so "the last acknowledged value" is well defined). */
  const claim = (key: string) => {
    if (busy.has(key)) return false;
    busy.add(key);
    return true;
  };
  /**
   * After a write: free its entity, unless no answer came (a time-out): the write may still
   * commit later, so the entity stays taken and its final value is not checked.
   */
  const uncertain = new Set<string>();
  const settle = (key: string, reply: Reply | undefined) => {
    if (!reply || reply.status === 0) uncertain.add(key);
    else busy.delete(key);
  };

  const reads: Op[] = [
    async () => {
      const { org, user } = randomMember();
      await timed(
        "documents.list",
        "query",
        {
          paginationOpts: { numItems: 50, cursor: null },
          filter: { folderId: pick([org.teamFolderId, org.uploadsFolderId]) },
        },
        user.token,
      );
    },
    async () => {
      await timed("threads.list", "query", { limit: 50 }, randomMember().user.token);
    },
    async () => {
      await timed("users.getMe", "query", {}, randomMember().user.token);
    },
    async () => {
      await timed(
        "notifications.list",
        "query",
        { paginationOpts: { numItems: 20, cursor: null } },
        randomMember().user.token,
      );
    },
    async () => {
      await timed("notifications.unreadCount", "query", {}, randomMember().user.token);
    },
    async () => {
      await timed("folders.getAll", "query", {}, randomMember().user.token);
    },
  ];

  const renameDocument: Op = async () => {
    const { o, org, user } = randomMember();
    const documentId = pick(org.documentIds);
    if (!claim(documentId)) return reads[0]!();
    const name = `Soak ${o}-${++seq} ${Math.random().toString(36).slice(2, 7)}.pdf`;
    const write: LiveWrite = {
      org: o,
      sentAt: performance.now(),
      expected: socketsOfOrg[o]!,
      seen: new Set(),
      earlyPushes: [],
      release: () => settle(documentId, reply),
    };
    let reply: Reply | undefined;
    if (write.expected > 0) live.set(name, write);
    reply = await timed("documents.rename", "mutation", { documentId, name }, user.token);
    if (!reply.ok || write.expected === 0) {
      live.delete(name);
      write.release();
      if (reply.ok) docName.set(documentId, name);
      if (reply.ok) acknowledged++;
      return;
    }
    acknowledged++;
    docName.set(documentId, name);
    writesWatched++;
    write.ackAt = performance.now();
    for (const at of write.earlyPushes) recordLive(write, at);
    if (write.seen.size >= write.expected) {
      finishLive(name, write);
      return;
    }
    write.timer = setTimeout(() => {
      if (live.get(name) !== write) return;
      missing += write.expected - write.seen.size;
      fail(`live update "${name}" reached ${write.seen.size} of ${write.expected} sockets`);
      finishLive(name, write);
    }, options.liveTimeoutMs);
  };

  const setTags: Op = async () => {
    const { org, user } = randomMember();
    const documentId = pick(org.documentIds);
    if (!claim(documentId)) return reads[1]!();
    let reply: Reply | undefined;
    try {
      const tags = [`tag-${++seq % 40}`, "brief"];
      reply = await timed(
        "documents.setTags",
        "mutation",
        { documentId, tags, primaryTagName: tags[0] },
        user.token,
      );
      if (reply.ok) {
        acknowledged++;
        docTags.set(documentId, tags);
      }
    } finally {
      settle(documentId, reply);
    }
  };

  const favoriteDocument: Op = async () => {
    const { org, user } = randomMember();
    const documentId = pick(org.documentIds);
    const key = `${user.id}|${documentId}`;
    if (!claim(key)) return reads[2]!();
    let reply: Reply | undefined;
    try {
      const favorite = !(docFavorite.get(key) ?? false);
      reply = await timed(
        "documents.setFavorite",
        "mutation",
        { documentId, favorite },
        user.token,
      );
      if (reply.ok) {
        acknowledged++;
        docFavorite.set(key, favorite);
      }
    } finally {
      settle(key, reply);
    }
  };

  const createFolder: Op = async () => {
    const { o, org, user } = randomMember();
    // Bounded, so folders.getAll stays the size of a real organization's.
    if (createdFolders[o]!.length >= 200) return renameFolder();
    const name = `Soak folder ${o}-${++seq}`;
    const reply = await timed(
      "folders.create",
      "mutation",
      { name, parentId: org.teamFolderId },
      user.token,
    );
    const id = (reply.value as { _id?: string } | undefined)?._id;
    if (reply.ok && id) {
      acknowledged++;
      folderName.set(id, { org: o, name });
      createdFolders[o]!.push(id);
      windows!.at().foldersCreated++;
    } else if (reply.ok) fail(`folders.create: no _id in ${JSON.stringify(reply.value)}`);
  };

  const renameFolder: Op = async () => {
    const { o, user } = randomMember();
    const folders = createdFolders[o]!;
    if (folders.length === 0) return createFolder();
    const folderId = pick(folders);
    if (!claim(folderId)) return reads[3]!();
    let reply: Reply | undefined;
    try {
      const name = `Soak renamed ${o}-${++seq}`;
      reply = await timed("folders.rename", "mutation", { folderId, name }, user.token);
      if (reply.ok) {
        acknowledged++;
        folderName.set(folderId, { org: o, name });
      }
    } finally {
      settle(folderId, reply);
    }
  };

  const favoriteFolder: Op = async () => {
    const { org, user } = randomMember();
    const folderId = org.teamFolderId;
    const key = `${user.id}|${folderId}`;
    if (!claim(key)) return reads[4]!();
    let reply: Reply | undefined;
    try {
      const favorite = !(folderFavorite.get(key) ?? false);
      reply = await timed("folders.setFavorite", "mutation", { folderId, favorite }, user.token);
      if (reply.ok) {
        acknowledged++;
        folderFavorite.set(key, favorite);
      }
    } finally {
      settle(key, reply);
    }
  };

  /** Weighted: renames (watched live) most, then tags and favorites, then folders. */
  const writes: Op[] = [
    renameDocument,
    renameDocument,
    renameDocument,
    setTags,
    favoriteDocument,
    createFolder,
    renameFolder,
    favoriteFolder,
  ];

  // --- chats and uploads -----------------------------------------------------------------------
  const chatTimings: StreamTiming[] = [];
  const chatAgent = new http.Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    timeout: 4_000,
  });
  let stopping = false;
  const chatWorker = async (w: number) => {
    const o = w % options.orgs.length;
    const org = options.orgs[o]!;
    const u = Math.floor(w / options.orgs.length) % org.users.length;
    const user = org.users[u]!;
    const instance = instanceOf(w);
    let turn = 0;
    while (!stopping) {
      const threadId = `soak-${w}-${++turn}-${Math.random().toString(36).slice(2, 10)}`;
      const created = await timed(
        "threads.create",
        "mutation",
        { threadId, title: `Soak chat ${w}.${turn}` },
        user.token,
      );
      if (!created.ok) {
        await sleep(options.chatPauseMs);
        continue;
      }
      acknowledged++;
      const text = `${options.chatPrompt} Soak question ${w}.${turn}`;
      const timing = await timeStream(chatAgent, {
        url: options.urls[instance]!,
        path: "/api/chat",
        token: user.token,
        body: JSON.stringify({
          id: threadId,
          messages: [{ id: `soak-m-${w}-${turn}`, role: "user", parts: [{ type: "text", text }] }],
          trigger: "submit-message",
        }),
        firstToken: (received) => received.includes('"type":"text-delta"'),
        succeeded: (received) =>
          received.includes('"type":"finish"') && !received.includes('"type":"error"'),
      });
      chatTimings.push(timing);
      if (timing.ok) {
        acknowledged++;
        chatsDone.push({ org: o, user: u, threadId, text });
        windows!.at().chatTtft.push(timing.ttftMs);
      } else {
        fail(`chat: ${timing.status} ${timing.error ?? ""}`);
      }
      await sleep(options.chatPauseMs);
    }
  };

  const fixtures: Fixture[] = [txtFixture(), await pdfFixture(), await docxFixture()];
  const uploadTimes: number[] = [];
  let uploadCount = 0;
  let uploadFailed = 0;
  let uploadErrors = 0;
  const upload = async (n: number) => {
    const { o, org, user } = randomMember();
    const fixture = fixtures[n % fixtures.length]!;
    const instance = instanceOf(n);
    const boundary = `soak${Math.random().toString(36).slice(2)}`;
    const fileName = `soak-${n}-${fixture.fileName}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="folderId"\r\n\r\n${org.uploadsFolderId}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          `content-type: ${fixture.mimeType}\r\n\r\n`,
      ),
      Buffer.from(fixture.bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    uploadCount++;
    const started = performance.now();
    const reply = await request(
      instance,
      "/api/documents/upload",
      body,
      user.token,
      `multipart/form-data; boundary=${boundary}`,
    );
    const documentId = (reply.value as { documents?: Array<{ _id: string }> } | undefined)
      ?.documents?.[0]?._id;
    if (!reply.ok || !documentId) {
      uploadErrors++;
      fail(`upload ${fileName}: ${reply.error ?? JSON.stringify(reply.value)}`);
      return;
    }
    acknowledged++;
    for (;;) {
      await sleep(500);
      const got = await call(
        instanceOf(n + 1),
        "query",
        "documents.getMany",
        { documentIds: [documentId] },
        user.token,
      );
      const status = (got.value as Array<{ processingStatus?: string }> | undefined)?.[0]
        ?.processingStatus;
      if (status === "completed") {
        uploadTimes.push(performance.now() - started);
        windows!.at().uploadsCompleted++;
        uploadsDone.push({ org: o, documentId });
        return;
      }
      // A poll that timed out is an error of its own; the upload may still complete.
      if (!got.ok && performance.now() - started <= 180_000) {
        fail(`upload ${fileName}: polling: ${got.error}`);
        continue;
      }
      if (status === "failed" || !got.ok || performance.now() - started > 180_000) {
        uploadFailed++;
        fail(`upload ${fileName}: ${got.error ?? `status ${status ?? "missing"}`}`);
        return;
      }
    }
  };

  // --- the run -------------------------------------------------------------------------------
  const cpuBefore = options.pids.map((pid) => processCpuMs(pid));
  const cpuPids = {
    servers: options.pids,
    postmaster: options.postmasterPid,
    model: options.modelPid ?? 0,
  };
  const classesBefore = sampleCpu(cpuPids);
  const statsBefore = (options.statsFiles ?? []).map(readStats);
  const loadAverage = [os.loadavg()[0]!];
  options.onLoadStart?.();
  const start = performance.now();
  windows = new Windows(start, options.windowMs);
  const memory: Array<{ atS: number; rssMiB: number[] }> = [];
  const sampleRss = () => {
    const rss = options.pids.map((pid) => rssMiB(pid));
    memory.push({ atS: (performance.now() - start) / 1000, rssMiB: rss });
    windows!.at().rssMiB = rss;
  };
  sampleRss();
  const rssTimer = setInterval(sampleRss, options.rssEveryMs);
  // This client's own event loop: a push's or an acknowledgement's timestamp is taken when the
  // loop gets to it, so its delay bounds the measurement's own error.
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  const clientSecond = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  clientSecond.enable();
  const clientLoopTimer = setInterval(() => {
    const w = windows!.at();
    if (clientSecond.count > 0) {
      w.clientLoopP99 = Math.max(w.clientLoopP99, clientSecond.percentile(99) / 1e6);
      w.clientLoopMax = Math.max(w.clientLoopMax, clientSecond.max / 1e6);
    }
    clientSecond.reset();
  }, 1000);
  const deadline = start + options.durationMs;

  const chatWorkers = Array.from({ length: options.chats }, (_, w) =>
    sleep((w * 1000) / Math.max(1, options.chats)).then(() => chatWorker(w)),
  );
  const uploadsInFlight: Array<Promise<void>> = [];
  const uploadTimer =
    options.uploadsPerMinute > 0
      ? setInterval(() => {
          if (!stopping) uploadsInFlight.push(upload(uploadCount));
        }, 60_000 / options.uploadsPerMinute)
      : undefined;

  let sent = 0;
  let readCount = 0;
  let writeCount = 0;
  let skipped = 0;
  let inFlight = 0;
  const requestsInFlight = new Set<Promise<void>>();
  let lastLog = start;
  while (performance.now() < deadline) {
    const due = Math.floor(((performance.now() - start) / 1000) * options.rps);
    while (sent + skipped < due) {
      if (inFlight >= options.maxInFlight) {
        skipped++;
        continue;
      }
      sent++;
      const isWrite = Math.random() < options.writeShare;
      if (isWrite) writeCount++;
      else readCount++;
      inFlight++;
      const op = isWrite ? pick(writes)() : pick(reads)();
      const done: Promise<void> = op
        .catch((error: unknown) => fail(`load: ${String(error)}`))
        .finally(() => {
          inFlight--;
          requestsInFlight.delete(done);
        });
      requestsInFlight.add(done);
    }
    if (performance.now() - lastLog > options.windowMs) {
      lastLog = performance.now();
      const rss = options.pids.map((pid) => rssMiB(pid).toFixed(0)).join("/");
      log(
        `${((lastLog - start) / 1000).toFixed(0)} s: ${sent} requests, ${errorCount} errors, ` +
          `${liveLatencies.length} live pushes, ${chatTimings.length} chats, ` +
          `${uploadTimes.length}/${uploadCount} uploads completed, RSS ${rss} MiB, ` +
          `load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
    await sleep(5);
  }
  stopping = true;
  options.onLoadStop?.();
  clearInterval(clientLoopTimer);
  clientLoop.disable();
  clientSecond.disable();
  const clientLoopFigures = {
    p50: clientLoop.percentile(50) / 1e6,
    p99: clientLoop.percentile(99) / 1e6,
    max: clientLoop.max / 1e6,
    mean: clientLoop.mean / 1e6,
  };
  if (uploadTimer) clearInterval(uploadTimer);
  const elapsedMs = performance.now() - start;
  loadAverage.push(os.loadavg()[0]!);
  const serverCpuSeconds = options.pids.map((pid, i) => (processCpuMs(pid) - cpuBefore[i]!) / 1000);
  const cpu = cpuSecondsBetween(classesBefore, sampleCpu(cpuPids));
  // The hubs write every second: both ends are at most a second old.
  const hub = options.statsFiles?.length
    ? hubFigures(statsBefore, options.statsFiles.map(readStats))
    : null;
  log("load stopped: waiting for requests, chats, uploads and live updates in flight");
  await Promise.all([...requestsInFlight]);
  await Promise.all(chatWorkers);
  await Promise.all(uploadsInFlight);
  const settleDeadline = performance.now() + options.liveTimeoutMs + 1000;
  while (live.size > 0 && performance.now() < settleDeadline) await sleep(100);
  clearInterval(rssTimer);
  sampleRss();

  // Socket errors: anything the server sent that was not a result (an error, a closed session).
  for (const socket of sockets) {
    for (const message of socket.stray) {
      if (message.type.includes("error")) {
        socketErrors++;
        fail(`socket: ${JSON.stringify(message).slice(0, 200)}`);
      }
    }
  }

  // --- read back every acknowledged write ------------------------------------------------------
  log(`reading back ${acknowledged} acknowledged writes`);
  const lost: string[] = [];
  let lostCount = 0;
  let checked = 0;
  const expect = (ok: boolean, what: () => string) => {
    checked++;
    if (ok) return;
    lostCount++;
    if (lost.length < EXAMPLES) lost.push(what());
  };
  const readBack = async (o: number, fnPath: string, args: unknown, token?: string) => {
    const org = options.orgs[o]!;
    const reply = await call(
      (o + 1) % options.urls.length,
      "query",
      fnPath,
      args,
      token ?? org.users[0]!.token,
    );
    if (!reply.ok) throw new Error(`read back ${fnPath}: ${reply.error}`);
    return reply.value;
  };
  for (let o = 0; o < options.orgs.length; o++) {
    const org = options.orgs[o]!;
    const docs = (await readBack(o, "documents.getMany", {
      documentIds: org.documentIds,
    })) as Array<{
      _id: string;
      name: string;
      tags: string[];
    }>;
    const byId = new Map(docs.map((d) => [d._id, d]));
    for (const id of org.documentIds) {
      if (uncertain.has(id)) continue;
      const doc = byId.get(id);
      const name = docName.get(id);
      if (name !== undefined)
        expect(doc?.name === name, () => `document ${id}: name ${doc?.name}, acknowledged ${name}`);
      const tags = docTags.get(id);
      if (tags !== undefined)
        expect(
          JSON.stringify([...(doc?.tags ?? [])].sort()) === JSON.stringify([...tags].sort()),
          () =>
            `document ${id}: tags ${JSON.stringify(doc?.tags)}, acknowledged ${JSON.stringify(tags)}`,
        );
    }
    const allFolders = (await readBack(o, "folders.getAll", {})) as Array<{
      _id: string;
      name: string;
    }>;
    const folderById = new Map(allFolders.map((f) => [f._id, f]));
    for (const [id, want] of folderName) {
      if (want.org !== o || uncertain.has(id)) continue;
      const got = folderById.get(id);
      expect(
        got?.name === want.name,
        () => `folder ${id}: ${got?.name ?? "missing"}, acknowledged ${want.name}`,
      );
    }
    for (const user of org.users) {
      const favoriteDocs = (await readBack(
        o,
        "documents.listFavorites",
        { paginationOpts: { numItems: 200, cursor: null } },
        user.token,
      )) as { page: Array<{ _id: string }> };
      const starred = new Set(favoriteDocs.page.map((d) => d._id));
      for (const id of org.documentIds) {
        const key = `${user.id}|${id}`;
        const want = uncertain.has(key) ? undefined : docFavorite.get(key);
        if (want !== undefined)
          expect(starred.has(id) === want, () => `favorite ${user.id}/${id}: acknowledged ${want}`);
      }
      const favoriteFolders = (await readBack(
        o,
        "folders.listFavorites",
        {},
        user.token,
      )) as Array<{
        _id: string;
      }>;
      const key = `${user.id}|${org.teamFolderId}`;
      const want = uncertain.has(key) ? undefined : folderFavorite.get(key);
      if (want !== undefined)
        expect(
          favoriteFolders.some((f) => f._id === org.teamFolderId) === want,
          () => `folder favorite ${user.id}: acknowledged ${want}`,
        );
    }
  }
  for (const chat of chatsDone) {
    const user = options.orgs[chat.org]!.users[chat.user]!;
    const messages = (await readBack(
      chat.org,
      "messages.getThreadMessagesOptional",
      { threadId: chat.threadId, paginationOpts: { numItems: 20, cursor: null } },
      user.token,
    )) as { page: Array<{ role: string; content: string; status: string }> };
    const asked = messages.page.some((m) => m.role === "user" && m.content === chat.text);
    const answered = messages.page.some((m) => m.role === "assistant" && m.content.length > 0);
    expect(
      asked && answered,
      () => `thread ${chat.threadId}: question ${asked}, answer ${answered}`,
    );
  }
  for (const done of uploadsDone) {
    const docs = (await readBack(done.org, "documents.getMany", {
      documentIds: [done.documentId],
    })) as Array<{
      processingStatus: string;
    }>;
    expect(
      docs[0]?.processingStatus === "completed",
      () => `upload ${done.documentId}: ${docs[0]?.processingStatus ?? "missing"}`,
    );
  }

  await inBatches(sockets, 100, (socket) => socket.close());
  for (const agent of agents) agent.destroy();
  chatAgent.destroy();

  // --- summaries -------------------------------------------------------------------------------
  const windowResults: WindowResult[] = windows.data.map((w, index) => ({
    index,
    fromS: (index * options.windowMs) / 1000,
    toS: ((index + 1) * options.windowMs) / 1000,
    drain: index * options.windowMs >= elapsedMs,
    requests: w.requests,
    errors: w.errors,
    reads: summarize(w.reads),
    writes: summarize(w.writes),
    live: summarize(w.live),
    chats: w.chatTtft.length,
    chatTtft: summarize(w.chatTtft),
    uploadsCompleted: w.uploadsCompleted,
    foldersCreated: w.foldersCreated,
    rssMiB: w.rssMiB,
    loadAverage: w.loadAverage,
    clientLoopP99: w.clientLoopP99,
    clientLoopMax: w.clientLoopMax,
  }));
  const median = (values: number[]) => summarize(values).p50;
  const span = Math.max(options.rssEveryMs * 3, 30_000);
  const afterWarmup = options.pids.map((_, i) =>
    median(
      memory
        .filter((m) => m.atS * 1000 >= options.warmupMs && m.atS * 1000 < options.warmupMs + span)
        .map((m) => m.rssMiB[i]!),
    ),
  );
  const end = options.pids.map((_, i) =>
    median(memory.filter((m) => m.atS * 1000 >= elapsedMs - span).map((m) => m.rssMiB[i]!)),
  );
  const good = chatTimings.filter((t) => t.ok);
  return {
    elapsedMs,
    windows: windowResults,
    requests: {
      sent,
      reads: readCount,
      writes: writeCount,
      skipped,
      achievedRps: (sent / elapsedMs) * 1000,
      readLatency: summarize(readLatencies),
      writeLatency: summarize(writeLatencies),
      byPath: Object.fromEntries(
        [...byPath].map(([p, e]) => [
          p,
          {
            count: e.latencies.length + e.errors,
            errors: e.errors,
            p99: summarize(e.latencies).p99,
          },
        ]),
      ),
    },
    live: {
      writesWatched,
      pushes,
      pushedBeforeAck,
      missing,
      latency: summarize(liveLatencies),
      worstWindowP99: Math.max(
        0,
        ...windowResults.filter((w) => w.live.count > 0).map((w) => w.live.p99),
      ),
      worstWindowAfterWarmupP99: Math.max(
        0,
        ...windowResults
          .filter((w) => w.live.count > 0 && w.fromS * 1000 >= options.warmupMs)
          .map((w) => w.live.p99),
      ),
    },
    clientLoop: clientLoopFigures,
    chats: {
      count: chatTimings.length,
      errors: chatTimings.length - good.length,
      ttft: summarize(good.map((t) => t.ttftMs)),
      total: summarize(good.map((t) => t.totalMs)),
    },
    uploads: {
      count: uploadCount,
      completed: uploadTimes.length,
      failed: uploadFailed,
      errors: uploadErrors,
      toCompletedMs: summarize(uploadTimes),
    },
    sockets: { opened: sockets.length, errors: socketErrors, setupMs },
    readBack: {
      acknowledgedWrites: acknowledged,
      checked,
      lost: lostCount,
      uncertain: uncertain.size,
      examples: lost,
    },
    errors: { total: errorCount, examples: errors },
    memory: {
      samples: memory,
      afterWarmupMiB: afterWarmup,
      endMiB: end,
      growth: end.map((e, i) => e / afterWarmup[i]! - 1),
    },
    serverCpuSeconds,
    cpu,
    hub,
    loadAverage,
  };
}
