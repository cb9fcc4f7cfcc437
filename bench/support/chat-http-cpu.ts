import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { generateKeyPair } from "jose";
import { requestToken } from "../../src/server/auth/request-caller.ts";
import { JWT_ALG } from "../../src/server/auth/signing-key.ts";
import { signAccessToken, verifyAccessToken } from "../../src/server/auth/tokens.ts";
import { VerifiedTokens } from "../../src/server/auth/verified-tokens.ts";
import { headerBodyLimit } from "../../src/server/http/body-limit.ts";
import { readJson } from "../../src/server/http/read-json.ts";
import { API_CSP, securityHeaders } from "../../src/server/http/security-headers.ts";

/**
 * The CPU the server's HTTP stack adds to a chat request before and around its route (decision
 * 032, fourth round), in process: one Hono app per case behind @hono/node-server, the same
 * keep-alive client sending POST /api/chat (a bearer token, a JSON body of a chat's size) one at
 * a time, the route reading the token and the body and answering a one-frame event stream.
 * Cases: `bare` (no middleware: the relay's), `before` (the middlewares as they were: request
 * log, security headers set one by one, Hono's bodyLimit), `after` (as they are). The client's
 * CPU is in every case alike, so the differences are the middlewares'. Also the ES256
 * verification of an access token against a hit in the verified-token cache.
 * Usage: node bench/support/chat-http-cpu.ts [requests per case=2000] [rounds=3]
 */
const perCase = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 3);
const MAX = 1_000_000;
const noop = (..._args: unknown[]) => undefined;

/** The previous round's security headers (each set per response, the list built per call). */
const securityHeadersBefore = (): MiddlewareHandler => async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", API_CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  h.set("Cross-Origin-Resource-Policy", "same-origin");
  h.set("Permissions-Policy", "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)");
};

const inFlight = { count: 0 };
const requestLog =
  (always: boolean): MiddlewareHandler =>
  async (c, next) => {
    inFlight.count++;
    const started = always ? performance.now() : 0;
    try {
      await next();
    } finally {
      inFlight.count--;
      // A logger at info level: the debug call is a no-op, its argument is still built.
      if (always)
        noop({
          m: c.req.method,
          p: c.req.path,
          s: c.res.status,
          ms: performance.now() - started,
        });
    }
  };

function chatApp(kind: "bare" | "before" | "after"): Hono {
  const app = new Hono();
  if (kind !== "bare") {
    app.use("*", requestLog(kind === "before"));
    app.use("*", kind === "before" ? securityHeadersBefore() : securityHeaders({ https: false }));
    const onError = () => new Response("too large", { status: 413 });
    const limit =
      kind === "before"
        ? bodyLimit({ maxSize: MAX, onError })
        : headerBodyLimit({ maxSize: MAX, onError });
    app.use("/api/*", (c, next) => limit(c, next));
  }
  app.post("/api/chat", async (c) => {
    const sent = requestToken(c);
    if (!sent) return c.json({ error: "no token" }, 401);
    const body = (await readJson(c, { requireJsonType: "json" })) as { id: string };
    const frame = new TextEncoder().encode(`data: {"type":"start","messageId":"${body.id}"}\n\n`);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(frame);
        controller.close();
      },
    });
    return new Response(stream, {
      headers: {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
        "x-vercel-ai-ui-message-stream": "v1",
        "x-accel-buffering": "no",
      },
    });
  });
  return app;
}

const body = JSON.stringify({
  id: "0195f4a0-0000-7000-8000-000000000001",
  messages: [
    {
      id: "m1",
      role: "user",
      parts: [{ type: "text", text: "How long does the first token take?" }],
    },
  ],
  trigger: "submit-message",
});

async function cpuPerRequest(app: Hono, n: number): Promise<number> {
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/chat",
          headers: {
            authorization: `Bearer ${"x".repeat(600)}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.on("data", noop);
          res.on("end", resolve);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  for (let i = 0; i < 200; i++) await send();
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await send();
  const used = process.cpuUsage(start);
  agent.destroy();
  server.close();
  return (used.user + used.system) / n;
}

const results: Record<string, number[]> = { bare: [], before: [], after: [] };
for (let r = 0; r < rounds; r++) {
  for (const kind of ["bare", "before", "after"] as const) {
    results[kind]!.push(await cpuPerRequest(chatApp(kind), perCase));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `HTTP stack CPU per chat request (client included; µs, median of ${rounds} rounds of ${perCase})`,
);
for (const [kind, xs] of Object.entries(results)) {
  console.log(
    `  ${kind.padEnd(7)} ${median(xs).toFixed(1).padStart(7)}  (above bare ${(median(xs) - median(results.bare!)).toFixed(1)})  runs ${xs.map((x) => x.toFixed(0)).join(" ")}`,
  );
}

// The access token: ES256 verification against a cache hit.
const pair = await generateKeyPair(JWT_ALG);
const key = { kid: "bench", privateKey: pair.privateKey, publicKey: pair.publicKey };
const issuer = "http://127.0.0.1:3000";
const token = await signAccessToken(key, { userId: "u", sessionId: "s" }, 900, issuer);
const verifyN = 500;
for (let i = 0; i < 50; i++) await verifyAccessToken(key, token, issuer);
let start = process.cpuUsage();
for (let i = 0; i < verifyN; i++) await verifyAccessToken(key, token, issuer);
let used = process.cpuUsage(start);
const verifyUs = (used.user + used.system) / verifyN;
const cache = new VerifiedTokens({ max: 10_000 });
cache.set(token, await verifyAccessToken(key, token, issuer));
const hitN = 100_000;
start = process.cpuUsage();
for (let i = 0; i < hitN; i++) cache.get(`${token.slice(0, -1)}${token.slice(-1)}`);
used = process.cpuUsage(start);
console.log(
  `Access token: ES256 verification ${verifyUs.toFixed(1)} µs CPU per call; a cache hit (a fresh string, as from a header) ${((used.user + used.system) / hitN).toFixed(2)} µs`,
);
