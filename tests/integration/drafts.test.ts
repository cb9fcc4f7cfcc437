import { eq } from "drizzle-orm";
import mammoth from "mammoth";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { Executor } from "../../src/server/db/database.ts";
import { documents, drafts, jobs, moduleExecutions, modules } from "../../src/server/db/schema.ts";
import { insertDraft, writeDraftVersion } from "../../src/server/drafts/draft-writes.ts";
import { newId } from "../../src/server/ids.ts";
import { MODULE_EXECUTION_JOB } from "../../src/server/modules/executions/start-execution.ts";
import { callFn, callFnError, callFnRaw, errorOf, expectError } from "../support/call-fn.ts";
import { createFolder } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  rawRequest,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * drafts.* on PGlite and PostgreSQL: a draft is its member's alone (an admin, a superadmin,
 * another member or another organization sees nothing); edits are sanitized and refused when
 * stale; saving writes a real DOCX or PDF into the dossier that is processed like an upload;
 * regenerating queues the module again; the list and the open draft are live.
 */

const CONTRACT_HTML =
  "<h2>Parties</h2><p>The <strong>Supplier</strong> and the <em>Customer</em> agree.</p>" +
  "<ul><li><p>Term: 24 months</p></li><li><p>Notice: 90 days</p></li></ul>" +
  "<table><tbody><tr><th><p>Clause</p></th><th><p>Risk</p></th></tr>" +
  "<tr><td><p>Liability cap</p></td><td><p>High</p></td></tr></tbody></table>";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DB_KINDS)("drafts (%s)", (kind) => {
  let server: TestServer;
  let db: Executor;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // With the worker: saved drafts are processed like any upload.
    server = await startTestServer(kind);
    db = server.running.services.database.db;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  /** An owner, another member, an organization admin and a superadmin of one organization, and an outsider. */
  async function people() {
    const owner = await createTestUser(server);
    const orgId = owner.organizationId;
    const member = await createTestUser(server, { organizationId: orgId });
    const admin = await createTestUser(server, {
      organizationId: orgId,
      role: "OrganizationAdmin",
    });
    const superadmin = await createTestUser(server, { organizationId: orgId, isSuperadmin: true });
    const outsider = await createTestUser(server, {
      role: "OrganizationAdmin",
      isSuperadmin: true,
    });
    return { owner, others: { member, admin, superadmin, outsider } };
  }

  async function moduleRow(name = "Contract summary") {
    const id = newId();
    await db.insert(modules).values({
      id,
      slug: unique("contract-summary"),
      name,
      description: "Summarizes a contract",
      kind: "webhook",
      endpointUrl: "https://automation.example.test/hook",
      isActive: true,
      inputs: [{ key: "focus", label: "Focus", type: "text", required: true }],
    });
    return id;
  }

  async function newDraft(
    user: TestUser,
    options: {
      title?: string;
      content?: string;
      status?: "pending" | "ready";
      moduleId?: string;
    } = {},
  ) {
    let executionId: string | null = null;
    if (options.moduleId) {
      executionId = newId();
      await db.insert(moduleExecutions).values({
        id: executionId,
        organizationId: user.organizationId,
        moduleId: options.moduleId,
        userId: user.userId,
        status: "succeeded",
        inputs: { focus: "liability" },
      });
    }
    return insertDraft(db, {
      organizationId: user.organizationId,
      userId: user.userId,
      executionId,
      moduleId: options.moduleId ?? null,
      title: options.title ?? "Supply agreement summary",
      status: options.status ?? "ready",
      content: options.content ?? CONTRACT_HTML,
    });
  }

  async function draftRow(id: string) {
    const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
    return row!;
  }

  it("lists and shows a draft to its member only, with module, excerpt and versions", async () => {
    const { owner, others } = await people();
    const moduleId = await moduleRow("Contract summary");
    const draft = await newDraft(owner, { moduleId });

    const listed = await callFn(server, api.drafts.list, {}, owner.token);
    expect(listed).toEqual([
      expect.objectContaining({
        _id: draft.id,
        title: "Supply agreement summary",
        status: "ready",
        moduleId,
        moduleName: "Contract summary",
        version: 1,
        excerpt: expect.stringMatching(/^Parties The Supplier and the Customer agree\. Term/),
        savedDocumentId: null,
      }),
    ]);
    const got = await callFn(server, api.drafts.get, { draftId: draft.id }, owner.token);
    expect(got).toMatchObject({
      content: CONTRACT_HTML,
      citations: [],
      hasPreviousVersion: false,
      fileName: null,
    });
    const versions = await callFn(
      server,
      api.drafts.listVersions,
      { draftId: draft.id },
      owner.token,
    );
    expect(versions.map((v) => [v.version, v.reason])).toEqual([[1, "generated"]]);

    for (const [who, user] of Object.entries(others)) {
      expect(await callFn(server, api.drafts.list, {}, user.token), who).toEqual([]);
      expect(
        await callFn(server, api.drafts.get, { draftId: draft.id }, user.token),
        who,
      ).toBeNull();
      const byId = { draftId: draft.id };
      for (const [contract, args] of [
        [api.drafts.listVersions, byId],
        [api.drafts.update, { ...byId, baseVersion: 1, title: "Mine now" }],
        [api.drafts.saveToDossier, { ...byId, folderId: null, format: "docx" }],
        [api.drafts.discard, byId],
        [api.drafts.regenerate, byId],
      ] as const) {
        const result = await callFnRaw(server, contract, args, user.token);
        expectError(errorOf(result), "NOT_FOUND", "Draft was not found.");
      }
    }
    // Nothing changed for the owner.
    expect(await draftRow(draft.id)).toMatchObject({
      title: "Supply agreement summary",
      version: 1,
      status: "ready",
    });
    // An id that is not one, and a missing one, answer like another's draft.
    expect(await callFn(server, api.drafts.get, { draftId: newId() }, owner.token)).toBeNull();
  });

  it("filters by text, status and pending, newest first, discarded only when asked", async () => {
    const { owner } = await people();
    const memo = await newDraft(owner, {
      title: "Employment memo",
      content: "<p>Non-compete clause review</p>",
    });
    await sleep(5);
    const pending = await newDraft(owner, {
      title: "Lease summary",
      content: "",
      status: "pending",
    });
    await sleep(5);
    const nda = await newDraft(owner, {
      title: "NDA review",
      content: "<p>Confidentiality &amp; <em>term</em></p>",
    });
    await callFn(server, api.drafts.discard, { draftId: nda.id }, owner.token);
    const titles = async (filter: Record<string, unknown>) =>
      (await callFn(server, api.drafts.list, filter, owner.token)).map((d) => d.title);

    expect(await titles({})).toEqual(["Lease summary", "Employment memo"]);
    expect(await titles({ status: "discarded" })).toEqual(["NDA review"]);
    expect(await titles({ pending: true })).toEqual(["Lease summary"]);
    expect(await titles({ q: "non-COMPETE" })).toEqual(["Employment memo"]);
    expect(await titles({ q: "lease" })).toEqual(["Lease summary"]);
    // Tags are not text.
    expect(await titles({ q: "<p>" })).toEqual([]);
    expect(await titles({ q: "100%" })).toEqual([]);
    expect(await titles({ status: "ready" })).toEqual(["Employment memo"]);
    // Editing moves a draft to the top.
    await callFn(
      server,
      api.drafts.update,
      { draftId: memo.id, baseVersion: 1, title: "Employment memo v2" },
      owner.token,
    );
    expect(await titles({})).toEqual(["Employment memo v2", "Lease summary"]);
    expect(pending.status).toBe("pending");
  });

  it("saves edits as versions, strips script and refuses stale or wrong edits, losing nothing", async () => {
    const { owner } = await people();
    const draft = await newDraft(owner);
    const edited = await callFn(
      server,
      api.drafts.update,
      {
        draftId: draft.id,
        baseVersion: 1,
        title: "  Supply agreement – reviewed ",
        content:
          '<h2 onclick="steal()">Parties</h2><p>Agreed.<script>alert(1)</script><img src=x onerror="alert(1)">' +
          '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">good</a></p>' +
          '<iframe src="https://evil.test"></iframe><p style="color:red">Styled</p>',
      },
      owner.token,
    );
    expect(edited).toMatchObject({
      title: "Supply agreement – reviewed",
      version: 2,
      hasPreviousVersion: true,
    });
    expect(edited.content).toBe(
      "<h2>Parties</h2><p>Agreed." +
        '<a rel="noopener noreferrer nofollow" target="_blank">bad</a> ' +
        '<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">good</a></p>' +
        "<p>Styled</p>",
    );
    for (const bad of ["<script", "onerror", "onclick", "javascript:", "iframe", "style="]) {
      expect(edited.content).not.toContain(bad);
    }
    const versions = await callFn(
      server,
      api.drafts.listVersions,
      { draftId: draft.id },
      owner.token,
    );
    expect(versions.map((v) => [v.version, v.reason])).toEqual([
      [2, "edited"],
      [1, "generated"],
    ]);
    expect(versions[1]!.content).toBe(CONTRACT_HTML);

    // The runner (or another tab) wrote version 3 meanwhile: an edit from version 2 is refused.
    await writeDraftVersion(db, {
      draft: await draftRow(draft.id),
      content: "<p>Regenerated text</p>",
      reason: "regenerated",
      userId: null,
    });
    const stale = await callFnError(
      server,
      api.drafts.update,
      { draftId: draft.id, baseVersion: 2, content: "<p>My careful edit</p>" },
      owner.token,
    );
    expectError(
      stale,
      "CONFLICT",
      /changed since you started editing \(you edited version 2, it is now at version 3\).*copy your text/,
    );
    expect(await draftRow(draft.id)).toMatchObject({
      version: 3,
      content: "<p>Regenerated text</p>",
    });

    // Bad input: an empty title, a blank draft, a version that is not one.
    expectError(
      await callFnError(
        server,
        api.drafts.update,
        { draftId: draft.id, baseVersion: 3, title: "   " },
        owner.token,
      ),
      "INVALID_ARGS",
      /Title is required/,
    );
    const blank = await callFnError(
      server,
      api.drafts.update,
      { draftId: draft.id, baseVersion: 3, content: "<p> <script>x</script></p>" },
      owner.token,
    );
    expectError(blank, "INVALID_ARGS", "The draft cannot be empty.");
    expect(blank.data).toMatchObject({
      issues: [{ path: "content", message: "The draft cannot be empty." }],
    });
    expectError(
      errorOf(
        await callFnRaw(
          server,
          api.drafts.update,
          { draftId: draft.id, baseVersion: 0 },
          owner.token,
        ),
      ),
      "INVALID_ARGS",
    );
    expect(await draftRow(draft.id)).toMatchObject({
      version: 3,
      content: "<p>Regenerated text</p>",
    });

    // A pending, saved or discarded draft is not edited.
    const pending = await newDraft(owner, { status: "pending", content: "<p>Half</p>" });
    expectError(
      await callFnError(
        server,
        api.drafts.update,
        { draftId: pending.id, baseVersion: 1, title: "X" },
        owner.token,
      ),
      "CONFLICT",
      "This draft is still being generated. Wait until it is ready to edit it.",
    );
    await callFn(server, api.drafts.discard, { draftId: draft.id }, owner.token);
    expectError(
      await callFnError(
        server,
        api.drafts.update,
        { draftId: draft.id, baseVersion: 3, title: "X" },
        owner.token,
      ),
      "CONFLICT",
      "This draft has been discarded and can no longer be edited.",
    );
  });

  async function processed(documentId: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
      if (row && (row.processingStatus === "completed" || row.processingStatus === "failed"))
        return row;
      if (Date.now() > deadline) throw new Error(`document still ${row?.processingStatus}`);
      await sleep(150);
    }
  }

  it("saves a draft into a folder as a real DOCX that is processed like an upload", async () => {
    const { owner, others } = await people();
    const folder = await createFolder(server, owner, "Contracts");
    const draft = await newDraft(owner, { title: "Supply agreement: summary" });

    const { documentId } = await callFn(
      server,
      api.drafts.saveToDossier,
      { draftId: draft.id, folderId: folder._id, format: "docx" },
      owner.token,
    );
    const row = await draftRow(draft.id);
    expect(row).toMatchObject({ status: "saved", savedDocumentId: documentId });
    const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
    expect(document).toMatchObject({
      organizationId: owner.organizationId,
      folderId: folder._id,
      ownerId: owner.userId,
      name: "Supply agreement- summary.docx",
      fileType: "docx",
      storageId: `${owner.organizationId}/${documentId}`,
    });
    const bytes = await server.running.services.storage.getBuffer(document!.storageId, 10_000_000);
    expect(bytes!.subarray(0, 2).toString()).toBe("PK");
    expect(document!.size).toBe(bytes!.length);
    const { value: html } = await mammoth.convertToHtml({ buffer: bytes! });
    expect(html).toMatch(/^<p>Supply agreement: summary<\/p>/);
    expect(html).toContain("<h2>Parties</h2>");
    expect(html).toContain("<strong>Supplier</strong>");
    expect(html).toMatch(/<li>Term: 24 months<\/li>/);
    expect(html).toMatch(
      /<thead><tr><th><p><strong>Clause<\/strong>.*<\/thead><tbody><tr><td><p>Liability cap<\/p><\/td>/,
    );

    const done = await processed(documentId);
    expect(done).toMatchObject({ processingStatus: "completed", processingError: null });
    expect(done.textContent).toContain("Liability cap");
    // It is the member's own document, private until shared (decision 023): another member
    // of the organization does not see it.
    const listed = await callFn(server, api.documents.get, { documentId }, owner.token);
    expect(listed).toMatchObject({ _id: documentId, name: "Supply agreement- summary.docx" });
    expectError(
      await callFnError(server, api.documents.get, { documentId }, others.member.token),
      "NOT_FOUND",
    );

    // Saved once: a second save, an edit, a discard are refused.
    expectError(
      await callFnError(
        server,
        api.drafts.saveToDossier,
        { draftId: draft.id, folderId: null, format: "pdf" },
        owner.token,
      ),
      "CONFLICT",
      "This draft is already saved in the dossier.",
    );
    expectError(
      await callFnError(server, api.drafts.discard, { draftId: draft.id }, owner.token),
      "CONFLICT",
    );
  });

  it("saves a draft at the top level as a real PDF, and refuses another organization's folder", async () => {
    const { owner, others } = await people();
    const long =
      `${CONTRACT_HTML}${"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(1).repeat(1)}</p>`.repeat(
        25,
      );
    const draft = await newDraft(owner, { title: "Lease review", content: long });
    const theirs = await createFolder(server, others.outsider, "Theirs");

    const before = await db
      .select()
      .from(documents)
      .where(eq(documents.organizationId, owner.organizationId));
    expectError(
      await callFnError(
        server,
        api.drafts.saveToDossier,
        { draftId: draft.id, folderId: theirs._id, format: "pdf" },
        owner.token,
      ),
      "NOT_FOUND",
      "Folder not found.",
    );
    const after = await db
      .select()
      .from(documents)
      .where(eq(documents.organizationId, owner.organizationId));
    expect(after.length).toBe(before.length);
    expect((await draftRow(draft.id)).status).toBe("ready");

    const { documentId } = await callFn(
      server,
      api.drafts.saveToDossier,
      { draftId: draft.id, folderId: null, format: "pdf" },
      owner.token,
    );
    const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
    expect(document).toMatchObject({ folderId: null, name: "Lease review.pdf", fileType: "pdf" });
    const bytes = await server.running.services.storage.getBuffer(document!.storageId, 10_000_000);
    expect(bytes!.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes!);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getTitle()).toBe("Lease review");
    const done = await processed(documentId);
    expect(done).toMatchObject({ processingStatus: "completed" });
    expect(done.textContent).toContain("Liability cap");
  });

  it("saves a file result as the file it is, and lets only its member download it", async () => {
    const { owner, others } = await people();
    const storageId = `${owner.organizationId}/${newId()}`;
    const csv = Buffer.from("clause,risk\n9.2,medium\n12.1,high\n");
    await server.running.services.storage.put(storageId, csv, { contentType: "text/csv" });
    const draft = await insertDraft(db, {
      organizationId: owner.organizationId,
      userId: owner.userId,
      executionId: null,
      moduleId: null,
      title: "Risk register",
      status: "ready",
      content: "",
      file: { storageId, name: "risk-register.csv", mimeType: "text/csv", size: csv.length },
    });
    const got = await callFn(server, api.drafts.get, { draftId: draft.id }, owner.token);
    expect(got).toMatchObject({
      fileName: "risk-register.csv",
      fileMimeType: "text/csv",
      fileSize: csv.length,
    });

    const download = (token: string) =>
      rawRequest(server, `/api/drafts/${draft.id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const mine = await download(owner.token);
    expect(mine.httpStatus).toBe(200);
    expect(mine.text).toBe(csv.toString());
    expect(mine.headers.get("content-disposition")).toBe(
      'attachment; filename="risk-register.csv"',
    );
    for (const user of Object.values(others)) {
      expect((await download(user.token)).httpStatus).toBe(404);
    }

    const { documentId } = await callFn(
      server,
      api.drafts.saveToDossier,
      { draftId: draft.id, folderId: null, format: "pdf" },
      owner.token,
    );
    const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
    expect(document).toMatchObject({
      name: "risk-register.csv",
      fileType: "csv",
      size: csv.length,
    });
    const bytes = await server.running.services.storage.getBuffer(document!.storageId, 1_000_000);
    expect(bytes!.toString()).toBe(csv.toString());
    expect((await processed(documentId)).processingStatus).toBe("completed");
  });

  it("regenerates through the module: an execution queued for the draft, which gets it back if the run fails", async () => {
    const { owner } = await people();
    const moduleId = await moduleRow();
    const draft = await newDraft(owner, { moduleId });
    const { executionId } = await callFn(
      server,
      api.drafts.regenerate,
      { draftId: draft.id },
      owner.token,
    );
    const [execution] = await db
      .select()
      .from(moduleExecutions)
      .where(eq(moduleExecutions.id, executionId));
    expect(execution).toMatchObject({
      moduleId,
      userId: owner.userId,
      regeneratesDraftId: draft.id,
      inputs: { focus: "liability" },
    });
    const queued = await db.select().from(jobs).where(eq(jobs.kind, MODULE_EXECUTION_JOB));
    expect(
      queued.some((job) => (job.payload as { executionId?: string }).executionId === executionId),
    ).toBe(true);
    // The worker runs it at once; this module has no endpoint, so the run fails, and a
    // regeneration that ends without a result gives the draft back as it was, saying why.
    let finished = execution!;
    for (
      let i = 0;
      i < 100 && (finished.status === "queued" || finished.status === "running");
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await db
        .select()
        .from(moduleExecutions)
        .where(eq(moduleExecutions.id, executionId));
      finished = row!;
    }
    expect(finished.status).toBe("failed");
    expect(await draftRow(draft.id)).toMatchObject({
      status: "ready",
      version: draft.version,
      error: finished.error,
    });
    // While a draft is being generated, a second regeneration is refused.
    await db.update(drafts).set({ status: "pending" }).where(eq(drafts.id, draft.id));
    expectError(
      await callFnError(server, api.drafts.regenerate, { draftId: draft.id }, owner.token),
      "CONFLICT",
      "This draft is already being generated.",
    );

    // Without a module run, or with a module no longer offered, it says why.
    const plain = await newDraft(owner);
    expectError(
      await callFnError(server, api.drafts.regenerate, { draftId: plain.id }, owner.token),
      "CONFLICT",
      /not written by a module run/,
    );
    const archived = await newDraft(owner, { moduleId: await moduleRow("Old module") });
    await db.update(modules).set({ isActive: false }).where(eq(modules.id, archived.moduleId!));
    expectError(
      await callFnError(server, api.drafts.regenerate, { draftId: archived.id }, owner.token),
      "NOT_FOUND",
      /no longer available to you/,
    );
    expect((await draftRow(archived.id)).status).toBe("ready");
  });

  it("updates the list and the open draft live, for its member only", async () => {
    const { owner, others } = await people();
    const draft = await newDraft(owner, {
      status: "pending",
      content: "<p>The</p>",
      title: "Streaming",
    });
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    await socket.authenticate(owner.token);
    await subscribeFn(socket, "list", api.drafts.list, {});
    await subscribeFn(socket, "open", api.drafts.get, { draftId: draft.id });
    const spy = await TestSocket.open(server.url);
    sockets.push(spy);
    await spy.authenticate(others.admin.token);
    await subscribeFn(spy, "list", api.drafts.list, {});

    // The runner streams into the pending draft.
    const streamed = nextValue(
      socket,
      "open",
      api.drafts.get,
      (d) => d?.content === "<p>The Supplier shall</p>",
    );
    await db
      .update(drafts)
      .set({ content: "<p>The Supplier shall</p>", updatedAt: new Date() })
      .where(eq(drafts.id, draft.id));
    expect((await streamed)?.status).toBe("pending");

    const ready = nextValue(socket, "list", api.drafts.list, (list) => list[0]?.status === "ready");
    await writeDraftVersion(db, {
      draft: await draftRow(draft.id),
      content: "<p>The Supplier shall deliver.</p>",
      reason: "generated",
      userId: null,
      status: "ready",
    });
    expect((await ready)[0]).toMatchObject({
      title: "Streaming",
      version: 2,
      excerpt: "The Supplier shall deliver.",
    });

    const renamed = nextValue(socket, "open", api.drafts.get, (d) => d?.title === "Streamed");
    await callFn(
      server,
      api.drafts.update,
      { draftId: draft.id, baseVersion: 2, title: "Streamed" },
      owner.token,
    );
    expect((await renamed)?.version).toBe(3);
    // The admin's list never showed it.
    await expect(
      nextValue(spy, "list", api.drafts.list, (list) => list.length > 0, 500),
    ).rejects.toThrow();
  });
});
