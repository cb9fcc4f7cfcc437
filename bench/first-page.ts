import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Browser, type CDPSession, chromium, type Page } from "playwright-core";
import { buildWeb, webBuildIsFresh } from "../scripts/web-build.ts";
import type { Db } from "../src/server/db/database.ts";
import { STORAGE_KEYS } from "../src/shared/constants.ts";
import { machineInfo } from "./support/machine.ts";
import { prepareServer, RESULTS_DIR, ROOT } from "./support/prepare.ts";
import { percentile } from "./support/stats.ts";

/**
 * `npm run bench:first-page`: Lighthouse-style first-paint figures of /login and (signed in)
 * /dossier with 2,000 documents at the top of the dossier, in headless Chromium with the CPU
 * slowed 4x (CDP Emulation.setCPUThrottlingRate) and a network profile (default "desktop":
 * 40 ms latency, 10 Mbit/s down, 5 up, as Lighthouse's desktop preset). Every run is a cold
 * load in a new browser context (empty HTTP cache and storage), like a Lighthouse run; the
 * signed-in runs put a fresh session's tokens in localStorage before the page loads.
 *
 * Per run, in the page (PerformanceObserver registered before any script runs):
 * - FCP: 'paint' entry first-contentful-paint.
 * - LCP: the last 'largest-contentful-paint' entry (no input happens, so none is discarded).
 * - TBT: over the 'longtask' entries that end after FCP, the sum of (duration - 50 ms), counting
 *   only the part of a task after FCP (as Lighthouse does), up to the moment the page is quiet:
 *   the expected content is on screen and no long task has started for --quiet-ms (2 s). That
 *   end stands in for Lighthouse's time to interactive (which also waits for the network).
 * Figures are the median (p50) over --runs runs per page, after one unmeasured warm-up run of
 * each page (the server's first answers compile queries). Wall-clock: state the load average.
 *
 * Usage:
 *   node bench/first-page.ts [--documents 2000] [--runs 5] [--cpu 4]
 *     [--network desktop|slow4g|none] [--quiet-ms 2000] [--out bench/results/first-page.json]
 *     [--shots DIR] [--pages login,dossier] [--trace FILE] [--no-route-preloads]
 *
 * Each run's line also gives its requests, when the last script arrived, the main thread's time
 * up to the page being ready (CDP Performance.getMetrics), when the realtime socket was created,
 * opened and first sent and received, and the app's `atrium:*` marks (main.tsx: `main` when the
 * entry runs, `session` when the session is known). `--trace FILE` records a Chromium trace of
 * /dossier's last run and prints where its main thread went, in wall-clock and thread CPU time
 * (the latter depends much less on what else the machine runs).
 */

const { values } = parseArgs({
  options: {
    documents: { type: "string", default: "2000" },
    runs: { type: "string", default: "5" },
    cpu: { type: "string", default: "4" },
    network: { type: "string", default: "desktop" },
    "quiet-ms": { type: "string", default: "2000" },
    out: { type: "string" },
    /** A folder to save a screenshot of each page's last run in (to look at it). */
    shots: { type: "string" },
    /**
     * Strip the route preloads the server adds to the app document (decision 016), to compare
     * with and without them on the same machine and load.
     */
    "no-route-preloads": { type: "boolean", default: false },
    /**
     * A file to write a Chromium trace (CDP Tracing, devtools.timeline) of /dossier's last run
     * to; open it in chrome://tracing or the DevTools Performance panel. A summary of the main
     * thread's work by kind is printed too.
     */
    trace: { type: "string" },
    /** Only these scenarios: "login", "dossier" (comma-separated; default both). */
    pages: { type: "string", default: "login,dossier" },
  },
});

const NETWORKS = {
  // Lighthouse's desktop preset (and its mobile preset, "Slow 4G").
  desktop: { latency: 40, downloadKbps: 10_240, uploadKbps: 5_120 },
  slow4g: { latency: 150, downloadKbps: 1_638, uploadKbps: 750 },
  none: null,
} as const;
type NetworkName = keyof typeof NETWORKS;
if (!(values.network! in NETWORKS)) throw new Error("--network: desktop|slow4g|none");
const network = NETWORKS[values.network as NetworkName];
const options = {
  documents: wholeNumber("documents", 0, 1_000_000),
  runs: wholeNumber("runs", 1, 100),
  cpu: wholeNumber("cpu", 1, 20),
  quietMs: wholeNumber("quiet-ms", 200, 30_000),
};
const pages = new Set(values.pages!.split(",").map((name) => name.trim()));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PASSWORD = "bench-password-not-secret";
const EMAIL = "bench-user-0@example.test";
/** dist/index.html as the build wrote it (read once the build is there). */
let builtHtml: string | undefined;
const builtIndexHtml = () =>
  (builtHtml ??= readFileSync(path.join(ROOT, "dist", "index.html"), "utf8"));
