import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { createInterface } from "node:readline";
import { NODE, ROOT } from "./prepare.ts";

/**
 * Streaming requests timed the way a user feels them: from sending the
 * request to the first token of the answer (TTFT) and to its end.
 */

export interface StreamTiming {
  ok: boolean;
  status: number;
  /** Request sent -> first answer token received (ms); NaN when none came. */
  ttftMs: number;
  totalMs: number;
  /** SSE frames (or stream lines) received. */
  frames: number;
  error?: string;
}

export interface StreamTarget {
  url: string;
  path: string;
  body: string;
  token?: string;
  /** True once the received text holds the first answer token. */
  firstToken: (received: string) => boolean;
  /** True when the whole received text is a successful answer. */
  succeeded: (received: string) => boolean;
}

const TIMEOUT_MS = 60_000;

export function timeStream(agent: http.Agent, target: StreamTarget): Promise<StreamTiming> {
  const url = new URL(target.url);
  return new Promise((resolve) => {
    const started = performance.now();
    let ttft = Number.NaN;
    let received = "";
    const finish = (timing: Omit<StreamTiming, "ttftMs" | "totalMs" | "frames">) =>
      resolve({
        ...timing,
        ttftMs: ttft,
        totalMs: performance.now() - started,
        frames: received.split("\n\n").length - 1,
      });
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: target.path,
        timeout: TIMEOUT_MS,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(target.body),
          ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
          // When it was sent, on the clock every process shares (the server's --timeline reads it).
          "x-bench-sent-at": String(performance.timeOrigin + performance.now()),
        },
      },
      (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
          if (Number.isNaN(ttft) && target.firstToken(received)) ttft = performance.now() - started;
        });
        response.on("end", () => {
          const ok = response.statusCode === 200 && target.succeeded(received);
          finish({
            ok,
            status: response.statusCode ?? 0,
            ...(ok ? {} : { error: received.slice(-300) }),
          });
        });
        response.on("error", (error) => finish({ ok: false, status: 0, error: String(error) }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => finish({ ok: false, status: 0, error: String(error) }));
    request.end(target.body);
  });
}

export interface FakeModel {
  baseUrl: string;
  pid: number;
  close(): Promise<void>;
}

/** The loopback model server in a child process. */
export function startFakeModel(): Promise<FakeModel> {
  return startChild(["bench/support/fake-model-child.ts"]);
}

/** The bare AI SDK relay in front of a model (bench/support/sdk-relay-child.ts). */
export function startSdkRelay(
  modelBaseUrl: string,
  modelId: string,
  nodeArgs: string[] = [],
): Promise<FakeModel> {
  return startChild([...nodeArgs, "bench/support/sdk-relay-child.ts", modelBaseUrl, modelId]);
}

/** A child that prints `{"baseUrl": …}` on one line once it listens. */
async function startChild(args: string[]): Promise<FakeModel> {
  const child: ChildProcess = spawn(NODE, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${args[0]} exited (code ${code})`)));
    lines.once("line", (line) => resolve((JSON.parse(line) as { baseUrl: string }).baseUrl));
  });
  return {
    baseUrl,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
