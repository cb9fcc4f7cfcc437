import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunctionContract } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { AuditEntry } from "#shared/schemas/audit.ts";
import { auditLog, messages, threads } from "../../src/server/db/schema.ts";
import { callFn, callFnError, callFnRaw, errorOf, expectError } from "../support/call-fn.ts";
import { sampleArgs } from "../support/contract-samples.ts";
import { createFolder, insertDocument } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  rawRequest,
  signInWithPassword,
  startTestServer,
  type TestServer,
  type TestUser,
  tokensOf,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * The superadmin area's reads and the audit log (decision 024), on PGlite and
 * PostgreSQL: only superadmins call admin.*; each look at someone's folder,
 * document or thread is an audit line its owner lists; the log filters, pages
 * and exports the same lines; the database refuses to change or delete one;
 * sign-in events are all there.
 */

function contractsIn(tree: object): FunctionContract[] {
  return Object.values(tree).flatMap((value) =>
    value && typeof value === "object" && "kind" in value && "path" in value
      ? [value as FunctionContract]
      : contractsIn(value as object),
  );
}

const ADMIN_CONTRACTS = contractsIn({
  dossier: api.admin.dossier,
  chat: api.admin.chat,
  audit: api.admin.audit,
  support: api.admin.support,
});

describe.each(DB_KINDS)("superadmin looks and the audit log (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  async function socketOf(user: TestUser): Promise<TestSocket> {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    await socket.authenticate(user.token);
    return socket;
  }

  const db = () => server.running.services.database.db;

  async function people() {
    const member = await createTestUser(server, { firstName: "Mia" });
    const admin = await createTestUser(server, {
      organizationId: member.organizationId,
      role: "OrganizationAdmin",
    });
    const superadmin = await createTestUser(server, { isSuperadmin: true, firstName: "Sam" });
    return { member, admin, superadmin };
  }

  /** A thread of `user` with two messages, straight in the database (no model needed). */
  async function insertThread(user: TestUser, title: string): Promise<string> {
    const id = `thread-${crypto.randomUUID()}`;
    await db().insert(threads).values({
      id,
      organizationId: user.organizationId,
      userId: user.userId,
      title,
    });
    await db()
      .insert(messages)
      .values([
        {
          id: `${id}-0`,
          organizationId: user.organizationId,
          threadId: id,
          userId: user.userId,
          role: "user",
          parts: [{ type: "text", text: "Summarize the **lease**" }],
          seq: 0,
        },
        {
          id: `${id}-1`,
          organizationId: user.organizationId,
          threadId: id,
          userId: user.userId,
          role: "assistant",
          parts: [{ type: "text", text: "The lease runs <script>x</script> for 3 years." }],
          seq: 1,
        },
      ]);
    return id;
  }

  const looksOf = (user: TestUser) => callFn(server, api.audit.listLooksAtMe, {}, user.token);

  it("refuses every admin function to a member and an organization admin (FORBIDDEN)", async () => {
    const { member, admin } = await people();
    expect(ADMIN_CONTRACTS.length).toBeGreaterThanOrEqual(9);
    for (const contract of ADMIN_CONTRACTS) {
      const [args] = sampleArgs(contract.args);
      for (const caller of [member, admin]) {
        const error = errorOf(await callFnRaw(server, contract, args, caller.token));
        expect(error.code, contract.path).toBe("FORBIDDEN");
      }
    }
    // And the HTTP routes.
    for (const path of [
      "/api/admin/audit/export?format=csv",
      `/api/admin/documents/${crypto.randomUUID()}/download`,
    ]) {
      const answer = await rawRequest(server, path, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(answer.httpStatus, path).toBe(403);
    }
  });

  it("records each look at a folder, a document and a thread; the owner lists them", async () => {
    const { member, superadmin } = await people();
    const folder = await createFolder(server, member, "Private letters");
    const document = await insertDocument(server, member, {
      folderId: folder._id,
      name: "Letter to HR.txt",
      htmlContent: "<p>Dear HR</p>",
    });
    const threadId = await insertThread(member, "Lease questions");
    expect(await looksOf(member)).toEqual([]);

    const organizations = await callFn(
      server,
      api.admin.dossier.listOrganizations,
      {},
      superadmin.token,
    );
    expect(organizations.find((o) => o._id === member.organizationId)).toMatchObject({
      documentCount: 1,
      folderCount: 1,
      memberCount: 2,
    });

    const top = await callFn(
      server,
      api.admin.dossier.list,
      { organizationId: member.organizationId, folderId: null },
      superadmin.token,
    );
    expect(top.folders.map((f) => [f.name, f.ownerName, f.itemCount])).toEqual([
      ["Private letters", "Mia User", 1],
    ]);
    const inside = await callFn(
      server,
      api.admin.dossier.list,
      { organizationId: member.organizationId, folderId: folder._id },
      superadmin.token,
    );
    expect(inside.breadcrumbs).toEqual([{ _id: folder._id, name: "Private letters" }]);
    expect(inside.documents.map((d) => [d.name, d.ownerName])).toEqual([
      ["Letter to HR.txt", "Mia User"],
    ]);
    const opened = await callFn(
      server,
      api.admin.dossier.getDocument,
      { documentId: document.id },
      superadmin.token,
    );
    expect(opened).toMatchObject({ htmlContent: "<p>Dear HR</p>", folderPath: folder.path });

    const thread = await callFn(server, api.admin.chat.getThread, { threadId }, superadmin.token);
    expect(thread).toMatchObject({ title: "Lease questions", ownerName: "Mia User" });
    expect(thread.messages.map((m) => m.content)).toEqual([
      "Summarize the **lease**",
      "The lease runs <script>x</script> for 3 years.",
    ]);

    // The download is the same look at the document (one line within the window).
    const download = await rawRequest(server, `/api/admin/documents/${document.id}/download`, {
      headers: { authorization: `Bearer ${superadmin.token}` },
    });
    expect(download.httpStatus).toBe(200);
    expect(download.text).toBe(`bytes of ${document.id}`);

    // Opening the same thread again soon (a live re-run, a second tab) is the same look.
    await callFn(server, api.admin.chat.getThread, { threadId }, superadmin.token);

    const looks = await looksOf(member);
    expect(looks.map((l) => [l.action, l.targetType, l.targetName, l.actorName])).toEqual([
      ["admin.look.thread", "thread", "Lease questions", "Sam User"],
      ["admin.look.document", "document", "Letter to HR.txt", "Sam User"],
      ["admin.look.dossier", "folder", folder.path, "Sam User"],
    ]);
    const { page } = await callFn(
      server,
      api.admin.audit.list,
      {
        filter: { actorUserId: superadmin.userId, organizationId: member.organizationId },
        paginationOpts: { numItems: 20, cursor: null },
      },
      superadmin.token,
    );
    expect(page.map((e) => [e.action, e.targetId])).toEqual([
      ["admin.look.thread", threadId],
      ["admin.look.document", document.id],
      ["admin.look.dossier", folder._id],
      ["admin.look.dossier", member.organizationId],
    ]);
    expect(page[0]).toMatchObject({ actorName: "Sam User", subjectUserId: member.userId });

    // Someone else's id, or an unknown one, is not found; nothing is recorded for it.
    expectError(
      await callFnError(
        server,
        api.admin.chat.getThread,
        { threadId: "thread-nobody" },
        superadmin.token,
      ),
      "NOT_FOUND",
    );
    expectError(
      await callFnError(
        server,
        api.admin.dossier.list,
        { organizationId: member.organizationId, folderId: crypto.randomUUID() },
        superadmin.token,
      ),
      "NOT_FOUND",
    );
  });

  it("records a live look once, with its session's address, and shows it to the owner live", async () => {
    const { member, superadmin } = await people();
    const threadId = await insertThread(member, "Live lease questions");
    const memberSocket = await socketOf(member);
    await subscribeFn(memberSocket, "looks", api.audit.listLooksAtMe, {});
    const seen = nextValue(memberSocket, "looks", api.audit.listLooksAtMe, (l) => l.length === 1);

    const adminSocket = await socketOf(superadmin);
    const first = await subscribeFn(adminSocket, "thread", api.admin.chat.getThread, { threadId });
    expect(first).toMatchObject({ type: "query_result" });
    expect((await seen)[0]).toMatchObject({ action: "admin.look.thread", actorName: "Sam User" });

    // The member writes on: the superadmin's view follows, and that is still the same look.
    const grown = nextValue(
      adminSocket,
      "thread",
      api.admin.chat.getThread,
      (t) => t.messages.length === 3,
    );
    await db()
      .insert(messages)
      .values({
        id: `${threadId}-2`,
        organizationId: member.organizationId,
        threadId,
        userId: member.userId,
        role: "user",
        parts: [{ type: "text", text: "And the deposit?" }],
        seq: 2,
      });
    await grown;
    const lines = await db()
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, threadId), eq(auditLog.action, "admin.look.thread")));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.ip).toEqual(expect.any(String));
  });

  it("lists threads across organizations with search and keyset pages", async () => {
    const { member, superadmin } = await people();
    const other = await createTestUser(server);
    const word = `w${Date.now().toString(36)}`;
    const ids = [
      await insertThread(member, `${word} one`),
      await insertThread(other, `${word} two`),
      await insertThread(member, `${word} three_%`),
    ];
    const first = await callFn(
      server,
      api.admin.chat.listThreads,
      { search: word, paginationOpts: { numItems: 2, cursor: null } },
      superadmin.token,
    );
    expect(first.isDone).toBe(false);
    const second = await callFn(
      server,
      api.admin.chat.listThreads,
      { search: word, paginationOpts: { numItems: 2, cursor: first.continueCursor } },
      superadmin.token,
    );
    expect(second.isDone).toBe(true);
    expect([...first.page, ...second.page].map((t) => t._id).sort()).toEqual([...ids].sort());
    const mine = await callFn(
      server,
      api.admin.chat.listThreads,
      {
        organizationId: member.organizationId,
        search: "three_%",
        paginationOpts: { numItems: 10, cursor: null },
      },
      superadmin.token,
    );
    expect(mine.page.map((t) => [t.title, t.messageCount, t.organizationId])).toEqual([
      [`${word} three_%`, 2, member.organizationId],
    ]);
    // A wildcard is a character, not "anything".
    const none = await callFn(
      server,
      api.admin.chat.listThreads,
      { search: `${word} t_o`, paginationOpts: { numItems: 10, cursor: null } },
      superadmin.token,
    );
    expect(none.page).toEqual([]);
  });

  it("filters the log by actor, organization, action and time, and pages it newest first", async () => {
    const { member, superadmin } = await people();
    const organizationId = member.organizationId;
    const base = Date.now() - 3_600_000;
    // Lines with known times (inserting is what the product does too; only changes are refused).
    for (let i = 0; i < 5; i++) {
      await db()
        .insert(auditLog)
        .values({
          id: crypto.randomUUID(),
          organizationId,
          actorUserId: i % 2 === 0 ? member.userId : superadmin.userId,
          action: i < 3 ? "test.alpha" : "test.beta",
          createdAt: new Date(base + i * 60_000),
        });
    }
    const list = (filter: Record<string, unknown>, cursor: string | null = null, numItems = 50) =>
      callFn(
        server,
        api.admin.audit.list,
        { filter, paginationOpts: { numItems, cursor } },
        superadmin.token,
      );
    const byAction = await list({ organizationId, action: "test.alpha" });
    expect(byAction.page.map((e) => e._creationTime)).toEqual([
      base + 120_000,
      base + 60_000,
      base,
    ]);
    const byActor = await list({ organizationId, actorUserId: superadmin.userId });
    expect(byActor.page.map((e) => e.action)).toEqual(["test.beta", "test.alpha"]);
    const byTime = await list({ organizationId, from: base + 60_000, to: base + 180_000 });
    expect(byTime.page.map((e) => e._creationTime)).toEqual([base + 120_000, base + 60_000]);

    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await list({ organizationId, action: undefined }, cursor, 2);
      seen.push(...page.page);
      cursor = page.continueCursor;
      if (page.isDone) break;
    }
    expect(seen.map((e) => e._creationTime)).toEqual(
      [...seen.map((e) => e._creationTime)].sort((a, b) => b - a),
    );
    expect(seen.filter((e) => e.action.startsWith("test.")).length).toBe(5);

    const actions = await callFn(server, api.admin.audit.listActions, {}, superadmin.token);
    expect(actions).toEqual(expect.arrayContaining(["auth.sign_in", "test.alpha", "test.beta"]));

    expectError(
      await callFnError(
        server,
        api.admin.audit.list,
        { filter: { from: base, to: base - 1 }, paginationOpts: { numItems: 5, cursor: null } },
        superadmin.token,
      ),
      "INVALID_ARGS",
      "The start must be before the end",
    );
    expectError(
      await callFnError(
        server,
        api.admin.audit.list,
        { filter: {}, paginationOpts: { numItems: 5, cursor: "not-a-cursor" } },
        superadmin.token,
      ),
      "INVALID_ARGS",
    );
  });

  it("exports the same lines as the list, as CSV (formulas defused) and JSON lines", async () => {
    const { member, superadmin } = await people();
    const organizationId = member.organizationId;
    await db()
      .insert(auditLog)
      .values({
        id: crypto.randomUUID(),
        organizationId,
        actorUserId: member.userId,
        action: "test.formula",
        metadata: { note: 'he said "hi",\nthen left' },
        userAgent: '=HYPERLINK("http://evil")',
      });
    const { page } = await callFn(
      server,
      api.admin.audit.list,
      { filter: { organizationId }, paginationOpts: { numItems: 200, cursor: null } },
      superadmin.token,
    );
    expect(page.length).toBeGreaterThanOrEqual(3);
    const auth = { headers: { authorization: `Bearer ${superadmin.token}` } };

    const csv = await rawRequest(
      server,
      `/api/admin/audit/export?format=csv&organizationId=${organizationId}`,
      auth,
    );
    expect(csv.httpStatus).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="atrium-audit-/);
    const parsed = Papa.parse<Record<string, string>>(csv.text.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((row) => row.id)).toEqual(page.map((e) => e._id));
    const formula = parsed.data.find((row) => row.action === "test.formula");
    expect(formula?.user_agent).toBe('\'=HYPERLINK("http://evil")');
    expect(JSON.parse(formula?.metadata ?? "")).toEqual({ note: 'he said "hi",\nthen left' });

    const jsonl = await rawRequest(
      server,
      `/api/admin/audit/export?format=jsonl&organizationId=${organizationId}`,
      auth,
    );
    expect(jsonl.httpStatus).toBe(200);
    const lines = jsonl.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; action: string; userAgent: string });
    expect(lines.map((l) => l.id)).toEqual(page.map((e) => e._id));
    expect(lines.find((l) => l.action === "test.formula")?.userAgent).toBe(
      '=HYPERLINK("http://evil")',
    );

    const bad = await rawRequest(server, "/api/admin/audit/export?format=xml", auth);
    expect(bad.httpStatus).toBe(400);
    expect(bad.json).toMatchObject({ errorData: { code: "INVALID_ARGS" } });

    // The export is itself in the log.
    const exports = await callFn(
      server,
      api.admin.audit.list,
      {
        filter: { actorUserId: superadmin.userId, action: "admin.audit.export" },
        paginationOpts: { numItems: 10, cursor: null },
      },
      superadmin.token,
    );
    expect(exports.page.length).toBe(2);
  });

  it("refuses UPDATE, DELETE and TRUNCATE on audit_log in the database", async () => {
    const { member } = await people();
    const [line] = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, member.userId))
      .limit(1);
    expect(line).toBeDefined();
    const id = line!.id;
    await expect(
      db().update(auditLog).set({ action: "rewritten" }).where(eq(auditLog.id, id)),
    ).rejects.toThrow();
    await expect(db().delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await db().select().from(auditLog).where(eq(auditLog.id, id));
    expect(still?.action).toBe("auth.sign_in");
  });

  it("logs every sign-in event: success, failure, refresh refused and reused, sign-out", async () => {
    const user = await createTestUser(server);
    expect((await signInWithPassword(server, user.email, "wrong password!")).httpStatus).toBe(560);
    const second = tokensOf(await signInWithPassword(server, user.email, user.password));
    const rotated = tokensOf(
      await callFnRaw(server, api.auth.signIn, { refreshToken: second.refreshToken }),
    );
    // Reusing the rotated token revokes the session; its newest token is then refused.
    await callFnRaw(server, api.auth.signIn, { refreshToken: second.refreshToken });
    await callFnRaw(server, api.auth.signIn, { refreshToken: rotated.refreshToken });
    await callFn(server, api.auth.signOut, {}, user.token);
    const rows = await db()
      .select({ action: auditLog.action, ip: auditLog.ip, metadata: auditLog.metadata })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, user.userId))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => r.action)).toEqual([
      "auth.sign_in",
      "auth.sign_in_failed",
      "auth.sign_in",
      "auth.refresh_token_reuse",
      "auth.refresh_refused",
      "auth.sign_out",
    ]);
    expect(rows.find((r) => r.action === "auth.refresh_refused")?.metadata).toEqual({
      reason: "session_revoked",
    });
    expect(rows.every((r) => typeof r.ip === "string" && r.ip.length > 0)).toBe(true);
  });
});
