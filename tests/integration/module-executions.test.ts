import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import type { Execution } from "#shared/schemas/module.ts";
import {
  documents,
  drafts,
  draftVersions,
  jobs,
  moduleExecutions,
  modules,
  users,
} from "../../src/server/db/schema.ts";
import { insertDraft } from "../../src/server/drafts/draft-writes.ts";
import { MODULE_EXECUTION_DEADLINE_JOB } from "../../src/server/modules/executions/run-execution-job.ts";
import { startExecution } from "../../src/server/modules/executions/start-execution.ts";
import { verifySignature } from "../../src/server/modules/webhooks/webhook-signature.ts";
import { DEMO_PASSWORD, seedDemo } from "../../src/server/seed/demo.ts";
import { callFn, callFnError } from "../support/call-fn.ts";
import { insertChunk, insertDocument } from "../support/dossier-fixtures.ts";
import {
  type FakeAutomation,
  onServer,
  postCallback,
  startFakeAutomation,
} from "../support/fake-automation.ts";
import type { FakeOpenAI } from "../support/fake-openai.ts";
import { type ModelServer, pollUntil, startModelServer } from "../support/model-server.ts";
import { insertModule } from "../support/module-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * Module executions on PGlite and PostgreSQL (decision 019): who may run and
 * see which run; a webhook run through a loopback automation that behaves
 * like n8n (signed request, document links, progress, result, failure);
 * every refused callback; cancel; the deadline; outbound address rules; a
 * built-in module writing its draft live with the loopback model server.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CALLBACK_LIMIT = 100_000;

