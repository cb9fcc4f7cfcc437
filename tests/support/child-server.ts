import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { NODE, ROOT, TEST_NODE_FLAGS } from "./child-node.ts";

/**
 * The real server as a child process (`node src/server/main.ts`, as `npm start` runs it),
 * for tests that kill it with SIGKILL and start it again on the same data.
 */

const MAIN = join(ROOT, "src/server/main.ts");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ChildServer {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start the server with only this environment (and PATH, HOME). */
export function spawnServer(env: Record<string, string>, entry = MAIN): ChildServer {
  const child = spawn(NODE, [...TEST_NODE_FLAGS, entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Resolves once `GET /api/health` answers 200; throws with the server's output otherwise. */
export async function waitForHealth(
  url: string,
  server: ChildServer,
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited early:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

/** The JSON log lines the server wrote so far (LOG_FORMAT=json). */
export function logLines(server: ChildServer): Record<string, unknown>[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
