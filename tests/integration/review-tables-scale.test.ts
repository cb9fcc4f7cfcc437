import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { WorkflowRun } from "#shared/schemas/workflow.ts";
import {
  notificationPreferences,
  notifications,
  reviewTableCells,
} from "../../src/server/db/schema.ts";
import { findPassages, findPassagesBatch } from "../../src/server/tables/passages.ts";
import { TEST_STEP_LIMIT } from "../../src/server/workflows/test-step.ts";
import { callFn, callFnError } from "../support/call-fn.ts";
import { insertChunk, insertDocument } from "../support/dossier-fixtures.ts";
import { type ModelServer, pollUntil, startModelServer } from "../support/model-server.ts";
import { createTestUser, DB_KINDS, type TestServer, type TestUser } from "../support/server.ts";
import { installTableModel, type TableModel } from "../support/table-model.ts";

/**
 * Review tables at scale and workflows' loose ends (decisions 027, 028,
 * amendments 2026-11-25), on PGlite and PostgreSQL: the filler's batched
 * passage retrieval gives each cell the same passages as one query per cell;
 * cancelling a workflow run stops the filling its table step started; a
 * finished workflow run notifies with its own kind; testing steps is rate
 * limited per member.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DB_KINDS)("review tables at scale, workflow loose ends (%s)", (kind) => {
  let stack: ModelServer;
  let server: TestServer;
  let model: TableModel;

  beforeAll(async () => {
    stack = await startModelServer(kind, {
      models: "table-model",
      env: { TABLE_FILL_CONCURRENCY: "2" },
    });
    server = stack.server;
    model = installTableModel(stack.model);
  }, 120_000);
  afterAll(() => stack?.close());

  const db = () => server.running.services.database.db;

  const waitForRun = (
    user: TestUser,
    runId: string,
    accept: (run: WorkflowRun) => boolean,
    timeoutMs = 30_000,
  ) =>
    pollUntil(() => callFn(server, api.workflows.getRun, { runId }, user.token), accept, {
      what: "run",
      timeoutMs,
    });

  it("retrieves a batch's passages as one query per cell would, the first passages when nothing matches", async () => {
    const member = await createTestUser(server);
    const a = await insertDocument(server, member, { name: "A.pdf" });
    const b = await insertDocument(server, member, { name: "B.pdf" });
    const texts = [
      "The governing law is the law of France.",
      "The fee is 1,250 EUR per month.",
      "Either party may terminate with 90 days' notice.",
      "Signed in Paris on 3 March 2024.",
      "Nothing else of note.",
    ];
    for (const [i, text] of texts.entries()) {
      await insertChunk(server, member, a.id, `${text} (A${i})`, i);
      await insertChunk(server, member, b.id, `Schedule ${i}: ${text}`, i);
    }
    const requests = [
      { documentId: a.id, question: "What is the governing law?" },
      { documentId: b.id, question: "What is the fee?" },
      { documentId: a.id, question: "Who are the parties?" },
      { documentId: b.id, question: "Zebra quokka?" },
      { documentId: a.id, question: "?" },
      { documentId: b.id, question: "notice fee law signed" },
    ];
    const batch = await findPassagesBatch(db(), member.organizationId, requests);
    expect(batch).toHaveLength(requests.length);
    for (const [i, request] of requests.entries()) {
      const one = await findPassages(db(), { organizationId: member.organizationId, ...request });
      expect(batch[i], request.question).toEqual(one);
      expect(batch[i]!.length).toBeGreaterThan(0);
    }
    // Another organization's passages never come back.
    const outsider = await createTestUser(server);
    expect(await findPassagesBatch(db(), outsider.organizationId, requests)).toEqual(
      requests.map(() => []),
    );
  });

  it("stops the table filling when its workflow run is cancelled, and notifies runs with their own kind", async () => {
    const member = await createTestUser(server);
    const docs = [];
    for (let i = 0; i < 6; i++) {
      const doc = await insertDocument(server, member, { name: `Lease ${i}.pdf` });
      await insertChunk(server, member, doc.id, `Lease ${i} is governed by the law of Spain.`);
      docs.push(doc);
    }
    const workflow = await callFn(
      server,
      api.workflows.create,
      {
        name: "Slow table",
        steps: [
          {
            kind: "table",
            title: "Law",
            columns: [
              { question: "What is the governing law?", answerType: "text" },
              { question: "Is it governed by Spanish law?", answerType: "yesNo" },
            ],
          },
        ],
      },
      member.token,
    );
    // Slow answers: two at a time, 1.5 s each; the run is cancelled while most cells wait.
    model.delayMs = 1_500;
    try {
      const { runId } = await callFn(
        server,
        api.workflows.run,
        { slug: workflow.slug, inputs: {}, documentIds: docs.map((d) => d.id) },
        member.token,
      );
      const running = await waitForRun(member, runId, (r) => Boolean(r.steps[0]?.tableId));
      const tableId = running.steps[0]!.tableId!;
      await callFn(server, api.workflows.cancelRun, { runId }, member.token);
      const cancelled = await waitForRun(member, runId, (r) => r.status === "cancelled");
      expect(cancelled.steps[0]!.status).toBe("cancelled");
      const cells = await db()
        .select({ status: reviewTableCells.status })
        .from(reviewTableCells)
        .where(eq(reviewTableCells.tableId, tableId));
      expect(cells).toHaveLength(12);
      expect(cells.filter((c) => c.status === "queued" || c.status === "running")).toEqual([]);
      expect(cells.filter((c) => c.status === "cancelled").length).toBeGreaterThan(0);
      // The answers in flight at the cancel are dropped: nothing becomes queued or done later.
      await sleep(2_500);
      const later = await db()
        .select({ status: reviewTableCells.status })
        .from(reviewTableCells)
        .where(eq(reviewTableCells.tableId, tableId));
      expect(later.map((c) => c.status).sort()).toEqual(cells.map((c) => c.status).sort());
    } finally {
      model.delayMs = 0;
    }

    // A run that ends notifies as "workflow.finished" (its own preference), not as a module run.
    const quick = await callFn(
      server,
      api.workflows.create,
      {
        name: "Quick table",
        steps: [{ kind: "table", columns: [{ question: "Law?", answerType: "text" }] }],
      },
      member.token,
    );
    const { runId } = await callFn(
      server,
      api.workflows.run,
      { slug: quick.slug, inputs: {}, documentIds: [docs[0]!.id] },
      member.token,
    );
    await waitForRun(member, runId, (r) => r.status === "succeeded", 40_000);
    const told = await db()
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, member.userId));
    expect(told).toContainEqual({
      kind: "workflow.finished",
      title: "“Quick table” finished: its draft is ready",
    });
    expect(told.filter((n) => n.kind === "module.finished")).toEqual([]);

    // A member who turned module runs off before workflows had their own kind (their stored
    // choices have no "workflow.finished") is not told of workflow runs either.
    const quiet = await createTestUser(server, { organizationId: member.organizationId });
    await db()
      .insert(notificationPreferences)
      .values({
        userId: quiet.userId,
        organizationId: quiet.organizationId,
        preferences: { "module.finished": "off", "share.received": "inApp" },
      });
    const prefs = await callFn(server, api.notifications.getPreferences, {}, quiet.token);
    expect(prefs.preferences["workflow.finished"]).toBe("off");
  }, 90_000);

  it("sends open tabs only the cells changed since their revision; a changed structure asks for a full read", async () => {
    const member = await createTestUser(server);
    const outsider = await createTestUser(server);
    const docs = [];
    for (let i = 0; i < 3; i++) {
      const doc = await insertDocument(server, member, { name: `Deed ${i}.pdf` });
      await insertChunk(server, member, doc.id, `Deed ${i} is governed by the law of Italy.`);
      docs.push(doc);
    }
    const { tableId } = await callFn(server, api.tables.create, { name: "Deeds" }, member.token);
    await callFn(
      server,
      api.tables.addDocuments,
      { tableId, documentIds: docs.map((d) => d.id) },
      member.token,
    );
    const { columnId } = await callFn(
      server,
      api.tables.addColumn,
      { tableId, question: "What is the governing law?", answerType: "text" },
      member.token,
    );
    // Wait for the fill the column started, then read the table whole.
    const deadline = Date.now() + 30_000;
    let table = await callFn(server, api.tables.get, { tableId }, member.token);
    while (table.table.progress.pending > 0) {
      if (Date.now() > deadline) throw new Error("the table never filled");
      await sleep(200);
      table = await callFn(server, api.tables.get, { tableId }, member.token);
    }
    // The read that saw the fill end may have taken its revision just before the fill's last
    // write (that write's cells then come again, by design): the base is a read after it.
    table = await callFn(server, api.tables.get, { tableId }, member.token);
    const base = table.revision;
    const quiet = await callFn(
      server,
      api.tables.getChanges,
      { tableId, sinceRevision: base },
      member.token,
    );
    // Nothing changed: no progress either (it costs a pass over every cell).
    expect(quiet).toMatchObject({ reset: false, cells: [], progress: null });

    // One correction: one changed cell, from any revision at or before it.
    const rowId = table.rows[1]!._id;
    await callFn(
      server,
      api.tables.setCell,
      { tableId, rowId, columnId, answer: "Italian law" },
      member.token,
    );
    const changed = await callFn(
      server,
      api.tables.getChanges,
      { tableId, sinceRevision: quiet.revision },
      member.token,
    );
    expect(changed.reset).toBe(false);
    // A correction is not counted in the progress (decision 027): 2 of the 2 others answered.
    expect(changed.progress).toMatchObject({ total: 2, done: 2, pending: 0 });
    expect(changed.cells).toEqual([
      expect.objectContaining({
        rowId,
        columnId,
        answer: "Italian law",
        edited: true,
        status: "done",
      }),
    ]);
    const fromBase = await callFn(
      server,
      api.tables.getChanges,
      { tableId, sinceRevision: base },
      member.token,
    );
    expect(fromBase.cells.map((c) => c.rowId)).toEqual([rowId]);
    const after = await callFn(
      server,
      api.tables.getChanges,
      { tableId, sinceRevision: changed.revision },
      member.token,
    );
    expect(after.cells).toEqual([]);

    // A new column (or a rename, a new row) changes what tables.get returns besides cells.
    await callFn(server, api.tables.rename, { tableId, name: "Deeds 2" }, member.token);
    const reset = await callFn(
      server,
      api.tables.getChanges,
      { tableId, sinceRevision: after.revision },
      member.token,
    );
    expect(reset).toMatchObject({ reset: true, cells: [] });
    // An unknown revision is a full read too; someone else's table is not found.
    expect(
      (
        await callFn(
          server,
          api.tables.getChanges,
          { tableId, sinceRevision: "nonsense" },
          member.token,
        )
      ).reset,
    ).toBe(true);
    const hidden = await callFnError(
      server,
      api.tables.getChanges,
      { tableId, sinceRevision: base },
      outsider.token,
    );
    expect(hidden.code).toBe("NOT_FOUND");
  }, 60_000);

  it("limits how many steps a member may test per minute", async () => {
    const member = await createTestUser(server);
    const colleague = await createTestUser(server, { organizationId: member.organizationId });
    const step = { kind: "prompt" as const, prompt: "[rate] Say hello" };
    for (let i = 0; i < TEST_STEP_LIMIT.count; i++) {
      await callFn(server, api.workflows.testStep, { step, inputs: {} }, member.token);
    }
    const refused = await callFnError(
      server,
      api.workflows.testStep,
      { step, inputs: {} },
      member.token,
    );
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.message).toMatch(/Try again in \d+ seconds?/);
    // Another member has their own allowance.
    const answer = await callFn(
      server,
      api.workflows.testStep,
      { step, inputs: {} },
      colleague.token,
    );
    expect(answer.output.length).toBeGreaterThan(0);
  }, 60_000);
});