const log = (line: string) => process.stderr.write(`[first-page] ${line}\n`);

function wholeNumber(name: keyof typeof values, min: number, max: number): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name}: a whole number from ${min} to ${max}`);
  }
  return value;
}

/** `options.documents` processed documents at the top level of the dossier, in one statement. */
async function seedDocuments(seeded: { db: Db; organizationId: string; users: { id: string }[] }) {
  const started = performance.now();
  await seeded.db.execute(sql`
    insert into documents (id, organization_id, folder_id, owner_id, storage_id, name,
      file_name_original, file_type, mime_type, size, processing_status, summary, tags,
      html_content, text_content, created_at, updated_at)
    select gen_random_uuid(), ${seeded.organizationId}, null, ${seeded.users[0]!.id},
      ${seeded.organizationId} || '/first-page-' || g, 'Contract ' || g || '.pdf',
      'Contract ' || g || '.pdf', 'pdf', 'application/pdf', 20000 + g, 'completed',
      'The parties agree on the terms of contract ' || g || '.', '["contract"]'::jsonb,
      repeat('<p>Clause text of a processed contract.</p>', 20),
      repeat('Clause text of a processed contract. ', 20),
      timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', now()
    from generate_series(1, ${options.documents}) g`);
  await seeded.db.execute(sql`analyze documents`);
  log(`inserted ${options.documents} documents in ${seconds(started)} s`);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * Registered before the app's scripts: collects paint, LCP and long-task entries, and when the
 * realtime socket was opened, connected, sent its first frame and received its first frame.
 */
const OBSERVER_SCRIPT = `(() => {
  const m = (window.__firstPage = { fcp: null, lcp: null, lcpElement: null, longTasks: [],
    socket: { created: null, open: null, firstSent: null, firstReceived: null } });
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      if (m.socket.created === null) {
        m.socket.created = performance.now();
        this.addEventListener("open", () => { m.socket.open ??= performance.now(); });
        this.addEventListener("message", () => { m.socket.firstReceived ??= performance.now(); });
        const send = this.send.bind(this);
        this.send = (data) => { m.socket.firstSent ??= performance.now(); return send(data); };
      }
    }
  };
  // The scripts the document itself names (its module script and modulepreload links), read
  // when the parser is done and before any module runs (which may add preloads of its own).
  m.documentScripts = [];
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    for (const e of document.querySelectorAll('script[type="module"][src], link[rel="modulepreload"][href]')) {
      m.documentScripts.push(new URL(e.getAttribute("src") || e.getAttribute("href"), location.href).href);
    }
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") m.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      m.lcp = e.startTime;
      m.lcpElement = e.element ? e.element.tagName.toLowerCase() + (e.element.dataset.testid ? "[" + e.element.dataset.testid + "]" : "") : e.url || null;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) m.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();`;

interface PageMetrics {
  fcp: number;
  lcp: number;
  tbt: number;
  /** When the page was judged quiet (ms since navigation start). */
  quietAt: number;
  longTasks: number;
  lcpElement: string | null;
  /** JavaScript and everything else transferred (bytes over the wire, from Resource Timing). */
  jsBytes: number;
  requests: number;
  /** When the last script arrived (ms since navigation start, Resource Timing responseEnd). */
  scriptsDoneAt: number;
  /** How many scripts the document names (its module script and modulepreload links). */
  documentScripts: number;
  /** When the last of those arrived (ms since navigation start): what the route's code waits on. */
  documentScriptsDoneAt: number;
  /** Requests started before LCP (the document included): what competed for the connections. */
  requestsBeforeLcp: number;
  /** When the first HTTP /api/ request was made (startTime), the earliest data or session call. */
  firstApiAt: number | null;
  /**
   * The script waterfall's depth: a script's wave is one more than the deepest wave of the
   * scripts that had arrived before it was requested (the document is wave 0). A chain
   * entry -> router -> route chunk -> its imports is 4 waves; everything named up front is 1.
   */
  scriptWaves: number;
  /** The realtime socket (ms since navigation start): created, open, first frame each way. */
  socket: {
    created: number | null;
    open: number | null;
    firstSent: number | null;
    firstReceived: number | null;
  };
  /** The app's own marks (`atrium:*`, ms since navigation start), e.g. when main.tsx started. */
  marks: Record<string, number>;
  /**
   * Main-thread time spent in tasks up to the page being ready (CDP Performance.getMetrics
   * TaskDuration; at 4x CPU slowdown this is the throttled time), and of it in scripts.
   */
  mainThreadMs: number;
  scriptMs: number;
}

interface Scenario {
  /** The --pages name. */
  key: string;
  name: string;
  path: string;
  /** Resolves when the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
  signedIn: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    key: "login",
    name: "/login",
    path: "/login",
    signedIn: false,
    ready: (page) => page.getByTestId("login-submit").waitFor({ timeout: 60_000 }),
  },
  {
    key: "dossier",
    name: `/dossier (${options.documents.toLocaleString("en-US")} documents)`,
    path: "/dossier",
    signedIn: true,
    ready: (page) =>
      options.documents > 0
        ? page
            .locator('[data-testid="document-card"], [data-testid="document-row"]')
            .first()
            .waitFor({ timeout: 60_000 })
        : page.getByRole("heading").first().waitFor({ timeout: 60_000 }),
  },
];

async function signInTokens(url: string): Promise<{ token: string; refreshToken: string }> {
  const response = await fetch(`${url}/api/action`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      path: "auth.signIn",
      args: { provider: "password", params: { email: EMAIL, password: PASSWORD } },
      format: "json",
    }),
  });
  const body = (await response.json()) as { status: string; value?: { tokens?: never } };
  const tokens = body.value?.tokens as { token: string; refreshToken: string } | undefined;
  if (body.status !== "success" || !tokens)
    throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return tokens;
}

async function measure(
  browser: Browser,
  url: string,
  scenario: Scenario,
  tracePath?: string,
): Promise<PageMetrics> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: "dark",
  });
  try {
    if (scenario.signedIn) {
      const tokens = await signInTokens(url);
      const namespace = new URL(url).origin.replace(/[^a-zA-Z0-9]/g, "");
      await context.addInitScript(
        ({ keys, tokens }) => {
          localStorage.setItem(keys.access, tokens.token);
          localStorage.setItem(keys.refresh, tokens.refreshToken);
        },
        {
          keys: {
            access: `${STORAGE_KEYS.accessToken}_${namespace}`,
            refresh: `${STORAGE_KEYS.refreshToken}_${namespace}`,
          },
          tokens,
        },
      );
    }
    await context.addInitScript(OBSERVER_SCRIPT);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpu });
    if (network) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: network.latency,
        downloadThroughput: (network.downloadKbps * 1024) / 8,
        uploadThroughput: (network.uploadKbps * 1024) / 8,
      });
    }
    if (values["no-route-preloads"]) {
      // The document as the build wrote it: only the preloads dist/index.html names itself.
      await page.route(`${url}${scenario.path}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (tag, href: string) => (builtIndexHtml().includes(`href="${href}"`) ? tag : ""),
        );
        await route.fulfill({ response, body });
      });
    }
    if (tracePath) {
      await browser.startTracing(page, {
        path: tracePath,
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "blink.user_timing",
          "loading",
          "toplevel",
          "disabled-by-default-v8.cpu_profiler",
        ],
      });
    }
    await cdp.send("Performance.enable");
    await page.goto(`${url}${scenario.path}`, { waitUntil: "commit" });
    try {
      await scenario.ready(page);
    } catch (error) {
      const shot = path.join(os.tmpdir(), `first-page-failed-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      log(`${scenario.name}: not ready (${page.url()}); screenshot ${shot}`);
      throw error;
    }
    const { metrics } = (await cdp.send("Performance.getMetrics")) as {
      metrics: Array<{ name: string; value: number }>;
    };
    const metric = (name: string) =>
      Math.round((metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000);
    const mainThreadMs = metric("TaskDuration");
    const scriptMs = metric("ScriptDuration");
    // Quiet: no long task started during the last quietMs (checked in the page's own clock).
    const quietAt = await page.evaluate(
      ({ quietMs }) =>
        new Promise<number>((resolve) => {
          const m = (window as unknown as { __firstPage: { longTasks: number[][] } }).__firstPage;
          const check = () => {
            const last = m.longTasks.at(-1);
            const lastEnd = last ? last[0]! + last[1]! : 0;
            const now = performance.now();
            if (now - Math.max(lastEnd, 0) >= quietMs) resolve(lastEnd);
            else setTimeout(check, 100);
          };
          check();
        }),
      { quietMs: options.quietMs },
    );
    const raw = await page.evaluate(() => {
      const m = (
        window as unknown as {
          __firstPage: {
            fcp: number | null;
            lcp: number | null;
            lcpElement: string | null;
            longTasks: number[][];
            socket: PageMetrics["socket"];
            documentScripts: string[];
          };
        }
      ).__firstPage;
      const marks: Record<string, number> = {};
      for (const mark of performance.getEntriesByType("mark")) {
        if (mark.name.startsWith("atrium:")) marks[mark.name.slice(7)] ??= mark.startTime;
      }
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const js = resources.filter((r) => r.name.endsWith(".js"));
      const waves: number[] = [];
      const byStart = [...js].sort((a, b) => a.startTime - b.startTime);
      for (const [i, r] of byStart.entries()) {
        let wave = 1;
        for (let j = 0; j < i; j++) {
          if (byStart[j]!.responseEnd <= r.startTime) wave = Math.max(wave, waves[j]! + 1);
        }
        waves.push(wave);
      }
      const api = resources.filter((r) => new URL(r.name).pathname.startsWith("/api/"));
      const named = new Set(m.documentScripts);
      const namedJs = js.filter((r) => named.has(r.name));
      return {
        ...m,
        documentScripts: named.size,
        documentScriptsDoneAt: Math.max(0, ...namedJs.map((r) => r.responseEnd)),
        requestsBeforeLcp:
          resources.filter((r) => m.lcp !== null && r.startTime < m.lcp).length + (nav ? 1 : 0),
        marks,
        jsBytes: js.reduce((sum, r) => sum + r.encodedBodySize, 0),
        requests: resources.length + (nav ? 1 : 0),
        scriptsDoneAt: Math.max(0, ...js.map((r) => r.responseEnd)),
        firstApiAt: api.length > 0 ? Math.min(...api.map((r) => r.startTime)) : null,
        scriptWaves: Math.max(0, ...waves),
      };
    });
    if (values.shots) {
      mkdirSync(values.shots, { recursive: true });
      const name = scenario.path.replace(/\W+/g, "-").replace(/^-|-$/g, "");
      await page.screenshot({ path: path.join(values.shots, `${name}.png`) });
    }
    if (raw.fcp === null || raw.lcp === null) throw new Error(`${scenario.name}: no FCP or LCP`);
    if (errors.length > 0) throw new Error(`${scenario.name}: page errors: ${errors.join("; ")}`);
    const fcp = raw.fcp;
    let tbt = 0;
    for (const [start, duration] of raw.longTasks) {
      const end = start! + duration!;
      if (end <= fcp || start! > quietAt) continue;
      // The part of the task after FCP, beyond the first 50 ms of the task.
      const blocking = end - Math.max(start! + 50, fcp);
      if (blocking > 0) tbt += blocking;
    }
    return {
      fcp,
      lcp: raw.lcp,
      tbt,
      quietAt,
      longTasks: raw.longTasks.length,
      lcpElement: raw.lcpElement,
      jsBytes: raw.jsBytes,
      requests: raw.requests,
      scriptsDoneAt: raw.scriptsDoneAt,
      documentScripts: raw.documentScripts,
      documentScriptsDoneAt: raw.documentScriptsDoneAt,
      requestsBeforeLcp: raw.requestsBeforeLcp,
      firstApiAt: raw.firstApiAt,
      scriptWaves: raw.scriptWaves,
      socket: raw.socket,
      marks: raw.marks,
      mainThreadMs,
      scriptMs,
    };
  } finally {
    if (tracePath) await browser.stopTracing();
    await context.close();
  }
}

/**
 * Where the page's main thread spent its time, from a trace: the main thread's busy time before
 * LCP, wall-clock and in thread CPU time (`tdur`: the work itself, which depends far less on
 * what else the machine runs than the wall-clock figures do), the same after LCP and the longest
 * task after it (what TBT counts), TBT's rule applied to the tasks' thread CPU time after LCP
 * (the sum of each task's CPU beyond 50 ms: a stand-in for TBT that the load moves far less),
 * and self time by event name before LCP (a task's time not
 * spent in a nested event), the top 12.
 */
function summarizeTrace(file: string, lcp: number): string {
  interface TraceEvent {
    name: string;
    ph: string;
    ts: number;
    dur?: number;
    tdur?: number;
    pid: number;
    tid: number;
    args?: { data?: { documentLoaderURL?: string } };
  }
  const parsed = JSON.parse(readFileSync(file, "utf8")) as
    | { traceEvents: TraceEvent[] }
    | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const navigation = events.find(
    (e) =>
      e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http") === true,
  );
  if (!navigation) return "  (no navigation in the trace)";
  const { pid, tid, ts: start } = navigation;
  const lcpAt = start + lcp * 1000;
  const onThread = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: Array<{ name: string; end: number; childTime: number; dur: number }> = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      self.set(done.name, (self.get(done.name) ?? 0) + Math.max(0, done.dur - done.childTime));
      if (stack.length > 0) stack.at(-1)!.childTime += done.dur;
    }
  };
  const before = { wall: 0, cpu: 0 };
  const after = { wall: 0, cpu: 0, longestWall: 0, longestCpu: 0, blockingCpu: 0, longCpu: 0 };
  let topEnd = Number.NEGATIVE_INFINITY;
  for (const event of onThread) {
    if (event.ts >= topEnd) {
      // A top-level task.
      topEnd = event.ts + event.dur!;
      const cpu = event.tdur ?? 0;
      if (event.ts < start) continue;
      if (event.ts < lcpAt) {
        before.wall += event.dur!;
        before.cpu += cpu;
      } else {
        after.wall += event.dur!;
        after.cpu += cpu;
        after.longestWall = Math.max(after.longestWall, event.dur!);
        after.longestCpu = Math.max(after.longestCpu, cpu);
        // TBT's rule applied to thread CPU time: what a task's own work holds the thread
        // beyond 50 ms, whatever else the machine runs (a load-independent stand-in for TBT).
        after.blockingCpu += Math.max(0, cpu - 50_000);
        if (cpu > 50_000) after.longCpu += 1;
      }
    }
    if (event.ts < start || event.ts >= lcpAt) continue;
    close(event.ts);
    stack.push({ name: event.name, end: event.ts + event.dur!, childTime: 0, dur: event.dur! });
  }
  close(Number.POSITIVE_INFINITY);
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return [
    `  main thread before LCP (${lcp.toFixed(0)} ms): busy ${ms(before.wall)}, CPU ${ms(before.cpu)}`,
    `  after LCP: busy ${ms(after.wall)}, CPU ${ms(after.cpu)}; longest task ${ms(after.longestWall)} (CPU ${ms(after.longestCpu)})`,
    `  after LCP, TBT's rule on thread CPU: ${ms(after.blockingCpu)} over ${after.longCpu} tasks of more than 50 ms CPU`,
    "  self time before LCP by event:",
    ...top.map(([name, time]) => `    ${name}: ${ms(time)}`),
  ].join("\n");
}

