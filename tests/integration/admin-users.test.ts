import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { auditLog, users } from "../../src/server/db/schema.ts";
import { createOrganization } from "../../src/server/organizations/create-organization.ts";
import { callFn, callFnError, callFnResult, expectError } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";
import { subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * admin.users.* on PGlite and PostgreSQL (decision 025): superadmins only; the
 * list's filters, search and cursor pages; SPEC 5's user edit messages; the
 * last superadmin; disabling ends sessions and sign-in; audit lines.
 */
describe.each(DB_KINDS)("admin users (%s)", (kind) => {
  let server: TestServer;
  let superadmin: TestUser;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    superadmin = await createTestUser(server, { isSuperadmin: true, firstName: "Sam" });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  const db = () => server.running.services.database.db;
  const page = { numItems: 50, cursor: null };
  const list = (args: Partial<ArgsOf<typeof api.admin.users.list>>, token = superadmin.token) =>
    callFn(server, api.admin.users.list, { paginationOpts: page, ...args }, token);
  const emailsOf = (p: { page: { email: string }[] }) => p.page.map((r) => r.email);
  const editArgs = (userId: string, organizationId: string) => ({
    userId,
    firstName: "",
    lastName: "",
    email: "",
    newPassword: "",
    confirmPassword: "",
    organizationId,
    role: "Member" as const,
    isSuperadmin: false,
  });

  it("refuses every admin.users function to a member and to an organization admin", async () => {
    const member = await createTestUser(server);
    const admin = await createTestUser(server, {
      organizationId: member.organizationId,
      role: "OrganizationAdmin",
    });
    const calls = [
      (t: string) => callFnResult(server, api.admin.users.list, { paginationOpts: page }, t),
      (t: string) => callFnResult(server, api.admin.users.get, { userId: member.userId }, t),
      (t: string) => callFnResult(server, api.admin.users.listOrganizations, {}, t),
      (t: string) =>
        callFnResult(
          server,
          api.admin.users.create,
          {
            firstName: "New",
            lastName: "Person",
            email: `${unique("new")}@example.test`,
            password: "correct horse battery",
            organizationId: member.organizationId,
            role: "Member",
            isSuperadmin: true,
          },
          t,
        ),
      (t: string) =>
        callFnResult(
          server,
          api.admin.users.update,
          { ...editArgs(member.userId, member.organizationId), isSuperadmin: true },
          t,
        ),
      (t: string) =>
        callFnResult(
          server,
          api.admin.users.setDisabled,
          { userId: member.userId, disabled: true },
          t,
        ),
      (t: string) =>
        callFnResult(server, api.admin.users.signOutEverywhere, { userId: member.userId }, t),
    ];
    for (const caller of [member, admin]) {
      for (const call of calls) {
        const result = await call(caller.token);
        expect(result.body.errorData?.code).toBe("FORBIDDEN");
      }
    }
    // Nothing changed.
    const [row] = await db().select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({ isSuperadmin: false, disabled: false });
  });

  it("lists every organization's users by email, with filters, search and cursor pages", async () => {
    const tag = unique("zz").toLowerCase();
    const orgA = await createOrganization({ db: db(), name: unique("Alpha") });
    const orgB = await createOrganization({ db: db(), name: unique("Beta") });
    const create = (
      first: string,
      last: string,
      organizationId: string,
      extra: Partial<ArgsOf<typeof api.admin.users.create>> = {},
    ) =>
      callFn(
        server,
        api.admin.users.create,
        {
          firstName: first,
          lastName: last,
          email: `${tag}-${first.toLowerCase()}@example.test`,
          password: "correct horse battery",
          organizationId,
          role: "Member",
          isSuperadmin: false,
          ...extra,
        },
        superadmin.token,
      );
    const ada = await create("Ada", "Lovelace", orgA.id, { role: "OrganizationAdmin" });
    const bob = await create("Bob", "Stone", orgA.id);
    const cy = await create("Cy", "Lovelace", orgB.id, { isSuperadmin: true });
    await create("Dee", "Park", orgB.id);
    await create("Eve", "Quinn", "", { isSuperadmin: true });
    await callFn(
      server,
      api.admin.users.setDisabled,
      { userId: bob._id, disabled: true },
      superadmin.token,
    );

    expect(ada).toMatchObject({
      organization: { _id: orgA.id, name: orgA.name },
      role: "OrganizationAdmin",
      lastActiveAt: null,
    });
    const all = emailsOf(await list({ search: tag }));
    expect(all).toEqual(["ada", "bob", "cy", "dee", "eve"].map((n) => `${tag}-${n}@example.test`));
    // Search: prefix of the email, first name, last name or full name, any case.
    expect(emailsOf(await list({ search: "lovelace" }))).toEqual([
      `${tag}-ada@example.test`,
      `${tag}-cy@example.test`,
    ]);
    expect(emailsOf(await list({ search: `${tag.toUpperCase()}-D` }))).toEqual([
      `${tag}-dee@example.test`,
    ]);
    expect((await list({ search: "ada love" })).page.map((r) => r._id)).toContain(ada._id);
    // A LIKE wildcard in the search is taken literally.
    expect((await list({ search: `${tag}%` })).page).toEqual([]);
    // Filters.
    expect(emailsOf(await list({ organizationId: orgA.id }))).toEqual([ada.email, bob.email]);
    expect(emailsOf(await list({ search: tag, organizationId: null }))).toEqual([
      `${tag}-eve@example.test`,
    ]);
    expect(emailsOf(await list({ search: tag, role: "OrganizationAdmin" }))).toEqual([ada.email]);
    expect(emailsOf(await list({ search: tag, superadmin: true }))).toEqual([
      cy.email,
      `${tag}-eve@example.test`,
    ]);
    expect(emailsOf(await list({ search: tag, disabled: true }))).toEqual([bob.email]);
    expect(emailsOf(await list({ search: tag, lastActive: "never" }))).toHaveLength(5);
    // Signing in makes a user active.
    await callFn(server, api.auth.signIn, {
      provider: "password",
      params: { email: ada.email, password: "correct horse battery" },
    });
    expect(emailsOf(await list({ search: tag, lastActive: "7d" }))).toEqual([ada.email]);
    expect(emailsOf(await list({ search: tag, lastActive: "never" }))).toHaveLength(4);

    // Cursor pages of 2: every row once, in order.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const next = await list({ search: tag, paginationOpts: { numItems: 2, cursor } });
      seen.push(...emailsOf(next));
      if (next.isDone) break;
      cursor = next.continueCursor;
    }
    expect(seen).toEqual(all);
    expectError(
      await callFnError(
        server,
        api.admin.users.list,
        { paginationOpts: { numItems: 2, cursor: "not a cursor!" } },
        superadmin.token,
      ),
      "INVALID_ARGS",
    );
  });

  it("create: the email is unique ignoring case, with a field error", async () => {
    const email = `${unique("Dup")}@Example.test`;
    const args = {
      firstName: "Dup",
      lastName: "One",
      email,
      password: "correct horse battery",
      organizationId: superadmin.organizationId,
      role: "Member" as const,
      isSuperadmin: false,
    };
    await callFn(server, api.admin.users.create, args, superadmin.token);
    const error = await callFnError(
      server,
      api.admin.users.create,
      { ...args, email: email.toUpperCase() },
      superadmin.token,
    );
    expectError(error, "CONFLICT", "A user with this email address already exists.");
    expect(error.data.field).toBe("email");
    // Only a superadmin may have no organization.
    const noOrg = await callFnError(
      server,
      api.admin.users.create,
      { ...args, email: `${unique("x")}@example.test`, organizationId: "" },
      superadmin.token,
    );
    expect(noOrg.data.issues).toEqual([
      { path: "organizationId", message: "Choose an organization" },
    ]);
  });

  it("update: SPEC 5's message for each field; empty fields keep what is stored", async () => {
    const user = await createTestUser(server, { firstName: "Grace" });
    const base = editArgs(user.userId, user.organizationId);
    const issues = async (args: Partial<typeof base>) =>
      (await callFnError(server, api.admin.users.update, { ...base, ...args }, superadmin.token))
        .data.issues;
    expect(await issues({ firstName: "  " })).toEqual([
      { path: "firstName", message: "First name is required" },
    ]);
    expect(await issues({ lastName: " " })).toEqual([
      { path: "lastName", message: "Last name is required" },
    ]);
    expect(await issues({ email: "grace@" })).toEqual([
      { path: "email", message: "Invalid email address" },
    ]);
    expect(await issues({ newPassword: "short", confirmPassword: "short" })).toEqual([
      { path: "newPassword", message: "Password must be at least 8 characters" },
    ]);
    expect(await issues({ newPassword: "long enough", confirmPassword: "long enougH" })).toEqual([
      { path: "confirmPassword", message: "Passwords don't match" },
    ]);
    expect(await issues({ role: "Owner" as "Member" })).toEqual([
      { path: "role", message: "Role must be Member or OrganizationAdmin" },
    ]);

    // Empty: nothing changes.
    const same = await callFn(server, api.admin.users.update, base, superadmin.token);
    expect(same).toMatchObject({ firstName: "Grace", lastName: "User", email: user.email });

    // A valid edit, with a new password: the user's sessions end; the new password works.
    const email = `${unique("grace")}@example.test`;
    const edited = await callFn(
      server,
      api.admin.users.update,
      {
        ...base,
        firstName: " Grace B. ",
        email,
        newPassword: "a brand new password",
        confirmPassword: "a brand new password",
        role: "OrganizationAdmin",
      },
      superadmin.token,
    );
    expect(edited).toMatchObject({ firstName: "Grace B.", email, role: "OrganizationAdmin" });
    expect((await callFnResult(server, api.users.getMe, {}, user.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
    const signIn = await callFnResult(server, api.auth.signIn, {
      provider: "password",
      params: { email, password: "a brand new password" },
    });
    expect(signIn.body.status).toBe("success");

    // The audit line names what changed, never the password.
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.user_update"), eq(auditLog.targetId, user.userId)));
    expect(line).toMatchObject({ actorUserId: superadmin.userId, targetType: "user" });
    expect(line?.metadata).toMatchObject({
      passwordChanged: true,
      changes: {
        firstName: { from: "Grace", to: "Grace B." },
        role: { from: "Member", to: "OrganizationAdmin" },
      },
    });
    expect(JSON.stringify(line?.metadata)).not.toContain("brand new");

    // Another account's email (any case) is a field error.
    const taken = await callFnError(
      server,
      api.admin.users.update,
      { ...base, email: superadmin.email.toUpperCase() },
      superadmin.token,
    );
    expectError(taken, "CONFLICT", "A user with this email address already exists.");
    expect(taken.data.field).toBe("email");
    // An unknown user is not found.
    expectError(
      await callFnError(
        server,
        api.admin.users.update,
        { ...base, userId: "00000000-0000-4000-8000-000000000000" },
        superadmin.token,
      ),
      "NOT_FOUND",
    );
  });

  it("keeps an enabled superadmin and an organization admin; nobody disables themselves", async () => {
    // Only `superadmin` and those created in this file are superadmins; make `other` the rest.
    const other = await createTestUser(server, { isSuperadmin: true });
    const disableOthers = await db()
      .update(users)
      .set({ disabled: true })
      .where(
        and(
          eq(users.isSuperadmin, true),
          sql`${users.id} not in (${superadmin.userId}, ${other.userId})`,
        ),
      )
      .returning({ id: users.id });
    expectError(
      await callFnError(
        server,
        api.admin.users.setDisabled,
        { userId: superadmin.userId, disabled: true },
        superadmin.token,
      ),
      "CONFLICT",
      "You cannot disable your own account. Another superadmin can disable it.",
    );
    // Demoting one of the two is fine; then the other is the last.
    await callFn(
      server,
      api.admin.users.update,
      { ...editArgs(other.userId, other.organizationId) },
      superadmin.token,
    );
    expectError(
      await callFnError(
        server,
        api.admin.users.update,
        { ...editArgs(superadmin.userId, superadmin.organizationId) },
        superadmin.token,
      ),
      "CONFLICT",
      "This is the last superadmin. Make someone else a superadmin first.",
    );
    // The organization's last admin stays one (decision 021).
    const orgAdmin = await createTestUser(server, { role: "OrganizationAdmin" });
    expectError(
      await callFnError(
        server,
        api.admin.users.setDisabled,
        { userId: orgAdmin.userId, disabled: true },
        superadmin.token,
      ),
      "CONFLICT",
      "The organization's last admin cannot be disabled. Make someone else an admin first.",
    );
    // Put things back for the other tests.
    for (const { id } of disableOthers) {
      await db().update(users).set({ disabled: false }).where(eq(users.id, id));
    }
  });

  it("disabling ends the user's sessions and sockets at once; they cannot sign in; enabling lets them", async () => {
    const user = await createTestUser(server);
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(user.token)).type).toBe("authenticated");
    expect(await subscribeFn(socket, "me", api.users.getMe, {})).toMatchObject({
      type: "query_result",
    });
    const authError = socket.next((m) => m.type === "auth_error");

    const row = await callFn(
      server,
      api.admin.users.setDisabled,
      { userId: user.userId, disabled: true },
      superadmin.token,
    );
    expect(row.disabled).toBe(true);
    expect(await authError).toMatchObject({ errorData: { code: "UNAUTHENTICATED" } });
    expect((await callFnResult(server, api.users.getMe, {}, user.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect(
      (await callFnResult(server, api.auth.signIn, { refreshToken: user.refreshToken })).body
        .errorData?.code,
    ).toBe("UNAUTHENTICATED");
    const signIn = () =>
      callFnResult(server, api.auth.signIn, {
        provider: "password",
        params: { email: user.email, password: user.password },
      });
    expectError(
      await callFnError(server, api.auth.signIn, {
        provider: "password",
        params: { email: user.email, password: user.password },
      }),
      "FORBIDDEN",
    );
    const detail = await callFn(
      server,
      api.admin.users.get,
      { userId: user.userId },
      superadmin.token,
    );
    expect(detail?.sessions).toEqual([]);
    expect(detail?.recentEvents.map((e) => e.action)).toContain("admin.user_disable");

    await callFn(
      server,
      api.admin.users.setDisabled,
      { userId: user.userId, disabled: false },
      superadmin.token,
    );
    expect((await signIn()).body.status).toBe("success");
  });

  it("get: sessions and recent events; sign out everywhere ends every session", async () => {
    const user = await createTestUser(server);
    await callFn(server, api.auth.signIn, {
      provider: "password",
      params: { email: user.email, password: user.password },
    });
    const detail = await callFn(
      server,
      api.admin.users.get,
      { userId: user.userId },
      superadmin.token,
    );
    expect(detail).toMatchObject({
      _id: user.userId,
      email: user.email,
      isMe: false,
      lastActiveAt: expect.any(Number),
    });
    expect(detail?.sessions).toHaveLength(2);
    expect(detail?.recentEvents.filter((e) => e.action === "auth.sign_in")).toHaveLength(2);
    expect(
      await callFn(
        server,
        api.admin.users.signOutEverywhere,
        { userId: user.userId },
        superadmin.token,
      ),
    ).toEqual({ sessionsEnded: 2 });
    expect((await callFnResult(server, api.users.getMe, {}, user.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
    const after = await callFn(
      server,
      api.admin.users.get,
      { userId: user.userId },
      superadmin.token,
    );
    expect(after?.sessions).toEqual([]);
    expect(after?.recentEvents[0]).toMatchObject({
      action: "admin.user_sign_out_everywhere",
      actor: { _id: superadmin.userId },
    });
    // Unknown and malformed ids: null (the page says "not found").
    expect(
      await callFn(
        server,
        api.admin.users.get,
        { userId: "00000000-0000-4000-8000-000000000000" },
        superadmin.token,
      ),
    ).toBeNull();
    expect(
      await callFn(server, api.admin.users.get, { userId: "nope" }, superadmin.token),
    ).toBeNull();
  });

  it("moving a user who owns work in their organization is refused; an empty-handed one moves", async () => {
    const user = await createTestUser(server);
    const target = await createOrganization({ db: db(), name: unique("Target") });
    await callFn(server, api.folders.create, { name: "Mine", parentId: null }, user.token);
    const refused = await callFnError(
      server,
      api.admin.users.update,
      editArgs(user.userId, target.id),
      superadmin.token,
    );
    expectError(refused, "CONFLICT", /still owns 1 folder/);
    const free = await createTestUser(server);
    const moved = await callFn(
      server,
      api.admin.users.update,
      editArgs(free.userId, target.id),
      superadmin.token,
    );
    expect(moved.organization?._id).toBe(target.id);
    // Their sessions ended: what their pages showed belonged to the organization they left.
    expect((await callFnResult(server, api.users.getMe, {}, free.token)).body.errorData?.code).toBe(
      "UNAUTHENTICATED",
    );
  });
});
