import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { drafts, jobs, moduleExecutions, modules } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import {
  MODULE_EXECUTION_JOB,
  startExecution,
} from "../../src/server/modules/executions/start-execution.ts";
import { callerAt, callFn } from "../support/call-fn.ts";
import {
  crashEnv,
  crashServers,
  kill9,
  seedMember,
  signIn,
  waitUntil,
  withDatabase,
} from "../support/crash-server.ts";
import {
  type FakeAutomation,
  postCallback,
  startFakeAutomation,
} from "../support/fake-automation.ts";
import { DB_KINDS, type DbKind, unique } from "../support/server.ts";

/**
 * kill -9 of the real server process while it posts module runs to an
 * automation, then a restart on the same data: every run ends (none stuck
 * queued or running), each writes its result once, and the attempt the
 * crash interrupted can no longer post results (its token was replaced).
 */

const RUNS = 6;
/** The run whose POST the automation holds open while the server is killed. */
const HELD = 2;

/** A member, a webhook module on the automation and RUNS queued runs, written before the server starts. */
async function seed(env: Record<string, string>, automation: FakeAutomation) {
  return withDatabase(env, async (db) => {
    const { email, caller } = await seedMember(db, "crash");
    const secret = randomBytes(24).toString("hex");
    const moduleId = newId();
    await db.insert(modules).values({
      id: moduleId,
      slug: unique("crash-module").toLowerCase(),
      name: "Crash module",
      kind: "webhook",
      endpointUrl: `${automation.url}/hook`,
      webhookSecret: secret,
      inputs: [{ key: "focus", label: "Focus", type: "text", required: true }],
    });
    const [module] = await db.select().from(modules).where(eq(modules.id, moduleId));
    const executionIds: string[] = [];
    for (let n = 0; n < RUNS; n++) {
      const { executionId } = await db.transaction((tx) =>
        startExecution({ db: tx, caller, module: module!, inputs: { focus: `run ${n}` } }),
      );
      executionIds.push(executionId);
    }
    return { email, secret, executionIds };
  });
}

describe.each(DB_KINDS)("kill -9 during module runs, then a restart, on %s", (kind: DbKind) => {
  const servers = crashServers();
  let automation: FakeAutomation | undefined;
  afterEach(async () => {
    await automation?.close();
  });

  it("ends every run once: none stuck, none run twice", { timeout: 180_000 }, async () => {
    automation = await startFakeAutomation();
    const { url, env } = await crashEnv(kind, {
      WORKER_CONCURRENCY: "1",
      MODULE_WEBHOOK_ALLOWED_HOSTS: automation.host,
    });
    const { email, secret, executionIds } = await seed(env, automation);
    const held = executionIds[HELD]!;
    // The automation accepts at once, except the held run's first POST, which it never answers.
    let release: (() => void) | undefined;
    automation.answer = async (run) => {
      const tries = automation!.received.filter((r) => r.body.executionId === run.body.executionId);
      if (run.body.executionId === held && tries.length === 1) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return 202;
    };

    const first = await servers.start(env, url);
    await automation.waitForRun(held, 60_000);
    expect(await kill9(first)).toEqual({ code: null, signal: "SIGKILL" });
    release?.();
    const left = await withDatabase(env, (db) =>
      db.select().from(moduleExecutions).where(inArray(moduleExecutions.id, executionIds)),
    );
    const statusOf = new Map(left.map((row) => [row.id, row.status]));
    expect(statusOf.get(held)).toBe("running");
    expect(executionIds.slice(HELD + 1).map((id) => statusOf.get(id))).toEqual(
      executionIds.slice(HELD + 1).map(() => "queued"),
    );

    const second = await servers.start(env, url);
    // Every run reaches the automation; the held one a second time, with a new token.
    const received = automation.received;
    await waitUntil(
      () =>
        executionIds.every((id) => received.some((r) => r.body.executionId === id)) &&
        received.filter((r) => r.body.executionId === held).length >= 2,
      60_000,
      () => `runs never arrived:\n${second.output()}`,
    );
    const heldTries = automation.received.filter((r) => r.body.executionId === held);
    expect(heldTries).toHaveLength(2);
    // The interrupted attempt cannot post a result: its token was replaced.
    const stale = await postCallback(
      url,
      heldTries[0]!.body,
      { seq: 1, type: "result", result: { format: "text", content: "from the first try" } },
      { secret },
    );
    expect(stale.status).toBe(401);
    // The automation posts each run's result with the latest token it got.
    for (const id of executionIds) {
      const latest = automation.received.filter((r) => r.body.executionId === id).at(-1)!;
      const answer = await postCallback(
        url,
        latest.body,
        { seq: 1, type: "result", result: { format: "text", content: `result of ${id}` } },
        { secret },
      );
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
    const token = await signIn(url, email);
    const runs = await callFn(callerAt(url), api.modules.listExecutions, { limit: 100 }, token);
    expect(runs).toHaveLength(RUNS);
    for (const run of runs) {
      expect(run.status, JSON.stringify(run)).toBe("succeeded");
      expect(run.draftIds).toHaveLength(1);
    }
    // No run was posted more than its own interrupted attempt allows.
    for (const id of executionIds) {
      expect(automation.received.filter((r) => r.body.executionId === id).length).toBe(
        id === held ? 2 : 1,
      );
    }
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);

    const after = await withDatabase(env, async (db) => ({
      drafts: await db.select().from(drafts).where(inArray(drafts.executionId, executionIds)),
      jobs: await db.select().from(jobs).where(eq(jobs.kind, MODULE_EXECUTION_JOB)),
    }));
    expect(after.drafts).toHaveLength(RUNS);
    expect(after.drafts.map((d) => d.content).sort()).toEqual(
      executionIds.map((id) => `<p>result of ${id}</p>`).sort(),
    );
    expect(after.jobs).toHaveLength(RUNS);
    for (const job of after.jobs) expect(job.status).toBe("done");
  });
});