describe.each(DB_KINDS)("module executions (%s)", (kind) => {
  let stack: ModelServer;
  let server: TestServer;
  let automation: FakeAutomation;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    stack = await startModelServer(kind, {
      models: "draft-model",
      automation: true,
      env: { MODULE_CALLBACK_MAX_BYTES: String(CALLBACK_LIMIT) },
    });
    ({ server, model } = stack);
    automation = stack.automation!;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await stack?.close();
  });

  async function people() {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const orgId = admin.organizationId;
    const member = await createTestUser(server, { organizationId: orgId });
    const superadmin = await createTestUser(server, { organizationId: orgId, isSuperadmin: true });
    const outsider = await createTestUser(server);
    return { admin, member, superadmin, outsider };
  }

  const webhookModule = (options: Parameters<typeof insertModule>[1] = {}) =>
    insertModule(server, { endpointUrl: `${automation.url}/webhook/clauses`, ...options });

  const execution = (user: TestUser, executionId: string) =>
    callFn(server, api.modules.getModuleExecutionById, { executionId }, user.token);

  const waitFor = (
    user: TestUser,
    executionId: string,
    accept: (e: Execution) => boolean,
    timeoutMs = 15_000,
  ) =>
    pollUntil(() => execution(user, executionId), accept, {
      what: "execution",
      timeoutMs,
      intervalMs: 100,
    });

  async function startRun(user: TestUser, moduleId: string, inputs: Record<string, unknown> = {}) {
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId, inputs: { focus: "Termination", ...inputs } },
      user.token,
    );
    const run = await automation.waitForRun(executionId);
    return { executionId, run };
  }

  it("lets members, admins and superadmins of the organization run a module; others find nothing", async () => {
    const { admin, member, superadmin, outsider } = await people();
    const module = await webhookModule({ organizationIds: [member.organizationId] });
    for (const user of [member, admin, superadmin]) {
      expect(
        await callFn(server, api.modules.getBySlug, { slug: module.slug }, user.token),
      ).toMatchObject({
        _id: module.id,
        name: module.name,
        kind: "webhook",
        estimatedTimeMinutes: 2,
      });
      const { executionId } = await callFn(
        server,
        api.modules.run,
        { moduleId: module.id, inputs: { focus: "Term" } },
        user.token,
      );
      expect(await execution(user, executionId)).toMatchObject({
        moduleSlug: module.slug,
        userId: user.userId,
        canCancel: true,
      });
      // Only the member who ran it sees it, even the organization's admin and a superadmin.
      for (const other of [member, admin, superadmin, outsider].filter((u) => u !== user)) {
        expect(await execution(other, executionId)).toBeNull();
        expect(
          (await callFnError(server, api.modules.cancelExecution, { executionId }, other.token))
            .code,
        ).toBe("NOT_FOUND");
      }
    }
    expect(
      await callFn(server, api.modules.getBySlug, { slug: module.slug }, outsider.token),
    ).toBeNull();
    const refused = await callFnError(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "Term" } },
      outsider.token,
    );
    expect(refused.code).toBe("NOT_FOUND");
    const mine = await callFn(
      server,
      api.modules.listExecutions,
      { moduleId: module.id },
      member.token,
    );
    expect(mine.map((e) => e.userId)).toEqual([member.userId]);
    expect(await callFn(server, api.modules.listExecutions, {}, outsider.token)).toEqual([]);
    const inactive = await webhookModule({ isActive: false });
    expect(
      await callFn(server, api.modules.getBySlug, { slug: inactive.slug }, member.token),
    ).toBeNull();
    expect(
      await callFn(server, api.modules.getBySlug, { slug: "no-such-module" }, member.token),
    ).toBeNull();
  });

  it("refuses bad inputs with one issue per input and a document of another organization", async () => {
    const { member, outsider } = await people();
    const module = await webhookModule();
    const bad = await callFnError(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "", extra: "x" } },
      member.token,
    );
    expect(bad.code).toBe("INVALID_ARGS");
    expect(bad.data.issues).toEqual(
      expect.arrayContaining([
        { path: "inputs.focus", message: "Focus is required" },
        { path: "inputs.extra", message: "This module has no input named extra" },
      ]),
    );
    const theirs = await insertDocument(server, outsider);
    const hidden = await callFnError(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "x", documents: [theirs.id] } },
      member.token,
    );
    expect(hidden.code).toBe("NOT_FOUND");
    expect(await callFn(server, api.modules.listExecutions, {}, member.token)).toEqual([]);
  });

  it("posts a signed run with document links, takes progress live and writes the result as a draft", async () => {
    const { member } = await people();
    const module = await webhookModule();
    const document = await insertDocument(server, member, { name: "Lease 2026.txt" });
    const { executionId, run } = await startRun(member, module.id, { documents: [document.id] });

    expect(
      verifySignature(run.headers["x-atrium-signature"] as string, module.secret, run.raw),
    ).toEqual({
      ok: true,
    });
    expect(run.body).toMatchObject({
      executionId,
      module: { id: module.id, slug: module.slug, name: module.name },
      n8nWorkflowId: "wf-42",
      inputs: { focus: "Termination", documents: [document.id] },
      documents: [{ id: document.id, name: "Lease 2026.txt", mimeType: "text/plain" }],
    });
    expect(run.body.callback.token.length).toBeGreaterThan(30);
    // The link needs no session; a tampered one is refused.
    const link = onServer(server.url, run.body.documents[0]!.downloadUrl);
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(`bytes of ${document.id}`);
    const tampered = await fetch(
      link.replace(/sig=./, (m) => (m.endsWith("0") ? "sig=1" : "sig=0")),
    );
    expect(tampered.status).toBe(403);
    expect(await tampered.json()).toMatchObject({ errorData: { code: "FORBIDDEN" } });
    const expired = await fetch(link.replace(/expires=\d+/, "expires=1000"));
    expect(expired.status).toBe(403);

    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    await socket.authenticate(member.token);
    await subscribeFn(socket, "run", api.modules.getModuleExecutionById, { executionId });
    const progressed = nextValue(socket, "run", api.modules.getModuleExecutionById, (e) =>
      Boolean(e && e.progress.length === 1),
    );
    const first = await postCallback(
      server.url,
      run.body,
      { seq: 1, type: "progress", message: "Reading the lease", percent: 40 },
      { secret: module.secret },
    );
    expect(first.status).toBe(200);
    expect((await progressed)?.progress).toEqual([
      { at: expect.any(Number), message: "Reading the lease", percent: 40 },
    ]);

    const succeeded = nextValue(socket, "run", api.modules.getModuleExecutionById, (e) =>
      Boolean(e && e.status === "succeeded"),
    );
    const result = await postCallback(
      server.url,
      run.body,
      {
        seq: 2,
        type: "result",
        results: [
          {
            title: "Clauses",
            format: "markdown",
            content: "# Clauses\n\n- **Term**: 12 months\n\n<script>alert(1)</script>",
          },
          { format: "html", content: '<p onclick="x()">Annex</p>' },
          {
            files: [
              {
                name: "clauses.csv",
                mimeType: "text/csv",
                contentBase64: Buffer.from("a,b\n1,2").toString("base64"),
              },
            ],
          },
        ],
      },
      { secret: module.secret },
    );
    expect(result.status).toBe(200);
    const done = await succeeded;
    expect(done).toMatchObject({ status: "succeeded", canCancel: false, error: null });
    expect(done?.draftIds).toHaveLength(3);
    // The member is told, with a link back to the run.
    const told = await callFn(
      server,
      api.notifications.list,
      { paginationOpts: { numItems: 10, cursor: null } },
      member.token,
    );
    expect(told.page.find((n) => n.kind === "module.finished")).toMatchObject({
      title: `“${module.name}” finished: its draft is ready`,
      link: `/modules/${module.slug}/${executionId}`,
    });
    const rows = await server.running.services.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.executionId, executionId));
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    expect(byTitle.get("Clauses")?.content).toContain("<strong>Term</strong>");
    expect(byTitle.get("Clauses")?.content).not.toContain("script");
    expect(byTitle.get(module.name)?.content).toBe("<p>Annex</p>");
    const file = byTitle.get("clauses.csv");
    expect(file).toMatchObject({
      fileName: "clauses.csv",
      fileMimeType: "text/csv",
      fileSize: 7,
      status: "ready",
    });
    const bytes = await server.running.services.storage.getBuffer(file!.fileStorageId!, 1000);
    expect(bytes?.toString()).toBe("a,b\n1,2");
    const versions = await server.running.services.database.db
      .select()
      .from(draftVersions)
      .where(eq(draftVersions.draftId, byTitle.get("Clauses")!.id));
    expect(versions).toMatchObject([{ version: 1, reason: "generated" }]);

    // The token was used up with the run: it cannot post again.
    const again = await postCallback(
      server.url,
      run.body,
      { seq: 3, type: "progress", message: "late" },
      { secret: module.secret },
    );
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ status: "error", errorData: { code: "CONFLICT" } });
  });

  it("refuses bad signatures, old timestamps, replays, wrong tokens, malformed and oversized bodies", async () => {
    const { member } = await people();
    const module = await webhookModule();
    const { executionId, run } = await startRun(member, module.id);
    const progress = (seq: number) => ({ seq, type: "progress", message: `step ${seq}` });
    const send = (body: unknown, options: Partial<Parameters<typeof postCallback>[3]> = {}) =>
      postCallback(server.url, run.body, body, { secret: module.secret, ...options });

    const unsigned = await send(progress(1), { signature: "" });
    expect(unsigned).toMatchObject({
      status: 401,
      json: { errorData: { code: "UNAUTHENTICATED" } },
    });
    expect((await send(progress(1), { secret: "not-the-secret" })).status).toBe(401);
    const old = await send(progress(1), { signedAtMs: Date.now() - 6 * 60_000 });
    expect(old.status).toBe(401);
    expect(JSON.stringify(old.json)).toContain("too old");
    expect((await send(progress(1), { token: null })).status).toBe(401);
    expect((await send(progress(1), { token: "guessed-token" })).status).toBe(401);
    expect((await send("{not json")).status).toBe(400);
    const malformed = await send({ seq: 0, type: "shout" });
    expect(malformed).toMatchObject({ status: 400, json: { errorData: { code: "INVALID_ARGS" } } });
    const huge = await send({
      seq: 1,
      type: "result",
      result: { format: "text", content: "x".repeat(CALLBACK_LIMIT + 10) },
    });
    expect(huge).toMatchObject({ status: 413, json: { errorData: { code: "PAYLOAD_TOO_LARGE" } } });

    expect((await send(progress(2))).status).toBe(200);
    const replay = await send(progress(2));
    expect(replay).toMatchObject({
      status: 409,
      json: { errorData: { code: "CONFLICT", reason: "replayed" } },
    });
    expect((await send(progress(1))).status).toBe(409);
    // None of the refused ones left a trace.
    const now = await execution(member, executionId);
    expect(now?.progress.map((p) => p.message)).toEqual(["step 2"]);
    expect(now?.status).toBe("running");

    // An expired token: 410.
    await server.running.services.database.db
      .update(moduleExecutions)
      .set({ callbackExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(moduleExecutions.id, executionId));
    const expired = await send(progress(3));
    expect(expired.status).toBe(410);
    expect(JSON.stringify(expired.json)).toContain("expired");
  });

  it("fails a run with the automation's reason, and one the automation refuses", async () => {
    const { member } = await people();
    const module = await webhookModule();
    const { executionId, run } = await startRun(member, module.id);
    const failed = await postCallback(
      server.url,
      run.body,
      { seq: 1, type: "failure", message: "The PDF is password protected" },
      { secret: module.secret },
    );
    expect(failed.status).toBe(200);
    expect(await execution(member, executionId)).toMatchObject({
      status: "failed",
      error: "The automation reported a failure: The PDF is password protected",
      draftIds: [],
    });

    automation.answer = (r) => (r.body.module.id === refusing.id ? 422 : 202);
    const refusing = await webhookModule();
    const { executionId: refusedId } = await startRun(member, refusing.id);
    const refused = await waitFor(member, refusedId, (e) => e.status === "failed");
    expect(refused.error).toContain("The automation refused the run (HTTP 422");
    automation.answer = () => 202;
  });

  it("retries an automation that answers 5xx, then goes on", async () => {
    const { member } = await people();
    const module = await webhookModule();
    let calls = 0;
    automation.answer = (r) => (r.body.module.id === module.id && ++calls === 1 ? 503 : 202);
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "x" } },
      member.token,
    );
    const deadline = Date.now() + 20_000;
    while (automation.received.filter((r) => r.body.executionId === executionId).length < 2) {
      if (Date.now() > deadline) throw new Error("the run was not posted again");
      await sleep(200);
    }
    automation.answer = () => 202;
    const tries = automation.received.filter((r) => r.body.executionId === executionId);
    // Each attempt gets its own token: the first one no longer works.
    expect(tries[0]!.body.callback.token).not.toBe(tries[1]!.body.callback.token);
    const stale = await postCallback(
      server.url,
      tries[0]!.body,
      { seq: 1, type: "progress", message: "from the first try" },
      { secret: module.secret },
    );
    expect(stale.status).toBe(401);
    const fresh = await postCallback(
      server.url,
      tries[1]!.body,
      { seq: 1, type: "result", result: { format: "text", content: "Done" } },
      { secret: module.secret },
    );
    expect(fresh.status).toBe(200);
    expect((await execution(member, executionId))?.status).toBe("succeeded");
  }, 30_000);

  it("cancels an unfinished run: its callbacks are refused and a second cancel is a conflict", async () => {
    const { member } = await people();
    const module = await webhookModule();
    const { executionId, run } = await startRun(member, module.id);
    expect(
      await callFn(server, api.modules.cancelExecution, { executionId }, member.token),
    ).toEqual({
      executionId,
    });
    expect(await execution(member, executionId)).toMatchObject({
      status: "cancelled",
      canCancel: false,
    });
    const late = await postCallback(
      server.url,
      run.body,
      { seq: 1, type: "result", result: { format: "text", content: "Too late" } },
      { secret: module.secret },
    );
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.json)).toContain("cancelled");
    const again = await callFnError(
      server,
      api.modules.cancelExecution,
      { executionId },
      member.token,
    );
    expect(again.code).toBe("CONFLICT");
    expect((await execution(member, executionId))?.draftIds).toEqual([]);
  });

  it("fails a run that gets no result before its deadline", async () => {
    const { member } = await people();
    const module = await webhookModule();
    const { executionId } = await startRun(member, module.id);
    const db = server.running.services.database.db;
    // The deadline is MODULE_EXECUTION_TIMEOUT_SECONDS away; bring it to now.
    await db
      .update(moduleExecutions)
      .set({ callbackExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(moduleExecutions.id, executionId));
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(
        sql`${jobs.kind} = ${MODULE_EXECUTION_DEADLINE_JOB} and ${jobs.payload}->>'executionId' = ${executionId}`,
      );
    server.running.worker?.wake();
    const failed = await waitFor(member, executionId, (e) => e.status !== "running");
    expect(failed).toMatchObject({
      status: "failed",
      error: "The automation did not answer in time.",
    });
  });

  it("refuses to call loopback, link-local and private addresses unless allowed", async () => {
    const { member } = await people();
    const cases = [
      `http://127.0.0.1:${automation.port + 1}/hook`,
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.7/hook",
      `http://[::1]:${automation.port}/hook`,
      `http://[::ffff:127.0.0.1]:${automation.port}/hook`,
      // A name that resolves to a loopback address, on the allowed port but not the allowed host.
      `http://localhost:${automation.port}/hook`,
    ];
    const before = automation.received.length;
    for (const endpointUrl of cases) {
      const module = await webhookModule({ endpointUrl });
      const { executionId } = await callFn(
        server,
        api.modules.run,
        { moduleId: module.id, inputs: { focus: "x" } },
        member.token,
      );
      const failed = await waitFor(member, executionId, (e) => e.status === "failed");
      expect(failed.error, endpointUrl).toContain("The automation's address is not allowed");
    }
    expect(automation.received.length).toBe(before);
  });

  it("runs a built-in module: the draft streams in, then holds its citations", async () => {
    const { member } = await people();
    const lease = await insertDocument(server, member, { name: "Lease.txt" });
    await insertChunk(server, member, lease.id, "The lease runs for twelve months from signature.");
    await insertChunk(
      server,
      member,
      lease.id,
      "Either party may end it with thirty days of notice.",
      1,
    );
    const module = await insertModule(server, {
      kind: "builtin",
      promptTemplate: "Draft a summary of {{documents}} about {{focus}}.",
    });
    model.respond((request) =>
      request.lastUserText.includes("Draft a summary of Lease.txt about Termination")
        ? {
            kind: "stream",
            delayMs: 40,
            steps: [
              {
                text: "## Summary\n\nThe lease lasts twelve months [1]. It ends with thirty days of notice [2]. The parties agree on every other clause as written.",
              },
            ],
          }
        : undefined,
    );
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "Termination", documents: [lease.id] } },
      member.token,
    );
    const db = server.running.services.database.db;
    // While it streams, the draft is pending and already holds the start of the text.
    let sawPartial = false;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await db.select().from(drafts).where(eq(drafts.executionId, executionId));
      if (row?.status === "pending" && row.content.includes("Summary")) sawPartial = true;
      if (row?.status === "ready" || Date.now() > deadline) break;
      await sleep(30);
    }
    expect(sawPartial).toBe(true);
    const done = await waitFor(member, executionId, (e) => e.status === "succeeded");
    const [draft] = await db.select().from(drafts).where(eq(drafts.id, done.draftIds[0]!));
    expect(draft).toMatchObject({ status: "ready", title: module.name });
    expect(draft!.content).toContain("<h2>Summary</h2>");
    expect(draft!.citations).toEqual([
      {
        n: 1,
        documentId: lease.id,
        documentName: "Lease.txt",
        quote: "The lease runs for twelve months from signature.",
      },
      {
        n: 2,
        documentId: lease.id,
        documentName: "Lease.txt",
        quote: "Either party may end it with thirty days of notice.",
      },
    ]);
    const [version] = await db
      .select()
      .from(draftVersions)
      .where(eq(draftVersions.draftId, draft!.id));
    expect(version).toMatchObject({ version: 1, content: draft!.content });
    expect(
      await callFn(server, api.modules.getExecutionDraft, { executionId }, member.token),
    ).toEqual({ draftId: draft!.id, title: module.name, status: "ready", content: draft!.content });
    const other = await createTestUser(server, { organizationId: member.organizationId });
    expect(
      await callFn(server, api.modules.getExecutionDraft, { executionId }, other.token),
    ).toBeNull();
    const asked = model.requests.find((r) => r.lastUserText.includes("Lease.txt"));
    expect(asked?.lastUserText).toContain('[2] (from "Lease.txt")');
  });

  it("runs the demo's webhook module against the server's own demo automation", async () => {
    const db = server.running.services.database.db;
    const { organizationId } = await seedDemo(db, server.running.services.storage);
    await seedDemo(db, server.running.services.storage);
    const [module] = await db
      .select()
      .from(modules)
      .where(eq(modules.slug, "clause-extraction-automation"));
    expect(module).toMatchObject({ name: "Clause extraction (automation)", kind: "webhook" });
    // One of the member's own documents: the demo has private ones of others too (decision 023).
    const [document] = await db
      .select({ id: documents.id, name: documents.name })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.ownerId))
      .where(
        and(
          eq(documents.organizationId, organizationId),
          eq(users.email, "member@demo.example.com"),
        ),
      )
      .orderBy(documents.name)
      .limit(1);
    const tokens = tokensIn(
      await callFn(server, api.auth.signIn, {
        provider: "password",
        params: { email: "member@demo.example.com", password: DEMO_PASSWORD },
      }),
    );
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId: module!.id, inputs: { documents: [document!.id], focus: "Termination" } },
      tokens.token,
    );
    const deadline = Date.now() + 20_000;
    let run = await callFn(
      server,
      api.modules.getModuleExecutionById,
      { executionId },
      tokens.token,
    );
    while (run?.status !== "succeeded" && run?.status !== "failed" && Date.now() < deadline) {
      await sleep(200);
      run = await callFn(server, api.modules.getModuleExecutionById, { executionId }, tokens.token);
    }
    expect(run).toMatchObject({ status: "succeeded", error: null });
    expect(run?.progress.map((p) => p.message)).toEqual([
      "Reading the documents",
      "Extracting the clauses",
    ]);
    const [draft] = await db.select().from(drafts).where(eq(drafts.id, run!.draftIds[0]!));
    expect(draft?.content).toContain(document!.name);
    expect(draft?.content).toContain("<table>");
  }, 30_000);

  it("regenerates a draft: the built-in run writes its next version", async () => {
    const { member } = await people();
    const db = server.running.services.database.db;
    const module = await insertModule(server, {
      kind: "builtin",
      promptTemplate: "Write the regenerated memo about {{focus}}.",
      inputs: [{ key: "focus", label: "Focus", type: "text", required: true }],
    });
    const [row] = await db.select().from(modules).where(eq(modules.id, module.id));
    const draft = await insertDraft(db, {
      organizationId: member.organizationId,
      userId: member.userId,
      executionId: null,
      moduleId: module.id,
      title: "Memo",
      status: "ready",
      content: "<p>First version</p>",
    });
    model.respond((request) =>
      request.lastUserText.includes("regenerated memo about Notice")
        ? { kind: "stream", steps: [{ text: "Second version of the memo." }] }
        : undefined,
    );
    const caller = {
      userId: member.userId,
      sessionId: "test",
      organizationId: member.organizationId,
      role: "Member" as const,
      isSuperadmin: false,
    };
    const { executionId } = await db.transaction((tx) =>
      startExecution({
        db: tx,
        caller,
        module: row!,
        inputs: { focus: "Notice" },
        regeneratesDraftId: draft.id,
      }),
    );
    server.running.worker?.wake();
    const done = await waitFor(
      member,
      executionId,
      (e) => e.status !== "queued" && e.status !== "running",
    );
    expect(done).toMatchObject({ status: "succeeded", draftIds: [draft.id] });
    const [after] = await db.select().from(drafts).where(eq(drafts.id, draft.id));
    expect(after).toMatchObject({
      version: 2,
      status: "ready",
      content: "<p>Second version of the memo.</p>",
    });
    const versions = await db
      .select({
        version: draftVersions.version,
        reason: draftVersions.reason,
        content: draftVersions.content,
      })
      .from(draftVersions)
      .where(eq(draftVersions.draftId, draft.id))
      .orderBy(draftVersions.version);
    expect(versions).toEqual([
      { version: 1, reason: "generated", content: "<p>First version</p>" },
      { version: 2, reason: "regenerated", content: "<p>Second version of the memo.</p>" },
    ]);
    // No second draft was written for the run.
    expect(await db.select().from(drafts).where(eq(drafts.executionId, executionId))).toEqual([]);
  });

  it("stops a built-in run that is cancelled while the model writes", async () => {
    const { member } = await people();
    const db = server.running.services.database.db;
    const module = await insertModule(server, {
      kind: "builtin",
      promptTemplate: "Write a very long memo about {{focus}}.",
      inputs: [{ key: "focus", label: "Focus", type: "text", required: true }],
    });
    model.respond((request) =>
      request.lastUserText.includes("very long memo about Delays")
        ? { kind: "stream", delayMs: 60, steps: [{ text: "word ".repeat(400) }] }
        : undefined,
    );
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "Delays" } },
      member.token,
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await db.select().from(drafts).where(eq(drafts.executionId, executionId));
      if (row?.content.includes("word")) break;
      if (Date.now() > deadline) throw new Error("the draft never started");
      await sleep(50);
    }
    await callFn(server, api.modules.cancelExecution, { executionId }, member.token);
    const until = Date.now() + 15_000;
    let draft = (await db.select().from(drafts).where(eq(drafts.executionId, executionId)))[0];
    while (draft?.status === "pending" && Date.now() < until) {
      await sleep(100);
      draft = (await db.select().from(drafts).where(eq(drafts.executionId, executionId)))[0];
    }
    expect(draft).toMatchObject({ status: "failed", error: "The run was stopped." });
    expect(await execution(member, executionId)).toMatchObject({ status: "cancelled" });
    // The model's stream was closed, not read to the end.
    await expect.poll(() => model.openStreams, { timeout: 5000 }).toBe(0);
  });
});