if (!webBuildIsFresh(ROOT)) {
  log("dist/ is older than its sources: vite build...");
  await buildWeb(ROOT);
}
const server = await prepareServer({
  database: "pglite",
  users: 1,
  extraSessions: 0,
  seedMore: seedDocuments,
  log,
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const results: Array<{ scenario: string; runs: PageMetrics[] }> = [];
try {
  for (const scenario of SCENARIOS.filter((each) => pages.has(each.key))) {
    log(`${scenario.name}: warm-up run`);
    await measure(browser, server.url, scenario);
    const runs: PageMetrics[] = [];
    for (let i = 0; i < options.runs; i++) {
      const trace =
        values.trace && scenario.key === "dossier" && i === options.runs - 1
          ? values.trace
          : undefined;
      const metrics = await measure(browser, server.url, scenario, trace);
      const at = (value: number | null | undefined) =>
        value === null || value === undefined ? "-" : value.toFixed(0);
      log(
        `${scenario.name} run ${i + 1}: FCP ${metrics.fcp.toFixed(0)} ms, LCP ` +
          `${metrics.lcp.toFixed(0)} ms (${metrics.lcpElement}), TBT ${metrics.tbt.toFixed(0)} ms ` +
          `(${metrics.longTasks} long tasks; quiet at ${metrics.quietAt.toFixed(0)} ms); ` +
          `${metrics.requests} requests (${metrics.requestsBeforeLcp} before LCP), ` +
          `${metrics.documentScripts} scripts named by the document (in at ` +
          `${at(metrics.documentScriptsDoneAt)}), scripts done ${at(metrics.scriptsDoneAt)}, main thread ` +
          `${metrics.mainThreadMs} ms (scripts ${metrics.scriptMs}); socket created ` +
          `${at(metrics.socket.created)}, open ${at(metrics.socket.open)}, first sent ` +
          `${at(metrics.socket.firstSent)}, first received ${at(metrics.socket.firstReceived)}` +
          Object.entries(metrics.marks)
            .map(([name, time]) => `; ${name} ${time.toFixed(0)}`)
            .join(""),
      );
      if (trace) log(`trace: ${trace}\n${summarizeTrace(trace, metrics.lcp)}`);
      runs.push(metrics);
    }
    results.push({ scenario: scenario.name, runs });
  }
} finally {
  await browser.close();
  await server.close();
}

const p50 = (
  runs: PageMetrics[],
  key:
    | "fcp"
    | "lcp"
    | "tbt"
    | "scriptsDoneAt"
    | "documentScriptsDoneAt"
    | "requestsBeforeLcp"
    | "firstApiAt"
    | "scriptWaves"
    | "mainThreadMs"
    | "scriptMs",
) =>
  Math.round(
    percentile(
      runs.map((run) => run[key] ?? Number.NaN).sort((a, b) => a - b),
      50,
    ),
  );
const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(" ");
const profile =
  `CPU ${options.cpu}x slower, network ${values.network}` +
  (network ? ` (${network.latency} ms, ${network.downloadKbps / 1024} Mbit/s down)` : "");
process.stdout.write(
  `\nFirst page, p50 of ${options.runs} cold loads; ${profile}; load average ${load}\n\n` +
    "| Page | FCP (ms) | LCP (ms) | TBT (ms) | LCP element | JS over the wire | Requests | " +
    "Before LCP | Document's scripts | Their last in (ms) | " +
    "Script waves | Scripts done (ms) | First /api/ call (ms) | Main thread to ready (ms) |\n" +
    "| ---- | -------- | -------- | -------- | ----------- | ---------------- | -------- | " +
    "---------- | ------------------ | ------------------ | " +
    "------------ | ----------------- | --------------------- | ------------------------- |\n",
);
for (const { scenario, runs } of results) {
  const jsKb = (runs[0]!.jsBytes / 1000).toFixed(1);
  process.stdout.write(
    `| ${scenario} | ${p50(runs, "fcp")} | ${p50(runs, "lcp")} | ${p50(runs, "tbt")} | ` +
      `${runs.at(-1)!.lcpElement ?? "-"} | ${jsKb} kB | ${runs[0]!.requests} | ` +
      `${p50(runs, "requestsBeforeLcp")} | ${runs[0]!.documentScripts} | ` +
      `${p50(runs, "documentScriptsDoneAt")} | ` +
      `${p50(runs, "scriptWaves")} | ${p50(runs, "scriptsDoneAt")} | ${p50(runs, "firstApiAt")} | ` +
      `${p50(runs, "mainThreadMs")} |\n`,
  );
}
const out = values.out ?? path.join(RESULTS_DIR, "first-page.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      benchmark: "first-page",
      command: `node bench/first-page.ts ${process.argv.slice(2).join(" ")}`.trim(),
      machine: machineInfo(),
      loadAverage: os.loadavg(),
      options: { ...options, network: values.network },
      results: results.map(({ scenario, runs }) => ({
        scenario,
        p50: {
          fcp: p50(runs, "fcp"),
          lcp: p50(runs, "lcp"),
          tbt: p50(runs, "tbt"),
          scriptWaves: p50(runs, "scriptWaves"),
          scriptsDoneAt: p50(runs, "scriptsDoneAt"),
          documentScriptsDoneAt: p50(runs, "documentScriptsDoneAt"),
          requestsBeforeLcp: p50(runs, "requestsBeforeLcp"),
          firstApiAt: p50(runs, "firstApiAt"),
          mainThreadMs: p50(runs, "mainThreadMs"),
          scriptMs: p50(runs, "scriptMs"),
        },
        runs,
      })),
    },
    null,
    2,
  )}\n`,
);
log(`wrote ${path.relative(ROOT, out)}`);
