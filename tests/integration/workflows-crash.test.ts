import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { drafts, modules, workflows } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { startRun } from "../../src/server/workflows/start-run.ts";
import { callerAt, callFn } from "../support/call-fn.ts";
import {
  crashEnv,
  crashServers,
  kill9,
  seedMember,
  signIn,
  sleep,
  waitUntil,
  withDatabase,
} from "../support/crash-server.ts";
import {
  type FakeAutomation,
  postCallback,
  startFakeAutomation,
} from "../support/fake-automation.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai.ts";
import { DB_KINDS, type DbKind, unique } from "../support/server.ts";

/**
 * kill -9 of the real server while a workflow run waits on its module step
 * (the automation holds the POST open), then a restart on the same data: the
 * run resumes at that step (the module run is posted again, with a new token)
 * and finishes; the prompt step before it is not asked again; one draft.
 */

async function seed(env: Record<string, string>, automation: FakeAutomation) {
  return withDatabase(env, async (db) => {
    const { organization, user, email, caller } = await seedMember(db, "wfcrash");
    const secret = randomBytes(24).toString("hex");
    const slug = unique("crash-module").toLowerCase();
    await db.insert(modules).values({
      id: newId(),
      slug,
      name: "Crash module",
      kind: "webhook",
      endpointUrl: `${automation.url}/hook`,
      webhookSecret: secret,
      inputs: [{ key: "focus", label: "Focus", type: "longText", required: true }],
    });
    await db.insert(workflows).values({
      id: newId(),
      organizationId: organization.id,
      slug: "crash-flow",
      name: "Crash flow",
      steps: [
        { kind: "prompt", prompt: "[crash-1] terms" },
        { kind: "module", moduleSlug: slug, inputs: { focus: "{{steps.1.output}}" } },
        { kind: "prompt", prompt: "[crash-3] memo from {{steps.2.output}}" },
      ],
      createdBy: user.id,
    });
    const { runId } = await db.transaction((tx) =>
      startRun({ db: tx, caller, slug: "crash-flow", inputs: {}, documentIds: [] }),
    );
    return { email, secret, runId };
  });
}

describe.each(DB_KINDS)("kill -9 during a workflow run, then a restart, on %s", (kind: DbKind) => {
  const servers = crashServers();
  let automation: FakeAutomation | undefined;
  let model: FakeOpenAI | undefined;
  afterEach(async () => {
    await automation?.close();
    await model?.close();
  });

  it("resumes at the step it was on and finishes once", { timeout: 180_000 }, async () => {
    automation = await startFakeAutomation();
    model = await startFakeOpenAI();
    const { url, env } = await crashEnv(kind, {
      MODULE_WEBHOOK_ALLOWED_HOSTS: automation.host,
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      OPENAI_COMPATIBLE_MODELS: "crash-model",
    });
    const { email, secret, runId } = await seed(env, automation);
    // The first POST of the module run is never answered: the server dies during it.
    let release: (() => void) | undefined;
    automation.answer = async () => {
      if (automation!.received.length === 1) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return 202;
    };
    const first = await servers.start(env, url);
    const received = automation.received;
    await waitUntil(
      () => received.length > 0,
      60_000,
      () => `the module run never arrived:\n${first.output()}`,
    );
    await kill9(first);
    release?.();
    const calls = (marker: string) =>
      model!.requests.filter((r) => r.lastUserText.includes(marker)).length;
    expect(calls("[crash-1]")).toBe(1);

    const second = await servers.start(env, url);
    await waitUntil(
      () => received.length >= 2,
      60_000,
      () => `the module run was not posted again:\n${second.output()}`,
    );
    const latest = automation.received.at(-1)!;
    expect(String(latest.body.inputs.focus)).toContain("[crash-1]");
    const answer = await postCallback(
      url,
      latest.body,
      { seq: 1, type: "result", result: { format: "markdown", content: "Module says hello" } },
      { secret },
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const token = await signIn(url, email);
    const until = Date.now() + 60_000;
    for (;;) {
      const run = await callFn(callerAt(url), api.workflows.getRun, { runId }, token);
      if (run?.status === "succeeded") {
        expect(run.steps.map((s) => s.attempts)).toEqual([1, 1, 1]);
        expect(run.steps[2]!.output).toContain("Module says hello");
        break;
      }
      if (run?.status === "failed" || Date.now() > until) {
        throw new Error(`run did not finish: ${JSON.stringify(run)}\n${second.output()}`);
      }
      await sleep(150);
    }
    expect(calls("[crash-1]")).toBe(1);
    expect(calls("[crash-3]")).toBe(1);
    second.child.kill("SIGTERM");
    await second.exited;
    const written = await withDatabase(env, (db) =>
      db.select().from(drafts).where(eq(drafts.workflowRunId, runId)),
    );
    expect(written).toHaveLength(1);
  });
});
