import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { AdminStats } from "#shared/schemas/admin-stats.ts";
import {
  auditLog,
  documents,
  invitations,
  messages,
  sessions,
  threads,
  usageDaily,
} from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import {
  type CallResult,
  callFn,
  callFnError,
  callFnResult,
  errorOf,
  expectError,
} from "../support/call-fn.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  signInWithPassword,
  startTestServer,
  type TestServer,
  type TestUser,
  tokensOf,
  unique,
} from "../support/server.ts";
import { subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * admin.organizations.* and admin.stats on PGlite and PostgreSQL (decision 026): refused to
 * members and organization admins; an organization created with its first admin, who accepts
 * the invitation; a suspension that ends live sessions and refuses sign-in; restore; the
 * stats' figures on known data; the audit rows.
 */

const PASSWORD = "a new password 42";
const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);

describe.each(DB_KINDS)("admin organizations (%s)", (kind) => {
  let server: TestServer;
  let superadmin: TestUser;

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    superadmin = await createTestUser(server, { isSuperadmin: true });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.running.services.database.db;
  const auditRows = (organizationId: string, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, action)));

  it("refuses every function to a member and to an organization admin (FORBIDDEN)", async () => {
    const member = await createTestUser(server);
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const calls: Array<(token: string) => Promise<unknown>> = [
      (t) => callFnError(server, api.admin.organizations.list, {}, t),
      (t) => callFnError(server, api.admin.organizations.create, { name: unique("X") }, t),
      (t) =>
        callFnError(
          server,
          api.admin.organizations.update,
          { organizationId: admin.organizationId, name: "Mine now" },
          t,
        ),
      (t) =>
        callFnError(
          server,
          api.admin.organizations.suspend,
          { organizationId: admin.organizationId },
          t,
        ),
      (t) =>
        callFnError(
          server,
          api.admin.organizations.restore,
          { organizationId: admin.organizationId },
          t,
        ),
      (t) => callFnError(server, api.admin.stats, { days: 30 }, t),
    ];
    for (const caller of [member, admin]) {
      for (const call of calls) {
        const error = (await call(caller.token)) as Parameters<typeof expectError>[0];
        expectError(error, "FORBIDDEN");
      }
    }
    // Nothing changed.
    const list = await callFn(server, api.admin.organizations.list, {}, superadmin.token);
    const mine = list.find((o) => o._id === admin.organizationId);
    expect(mine?.status).toBe("active");
    expect(mine?.name).not.toBe("Mine now");
  });

  it("creates an organization whose first admin accepts the invitation and is its OrganizationAdmin", async () => {
    const name = unique("Acme");
    const email = `${unique("first")}@example.test`;
    const created = await callFn(
      server,
      api.admin.organizations.create,
      { name, firstAdmin: { firstName: "Ada", lastName: "Lovelace", email } },
      superadmin.token,
    );
    expect(created.name).toBe(name);
    expect(created.slug).toMatch(/^acme-/);
    expect(created.invitation?.status).toBe("invited");
    expect(created.invitation?.emailed).toBe(false);
    expect(created.invitation?.link).toMatch(/\/invite\//);

    const [invitation] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.organizationId, created.organizationId));
    expect(invitation?.role).toBe("OrganizationAdmin");

    const { tokens } = await callFn(server, api.invitations.accept, {
      token: tokenOf(created.invitation!.link!),
      firstName: "Ada",
      lastName: "Lovelace",
      password: PASSWORD,
    });
    const me = await callFn(server, api.organizations.getCurrent, {}, tokens.token);
    expect(me.name).toBe(name);
    expect(me.myRole).toBe("OrganizationAdmin");

    const listed = await callFn(
      server,
      api.admin.organizations.list,
      { search: name.toUpperCase() },
      superadmin.token,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ memberCount: 1, adminCount: 1, pendingInvitations: 0 });

    const [audit] = await auditRows(created.organizationId, "admin.organization.create");
    expect(audit?.actorUserId).toBe(superadmin.userId);
    expect(audit?.metadata).toMatchObject({ name, firstAdmin: { email } });
  });

  it("refuses a first admin whose address has an account in another organization, and a taken slug, creating nothing", async () => {
    const taken = await createTestUser(server);
    const name = unique("Refused");
    const error = await callFnError(
      server,
      api.admin.organizations.create,
      { name, firstAdmin: { firstName: "A", lastName: "B", email: taken.email.toUpperCase() } },
      superadmin.token,
    );
    expectError(error, "INVALID_ARGS", /already has an account/);
    expect(error.data.issues).toEqual([
      { path: "firstAdmin.email", message: expect.stringContaining("one organization") },
    ]);
    const other = await callFn(
      server,
      api.admin.organizations.create,
      { name: unique("Slugged"), slug: unique("slug").toLowerCase() },
      superadmin.token,
    );
    const slugError = await callFnError(
      server,
      api.admin.organizations.create,
      { name, slug: other.slug },
      superadmin.token,
    );
    expectError(slugError, "INVALID_ARGS", /slug is already used/);
    const bad = await callFnError(
      server,
      api.admin.organizations.create,
      { name, slug: "Not A Slug" },
      superadmin.token,
    );
    expectError(bad, "INVALID_ARGS");
    const found = await callFn(
      server,
      api.admin.organizations.list,
      { search: name },
      superadmin.token,
    );
    expect(found).toEqual([]);
  });

  it("renames an organization and changes its slug; an unknown id is not found", async () => {
    const created = await callFn(
      server,
      api.admin.organizations.create,
      { name: unique("Before") },
      superadmin.token,
    );
    const slug = unique("after").toLowerCase();
    const updated = await callFn(
      server,
      api.admin.organizations.update,
      { organizationId: created.organizationId, name: "After", slug },
      superadmin.token,
    );
    expect(updated).toMatchObject({ name: "After", slug });
    expect(await auditRows(created.organizationId, "admin.organization.update")).toHaveLength(1);
    for (const organizationId of [newId(), "not-an-id"]) {
      const error = await callFnError(
        server,
        api.admin.organizations.update,
        { organizationId, name: "Nobody" },
        superadmin.token,
      );
      expectError(error, "NOT_FOUND");
    }
  });

  it("suspends: live sessions end at once, sign-in is refused with a clear message; restore lets them in again", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const insideSuperadmin = await createTestUser(server, {
      organizationId: admin.organizationId,
      isSuperadmin: true,
    });
    const socket = await TestSocket.open(server.url);
    expect((await socket.authenticate(member.token)).type).toBe("authenticated");
    await subscribeFn(socket, "me", api.users.getMe, {});
    const ended = socket.next((m) => m.type === "auth_error", 10_000);

    const suspended = await callFn(
      server,
      api.admin.organizations.suspend,
      { organizationId: admin.organizationId, reason: "Unpaid invoice" },
      superadmin.token,
    );
    expect(suspended).toMatchObject({ status: "suspended", suspendedReason: "Unpaid invoice" });
    expect(suspended.suspendedAt).toEqual(expect.any(Number));

    // The socket heard its session end, and the next call is refused.
    expect((await ended).type).toBe("auth_error");
    expectError(await callFnError(server, api.users.getMe, {}, member.token), "UNAUTHENTICATED");
    expectError(await callFnError(server, api.users.getMe, {}, admin.token), "UNAUTHENTICATED");
    // Refresh tokens no longer work either.
    const refreshed = await callFnResult(server, api.auth.signIn, {
      refreshToken: member.refreshToken,
    });
    expect(errorOf(refreshed).code).toBe("UNAUTHENTICATED");
    // A superadmin of the organization is never locked out.
    const stillIn = await callFn(server, api.users.getMe, {}, insideSuperadmin.token);
    expect(stillIn?.email).toBe(insideSuperadmin.email);

    const refused: CallResult = await signInWithPassword(server, member.email, member.password);
    const refusal = errorOf(refused);
    expect(refusal.code).toBe("FORBIDDEN");
    expect(refusal.message).toMatch(/is suspended, so you cannot sign in/);
    tokensOf(await signInWithPassword(server, insideSuperadmin.email, insideSuperadmin.password));

    const revoked = await db()
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.userId, member.userId));
    expect(revoked.every((s) => s.reason === "organization_suspended")).toBe(true);
    const [audit] = await auditRows(admin.organizationId, "admin.organization.suspend");
    expect(audit?.metadata).toMatchObject({ reason: "Unpaid invoice", sessionsEnded: 2 });
    expect((await auditRows(admin.organizationId, "auth.sign_in_suspended")).length).toBe(1);

    // Suspending again changes nothing.
    await callFn(
      server,
      api.admin.organizations.suspend,
      { organizationId: admin.organizationId },
      superadmin.token,
    );
    expect(await auditRows(admin.organizationId, "admin.organization.suspend")).toHaveLength(1);

    const restored = await callFn(
      server,
      api.admin.organizations.restore,
      { organizationId: admin.organizationId },
      superadmin.token,
    );
    expect(restored).toMatchObject({ status: "active", suspendedAt: null, suspendedReason: null });
    const tokens = tokensOf(await signInWithPassword(server, member.email, member.password));
    expect((await callFn(server, api.users.getMe, {}, tokens.token)).email).toBe(member.email);
    expect(await auditRows(admin.organizationId, "admin.organization.restore")).toHaveLength(1);
    await socket.close();
  }, 60_000);

  it("refuses an invitation of a suspended organization", async () => {
    const created = await callFn(
      server,
      api.admin.organizations.create,
      {
        name: unique("Paused"),
        firstAdmin: { firstName: "P", lastName: "Q", email: `${unique("p")}@example.test` },
      },
      superadmin.token,
    );
    await callFn(
      server,
      api.admin.organizations.suspend,
      { organizationId: created.organizationId },
      superadmin.token,
    );
    const error = await callFnError(server, api.invitations.accept, {
      token: tokenOf(created.invitation!.link!),
      firstName: "P",
      lastName: "Q",
      password: PASSWORD,
    });
    expectError(error, "FORBIDDEN", /is suspended/);
  });

  it("counts known data in admin.stats and the organization's usage", async () => {
    const before = await callFn(server, api.admin.stats, { days: 7 }, superadmin.token);
    const user = await createTestUser(server, { role: "OrganizationAdmin" });
    await insertDocument(server, user, { size: 1000 });
    await insertDocument(server, user, { size: 500 });
    const failing = await insertDocument(server, user, { size: 250 });
    await db()
      .update(documents)
      .set({ processingStatus: "failed" })
      .where(eq(documents.id, failing.id));
    const threadId = `t${newId().replaceAll("-", "")}`;
    await db().insert(threads).values({
      id: threadId,
      organizationId: user.organizationId,
      userId: user.userId,
      title: "Stats",
    });
    const message = (seq: number, role: "user" | "assistant") => ({
      id: `m${newId().replaceAll("-", "")}`,
      organizationId: user.organizationId,
      threadId,
      userId: user.userId,
      role,
      parts: [{ type: "text", text: "hi" }],
      seq,
      modelId: role === "assistant" ? "stats-model" : null,
    });
    await db().insert(messages).values(message(0, "user"));
    const answer = message(1, "assistant");
    await db()
      .insert(messages)
      .values({ ...answer, status: "streaming" });
    // The usage arrives when the stream ends; a later correction counts only its difference.
    await db()
      .update(messages)
      .set({ usage: { inputTokens: 100, outputTokens: 20 }, status: "complete" })
      .where(eq(messages.id, answer.id));
    await db()
      .update(messages)
      .set({ usage: { totalTokens: 130 } })
      .where(eq(messages.id, answer.id));
    // Removing a document lowers the totals, not the day it was added.
    await db().delete(documents).where(eq(documents.id, failing.id));

    const after = await callFn(server, api.admin.stats, { days: 7 }, superadmin.token);
    const diff = (pick: (s: AdminStats) => number) => pick(after) - pick(before);
    expect(after.series).toHaveLength(7);
    expect(after.to).toBe(new Date().toISOString().slice(0, 10));
    expect(diff((s) => s.organizations.total)).toBe(1);
    expect(diff((s) => s.organizations.new)).toBe(1);
    expect(diff((s) => s.documents.total)).toBe(2);
    expect(diff((s) => s.documents.bytes)).toBe(1500);
    expect(diff((s) => s.documents.added)).toBe(3);
    expect(diff((s) => s.documents.bytesAdded)).toBe(1750);
    expect(diff((s) => s.documents.failures)).toBe(1);
    expect(diff((s) => s.chats.threads)).toBe(1);
    expect(diff((s) => s.chats.messages)).toBe(2);
    expect(diff((s) => s.chats.tokens)).toBe(130);
    expect(diff((s) => s.users.activeToday)).toBe(1);
    const today = after.series.at(-1)!;
    expect(today.tokens["stats-model"]).toBe(130);
    expect(after.models.find((m) => m.modelId === "stats-model")?.tokens).toBe(130);

    const list = await callFn(server, api.admin.organizations.list, {}, superadmin.token);
    const row = list.find((o) => o._id === user.organizationId);
    expect(row).toMatchObject({
      documentCount: 2,
      storageBytes: 1500,
      usage: { threads: 1, messages: 2, tokens: 130, activeUsers: 1 },
    });

    // A closed day (before yesterday) is summed over organizations once, then kept.
    const past = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    await db()
      .insert(usageDaily)
      .values({ day: past, organizationId: user.organizationId, metric: "messages", value: 5 });
    const month = await callFn(server, api.admin.stats, { days: 30 }, superadmin.token);
    expect(month.series.find((p) => p.day === past)?.messages).toBe(5);
    expect(month.chats.messages - after.chats.messages).toBe(5);
    await db().update(usageDaily).set({ value: 50 }).where(eq(usageDaily.day, past));
    const kept = await callFn(server, api.admin.stats, { days: 30 }, superadmin.token);
    expect(kept.series.find((p) => p.day === past)?.messages).toBe(5);
  });

  it("answers bad input with a clear error", async () => {
    expectError(
      await callFnError(server, api.admin.stats, { days: 12 as 7 }, superadmin.token),
      "INVALID_ARGS",
      /Days must be one of 7, 30, 90/,
    );
    expectError(
      await callFnError(server, api.admin.organizations.create, { name: "  " }, superadmin.token),
      "INVALID_ARGS",
      /Organization name is required/,
    );
  });
});