describe("module runs without a model, and with a 1 s webhook timeout", () => {
  let server: TestServer;
  let automation: FakeAutomation;
  beforeAll(async () => {
    automation = await startFakeAutomation();
    server = await startTestServer("pglite", {
      MODULE_WEBHOOK_ALLOWED_HOSTS: automation.host,
      MODULE_WEBHOOK_TIMEOUT_SECONDS: "1",
    });
  });
  afterAll(async () => {
    await server?.close();
    await automation?.close();
  });

  it("gives up on an automation that does not answer in time, and tries again", async () => {
    const member = await createTestUser(server);
    const module = await insertModule(server, { endpointUrl: `${automation.url}/slow` });
    let hang = true;
    automation.answer = async () => {
      if (hang) await sleep(3000);
      return 202;
    };
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "x" } },
      member.token,
    );
    await automation.waitForRun(executionId);
    hang = false;
    // The first POST was abandoned after 1 s; the worker posts again after its backoff.
    const deadline = Date.now() + 20_000;
    while (automation.received.filter((r) => r.body.executionId === executionId).length < 2) {
      if (Date.now() > deadline) throw new Error("the run was not posted again");
      await sleep(100);
    }
    const run = await callFn(
      server,
      api.modules.getModuleExecutionById,
      { executionId },
      member.token,
    );
    expect(run?.status).toBe("running");
    const [job] = await server.running.services.database.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.payload}->>'executionId' = ${executionId} and ${jobs.kind} = 'module-execution'`,
      );
    await expect
      .poll(async () => {
        const [row] = await server.running.services.database.db
          .select({ status: jobs.status, attempts: jobs.attempts })
          .from(jobs)
          .where(eq(jobs.id, job!.id));
        return row;
      })
      .toEqual({ status: "done", attempts: 2 });
  }, 30_000);

  it("fails the run with a reason the member can act on", async () => {
    const member = await createTestUser(server);
    const module = await insertModule(server, {
      kind: "builtin",
      promptTemplate: "Summarize {{focus}}.",
      inputs: [{ key: "focus", label: "Focus", type: "text", required: true }],
    });
    const { executionId } = await callFn(
      server,
      api.modules.run,
      { moduleId: module.id, inputs: { focus: "x" } },
      member.token,
    );
    const deadline = Date.now() + 15_000;
    let run = await callFn(
      server,
      api.modules.getModuleExecutionById,
      { executionId },
      member.token,
    );
    while ((run?.status === "queued" || run?.status === "running") && Date.now() < deadline) {
      await sleep(100);
      run = await callFn(server, api.modules.getModuleExecutionById, { executionId }, member.token);
    }
    expect(run).toMatchObject({ status: "failed", draftIds: [] });
    expect(run?.error).toContain("No AI model is configured");
  });
});
