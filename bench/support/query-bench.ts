import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type BenchServer,
  type DbKind,
  type PrepareOptions,
  prepareServer,
  RESULTS_DIR,
} from "./prepare.ts";
import { rounded } from "./stats.ts";

/**
 * What the single-query benchmarks (documents-list, admin-users, admin-stats)
 * share: their options, a throwaway server (PGlite, or a throwaway PostgreSQL
 * cluster) seeded before it starts and stopped on Ctrl-C, timed calls of one
 * function over POST /api/query, and the results file.
 */

/** A whole-number option: its default, and the least and most it may be. */
export type WholeNumberSpec = readonly [defaultValue: number, min: number, max: number];

/**
 * The command line: --database (pglite or postgres; `defaultDatabase` unless
 * given), --out (the results file) and the benchmark's whole-number options,
 * each `--kebab-case` of its key (pageSize: --page-size). A bad value is a
 * clear error. Also the benchmark's log: `[name database] line` on stderr.
 */
export function benchArgs<K extends string>(
  name: string,
  defaultDatabase: DbKind,
  wholeNumbers: Record<K, WholeNumberSpec>,
) {
  const flag = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const specs = Object.entries(wholeNumbers) as Array<[K, WholeNumberSpec]>;
  const { values: parsed } = parseArgs({
    options: {
      database: { type: "string", default: defaultDatabase },
      out: { type: "string" },
      ...Object.fromEntries(
        specs.map(([key, [value]]) => [flag(key), { type: "string", default: String(value) }]),
      ),
    },
  });
  const values = parsed as Record<string, string | undefined>;
  const database = values.database;
  if (database !== "pglite" && database !== "postgres") {
    throw new Error("--database: pglite|postgres");
  }
  const options = {} as Record<K, number>;
  for (const [key, [, min, max]] of specs) {
    options[key] = wholeNumber(`--${flag(key)}`, values[flag(key)], min, max);
  }
  const log = (line: string) => process.stderr.write(`[${name} ${database}] ${line}\n`);
  return { database: database as DbKind, out: values.out, options, log };
}

/** `raw` as a whole number from `min` to `max`, or a clear error naming `option`. */
export function wholeNumber(option: string, raw: string | undefined, min: number, max: number) {
  const value = Number(raw);
  if (
    raw === undefined ||
    raw.trim() === "" ||
    !Number.isInteger(value) ||
    value < min ||
    value > max
  ) {
    throw new Error(`${option}: a whole number from ${min} to ${max}`);
  }
  return value;
}

/**
 * The server on a fresh database with one user (a token of its own), `seedMore`
 * written before it starts; stopped (and the PostgreSQL cluster with it) on Ctrl-C.
 */
export async function startThrowawayServer(
  options: Pick<PrepareOptions, "database" | "seedMore"> & { log: (line: string) => void },
): Promise<BenchServer> {
  const server = await prepareServer({ users: 1, extraSessions: 0, ...options });
  process.once("SIGINT", () => {
    options.log("interrupted: stopping the server");
    void server.close().then(() => process.exit(130));
  });
  return server;
}

/** Calls of query functions over HTTP, one keep-alive connection, with a Bearer token. */
export interface QueryClient {
  /** One call: its value and the time from sending to the last byte (ms). */
  query<T = unknown>(fnPath: string, args: unknown): Promise<{ value: T; ms: number }>;
  close(): void;
}

export function queryClient(baseUrl: string, token: string): QueryClient {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const query = <T>(fnPath: string, args: unknown) => {
    const body = JSON.stringify({ path: fnPath, args, format: "json" });
    const started = performance.now();
    return new Promise<{ value: T; ms: number }>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/api/query",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const elapsed = performance.now() - started;
            const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
              status: string;
              value?: T;
              errorMessage?: string;
            };
            if (response.statusCode !== 200 || parsed.status !== "success") {
              reject(new Error(`${fnPath} failed: ${response.statusCode} ${parsed.errorMessage}`));
            } else {
              resolve({ value: parsed.value as T, ms: elapsed });
            }
          });
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  };
  return { query, close: () => agent.destroy() };
}

/** `warmup` untimed runs, then `iterations` timed ones: each run's own milliseconds. */
export async function sample(
  warmup: number,
  iterations: number,
  run: () => Promise<number>,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) samples.push(await run());
  return samples;
}

/** Milliseconds `call` takes. */
export async function timeOf(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

/**
 * Writes bench/results/<name>-<database>.json (or `out`), rounded, with the
 * command that made it, and says where.
 */
export function writeResults(
  name: string,
  database: DbKind,
  out: string | undefined,
  results: Record<string, unknown>,
): void {
  const file = out ?? path.join(RESULTS_DIR, `${name}-${database}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const command = `node bench/${name}.ts ${process.argv.slice(2).join(" ")}`.trim();
  writeFileSync(
    file,
    `${JSON.stringify(rounded({ benchmark: name, command, ...results }), null, 2)}\n`,
  );
  process.stdout.write(`\nwrote ${path.relative(process.cwd(), file)}\n`);
}
