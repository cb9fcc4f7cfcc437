import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NODE, ROOT, TEST_NODE_FLAGS } from "../support/child-node.ts";
import { findFreePort as freePort } from "../support/postgres.ts";
import {
  migratedDataDir,
  rawRequest,
  startTestServer,
  type TestServer,
} from "../support/server.ts";

const MAIN = join(ROOT, "src/server/main.ts");

interface Spawned {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node src/server/main.ts` as `npm start` runs it, with only the environment given here. */
function spawnServer(env: Record<string, string>): Spawned {
  const child = spawn(NODE, [...TEST_NODE_FLAGS, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolvePromise(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function waitForHealth(url: string, spawned: Spawned, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawned.child.exitCode !== null) {
      throw new Error(`the server exited early:\n${spawned.stderr()}\n${spawned.stdout()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not become healthy:\n${spawned.stderr()}`);
}

/** A pid that surely belongs to no running process: that of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(NODE, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((done) => child.once("exit", done));
  return pid;
}

describe("the PGlite data directory lock", () => {
  const servers: TestServer[] = [];
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("stops a second process from opening a data directory in use, with a clear message", async () => {
    const dataDir = await migratedDataDir();
    const server = await startTestServer("pglite", {}, { dataDir });
    servers.push(server);

    const second = spawnServer({ DATA_DIR: dataDir, PORT: "0" });
    children.push(second.child);
    const { code } = await withTimeout(second.exited, 30_000, "second process to exit");
    expect(code).not.toBe(0);
    expect(second.stderr()).toContain("in use");
    expect(second.stderr()).toContain(dataDir);
    expect(second.stderr()).not.toMatch(/\n\s+at /); // a message, not a stack trace

    // The first server is unharmed.
    const health = await rawRequest(server, "/api/health");
    expect(health.json).toEqual({ status: "ok", database: "pglite" });
    const lock = JSON.parse(readFileSync(join(dataDir, "atrium.lock"), "utf8")) as {
      pid: number;
    };
    expect(lock.pid).toBe(process.pid);
  });

  it("takes over a stale lock left by a process that no longer runs", async () => {
    const dataDir = await migratedDataDir();
    const lockFile = join(dataDir, "atrium.lock");
    const stalePid = await deadPid();
    writeFileSync(
      lockFile,
      JSON.stringify({ pid: stalePid, hostname: hostname(), startedAt: new Date().toISOString() }),
    );

    const server = await startTestServer("pglite", {}, { dataDir });
    servers.push(server);
    const health = await rawRequest(server, "/api/health");
    expect(health.json).toEqual({ status: "ok", database: "pglite" });
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.pid });

    await server.close();
    servers.splice(servers.indexOf(server), 1);
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses a lock held by a process on another host, naming that host", async () => {
    const dataDir = await migratedDataDir();
    writeFileSync(
      join(dataDir, "atrium.lock"),
      JSON.stringify({ pid: 1, hostname: "other-host.example", startedAt: "2024-01-01" }),
    );
    await expect(startTestServer("pglite", {}, { dataDir })).rejects.toThrow(
      /locked by a process on host other-host\.example/,
    );
  });
});

describe("the server process", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });

  it("prints the setup link, then on SIGTERM finishes the request in flight, exits 0 and releases the lock", async () => {
    const dataDir = await migratedDataDir();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const spawned = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(spawned.child);
    await waitForHealth(url, spawned);
    expect(existsSync(join(dataDir, "atrium.lock"))).toBe(true);
    expect(spawned.stdout()).toMatch(
      new RegExp(`Set up Atrium: http://localhost:${port}/setup\\?token=[A-Za-z0-9_-]{20,}`),
    );

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ path: "nothing.here", args: {}, format: "json" });
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((done) => socket.once("connect", () => done()));
    let response = "";
    socket.on("data", (chunk: Buffer) => {
      response += chunk.toString();
    });
    const socketClosed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.write(
      `POST /api/query HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));

    spawned.child.kill("SIGTERM");
    // New connections are refused once shutdown has begun.
    const deadline = Date.now() + 5000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      try {
        await fetch(`${url}/api/health`);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        refused = true;
      }
    }
    expect(refused).toBe(true);
    expect(spawned.child.exitCode).toBeNull();

    socket.write(body.slice(10));
    await withTimeout(socketClosed, 10_000, "the in-flight response");
    expect(response).toMatch(/^HTTP\/1\.1 560 /);
    expect(response).toContain('"code":"UNKNOWN_FUNCTION"');

    const { code, signal } = await withTimeout(spawned.exited, 10_000, "the process to exit");
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(existsSync(join(dataDir, "atrium.lock"))).toBe(false);
    expect(spawned.stderr()).toBe("");
  }, 60_000);

  it("refuses to start with a bad setting, naming the variable", async () => {
    const spawned = spawnServer({ DATA_DIR: await migratedDataDir(), PORT: "not-a-port" });
    children.push(spawned.child);
    const { code } = await withTimeout(spawned.exited, 30_000, "the process to exit");
    expect(code).toBe(1);
    expect(spawned.stderr()).toContain("PORT");
    expect(spawned.stderr()).not.toMatch(/\n\s+at /);
  });
});
