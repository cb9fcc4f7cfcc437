import http from "node:http";
import { startCpuSpan } from "./machine.ts";
import { type Summary, summarize } from "./stats.ts";

/**
 * A closed-loop HTTP load: `concurrency` workers, each sending the next request as soon as the
 * previous answer is read, over keep-alive connections, for a fixed time.
 */

export interface LoadTarget {
  name: string;
  path: string;
  body: string;
  token?: string;
}

export interface LoadResult {
  target: string;
  concurrency: number;
  durationMs: number;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  latency: Summary;
  /** Server child and benchmark CPU per request (ms), and the machine's busy share. */
  serverCpuPerRequestMs: number;
  clientCpuPerRequestMs: number;
  machineBusy: number;
}

const MAX_REQUESTS_PER_WORKER = 1_000_000;
const REQUEST_TIMEOUT_MS = 10_000;

function post(agent: http.Agent, url: URL, target: LoadTarget): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: target.path,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(target.body),
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve(response.statusCode === 200 && text.startsWith('{"status":"success"'));
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("request timed out")));
    request.on("error", reject);
    request.end(target.body);
  });
}

async function drive(
  baseUrl: string,
  target: LoadTarget,
  concurrency: number,
  durationMs: number,
  record: boolean,
) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;
  const worker = async () => {
    for (let i = 0; i < MAX_REQUESTS_PER_WORKER && performance.now() < deadline; i++) {
      const started = performance.now();
      let ok = false;
      try {
        ok = await post(agent, url, target);
      } catch {
        ok = false;
      }
      if (!record) continue;
      if (ok) latencies.push(performance.now() - started);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  agent.destroy();
  return { latencies, errors, elapsed };
}

export async function runLoad(
  baseUrl: string,
  serverPid: number,
  target: LoadTarget,
  concurrency: number,
  options: { warmupMs: number; durationMs: number },
): Promise<LoadResult> {
  await drive(baseUrl, target, concurrency, options.warmupMs, false);
  const endSpan = startCpuSpan(serverPid);
  const { latencies, errors, elapsed } = await drive(
    baseUrl,
    target,
    concurrency,
    options.durationMs,
    true,
  );
  const cpu = endSpan();
  const requests = latencies.length;
  return {
    target: target.name,
    concurrency,
    durationMs: elapsed,
    requests,
    errors,
    requestsPerSecond: (requests / elapsed) * 1000,
    latency: summarize(latencies),
    serverCpuPerRequestMs: cpu.serverMs / Math.max(1, requests),
    clientCpuPerRequestMs: cpu.clientMs / Math.max(1, requests),
    machineBusy: cpu.machineBusy,
  };
}
