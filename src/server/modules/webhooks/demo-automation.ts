import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "#shared/errors.ts";
import type { Services } from "../../api/context.ts";
import type { Executor } from "../../db/database.ts";
import { serverState } from "../../db/schema.ts";
import { answerErrors } from "../../http/error-response.ts";
import type { AppEnv } from "../../http/request-info.ts";
import { moduleCallbackRoutes } from "../executions/callback-routes.ts";
import { SIGNATURE_HEADER, signBody, verifySignature } from "./webhook-signature.ts";

/**
 * POST /api/demo-automation: a small automation that behaves like an n8n
 * workflow (decision 019), so the demo's webhook module works with nothing
 * else running. It keeps its signing secret where an n8n instance would keep
 * a credential: its own record (server_state 'demo-automation'), written by
 * the seed together with the module that calls it. It checks the request's
 * signature, answers 202, then posts two progress callbacks and a markdown
 * result, signed, a few seconds later. It posts only to this server's own
 * callback route, in process (the same checks as over HTTP). Its timers live in memory: a restart forgets them, and
 * the run then fails at its deadline, as with a real automation that died.
 */

const STATE_KEY = "demo-automation";

export async function setDemoAutomationSecret(db: Executor, secret: string): Promise<void> {
  await db
    .insert(serverState)
    .values({ key: STATE_KEY, value: { secret } })
    .onConflictDoUpdate({
      target: serverState.key,
      set: { value: { secret }, updatedAt: new Date() },
    });
}

async function demoSecret(db: Executor): Promise<string | undefined> {
  const [row] = await db.select().from(serverState).where(eq(serverState.key, STATE_KEY));
  const secret = row?.value.secret;
  return typeof secret === "string" ? secret : undefined;
}

const requestSchema = z.object({
  executionId: z.string(),
  module: z.object({ name: z.string() }),
  inputs: z.record(z.string(), z.unknown()),
  documents: z.array(z.object({ name: z.string() })),
  callback: z.object({ url: z.string(), token: z.string() }),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function demoAutomationRoutes(services: Services, pacing = { stepMs: 1500 }) {
  const app = new Hono<AppEnv>();
  app.onError(answerErrors(services.log));
  app.post("/", async (c) => {
    const raw = await c.req.text();
    const secret = await demoSecret(services.database.db);
    if (!secret) {
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "The demo automation is not set up (npm run cli -- seed:demo).",
      );
    }
    const check = verifySignature(c.req.header(SIGNATURE_HEADER), secret, raw);
    if (!check.ok) throw new AppError("UNAUTHENTICATED", check.reason);
    const parsed = requestSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new AppError("BAD_REQUEST", "Not a module run.");
    const run = parsed.data;
    if (!run.callback.url.startsWith(`${services.config.publicUrl}/api/modules/executions/`)) {
      throw new AppError("BAD_REQUEST", "The demo automation only calls this server back.");
    }
    void work(services, secret, run, pacing.stepMs);
    return c.json({ accepted: true }, 202);
  });
  return app;
}

async function work(
  services: Services,
  secret: string,
  run: z.infer<typeof requestSchema>,
  stepMs: number,
): Promise<void> {
  const post = async (body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    // Handed to the callback route in process (every check applies, no socket is opened),
    // so it works whatever PUBLIC_URL says and however the server is reached.
    const path = new URL(run.callback.url).pathname.replace(/^\/api\/modules/, "");
    const response = await moduleCallbackRoutes(services).fetch(
      new Request(new URL(path, "http://in-process"), {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${run.callback.token}`,
          [SIGNATURE_HEADER]: signBody(secret, text),
        },
        body: text,
      }),
    );
    if (!response.ok) throw new Error(`callback answered ${response.status}`);
  };
  const names = run.documents.map((d) => d.name);
  try {
    await sleep(stepMs);
    await post({ seq: 1, type: "progress", message: "Reading the documents", percent: 30 });
    await sleep(stepMs);
    await post({ seq: 2, type: "progress", message: "Extracting the clauses", percent: 70 });
    await sleep(stepMs);
    const focus = Object.entries(run.inputs)
      .filter(([, v]) => typeof v === "string" && v)
      .map(([k, v]) => `- **${k}**: ${String(v)}`);
    await post({
      seq: 3,
      type: "result",
      result: {
        title: `${run.module.name}: ${names[0] ?? "summary"}`,
        format: "markdown",
        content: [
          `# Clauses found`,
          "",
          names.length ? `Documents reviewed: ${names.join(", ")}.` : "No document was chosen.",
          "",
          ...(focus.length ? ["## Your request", "", ...focus, ""] : []),
          "## Clauses",
          "",
          "| Clause | Finding |",
          "| --- | --- |",
          "| Term | Twelve months, renewing unless notice is given. |",
          "| Termination | Either party, 30 days' written notice. |",
          "| Liability | Capped at the fees of the last 12 months. |",
          "| Governing law | The law of the supplier's seat. |",
          "",
          "_Written by the demo automation._",
        ].join("\n"),
      },
    });
  } catch (error) {
    services.log.warn(
      { err: error, executionId: run.executionId },
      "demo automation: a callback failed",
    );
  }
}
