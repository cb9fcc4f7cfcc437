import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signBody } from "../../src/server/modules/webhooks/webhook-signature.ts";

/**
 * A loopback HTTP server that behaves like an n8n workflow receiving module
 * runs: it records each POST (headers, raw body, parsed body) and answers
 * with the status `answer` picks (202 by default). Tests then post the
 * automation's callbacks with `postCallback`, as the workflow would.
 */

export interface AutomationRun {
  executionId: string;
  module: { id: string; slug: string; name: string };
  n8nWorkflowId: string | null;
  inputs: Record<string, unknown>;
  documents: Array<{
    id: string;
    name: string;
    mimeType: string;
    size: number;
    downloadUrl: string;
  }>;
  callback: { url: string; token: string; expiresAt: string };
}

export interface ReceivedRun {
  headers: IncomingMessage["headers"];
  raw: string;
  body: AutomationRun;
  receivedAt: number;
}

export interface FakeAutomation {
  url: string;
  /** host:port, for MODULE_WEBHOOK_ALLOWED_HOSTS. */
  host: string;
  port: number;
  received: ReceivedRun[];
  /** The status to answer a run with (default 202); may wait. */
  answer: (run: ReceivedRun) => number | Promise<number>;
  /** Resolves with the run of `executionId` once it has arrived. */
  waitForRun(executionId: string, timeoutMs?: number): Promise<ReceivedRun>;
  close(): Promise<void>;
}

export async function startFakeAutomation(): Promise<FakeAutomation> {
  const waiters: Array<() => void> = [];
  const automation: FakeAutomation = {
    url: "",
    host: "",
    port: 0,
    received: [],
    answer: () => 202,
    async waitForRun(executionId, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const run = automation.received.find((r) => r.body.executionId === executionId);
        if (run) return run;
        if (Date.now() > deadline) throw new Error(`no run ${executionId} reached the automation`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const run: ReceivedRun = {
        headers: request.headers,
        raw,
        body: JSON.parse(raw) as AutomationRun,
        receivedAt: Date.now(),
      };
      automation.received.push(run);
      for (const wake of waiters.splice(0)) wake();
      const status = await automation.answer(run);
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  automation.port = port;
  automation.host = `127.0.0.1:${port}`;
  automation.url = `http://127.0.0.1:${port}`;
  return automation;
}

/** The address of a server-made URL (its PUBLIC_URL may not name the test's port) on `serverUrl`. */
export function onServer(serverUrl: string, url: string): string {
  const parsed = new URL(url);
  return `${serverUrl}${parsed.pathname}${parsed.search}`;
}

/** POST an automation callback, signed with `secret` (or with `signature` as given). */
export async function postCallback(
  serverUrl: string,
  run: AutomationRun,
  body: unknown,
  options: { secret: string; token?: string | null; signature?: string; signedAtMs?: number },
): Promise<{ status: number; json: unknown }> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Atrium-Signature": options.signature ?? signBody(options.secret, text, options.signedAtMs),
  };
  const token = options.token === undefined ? run.callback.token : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(onServer(serverUrl, run.callback.url), {
    method: "POST",
    headers,
    body: text,
  });
  const raw = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = raw;
  }
  return { status: response.status, json };
}
