import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { sessions, users } from "../../src/server/db/schema.ts";
import { callFnResult } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  signInWithPassword,
  startTestServer,
  type TestServer,
  tokensOf,
} from "../support/server.ts";

/**
 * The identity cache (decision 032): a caller checked once is not read from the database again
 * until the change feed says their session, user or organization changed. Every test first warms
 * the cache (a successful call), changes something, and expects the very next call to see it.
 */

const getMe = (server: TestServer, token: string) =>
  callFnResult(server, api.users.getMe, {}, token);

async function expectSignedOut(server: TestServer, token: string): Promise<void> {
  const me = await getMe(server, token);
  expect(me.httpStatus).toBe(560);
  expect(me.body).toMatchObject({ errorData: { code: "UNAUTHENTICATED" } });
}

/**
 * Another instance hears of a change when PostgreSQL delivers its notification (well under a
 * millisecond on a quiet machine; scheduling can delay it under load): wait for it, briefly.
 */
async function expectSignedOutSoon(server: TestServer, token: string): Promise<void> {
  await expect
    .poll(async () => (await getMe(server, token)).httpStatus, { timeout: 2000, interval: 5 })
    .toBe(560);
}

async function warm(server: TestServer, token: string) {
  for (let i = 0; i < 3; i++) expect((await getMe(server, token)).body.status).toBe("success");
}

describe.each(DB_KINDS)("identity cache (%s)", (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await createTestUser(server, { isSuperadmin: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it("serves a checked caller from memory", async () => {
    const user = await createTestUser(server);
    await warm(server, user.token);
    expect(server.running.services.auth.identities.identity).toBeDefined();
    // The session is cached under its id with the user's own identity.
    const claims = await server.running.services.auth.verifyToken(user.token);
    expect(
      server.running.services.auth.identities.identity(claims.sessionId, user.userId),
    ).toMatchObject({ userId: user.userId, organizationId: user.organizationId, role: "Member" });
  });

  it("a sign-out ends the session at once", async () => {
    const user = await createTestUser(server);
    await warm(server, user.token);
    expect((await callFnResult(server, api.auth.signOut, {}, user.token)).body.status).toBe(
      "success",
    );
    await expectSignedOut(server, user.token);
  });

  it("a superadmin's sign-out-everywhere and disabling a user take effect at once", async () => {
    const user = await createTestUser(server);
    await warm(server, user.token);
    const ended = await callFnResult(
      server,
      api.admin.users.signOutEverywhere,
      { userId: user.userId },
      admin.token,
    );
    expect(ended.body.status).toBe("success");
    await expectSignedOut(server, user.token);

    const second = await createTestUser(server);
    await warm(server, second.token);
    const disabled = await callFnResult(
      server,
      api.admin.users.setDisabled,
      { userId: second.userId, disabled: true },
      admin.token,
    );
    expect(disabled.body.status).toBe("success");
    await expectSignedOut(server, second.token);
  });

  it("a password change ends the user's other sessions at once", async () => {
    const user = await createTestUser(server);
    const other = tokensOf(await signInWithPassword(server, user.email, user.password));
    await warm(server, other.token);
    await warm(server, user.token);
    const changed = await callFnResult(
      server,
      api.users.changePassword,
      { currentPassword: user.password, newPassword: "a brand new passphrase 42" },
      user.token,
    );
    expect(changed.body.status).toBe("success");
    await expectSignedOut(server, other.token);
    expect((await getMe(server, user.token)).body.status).toBe("success");
  });

  it("a role change and a profile change show on the next call", async () => {
    const orgAdmin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: orgAdmin.organizationId });
    await warm(server, member.token);
    const promoted = await callFnResult(
      server,
      api.members.setRole,
      { userId: member.userId, role: "OrganizationAdmin" },
      orgAdmin.token,
    );
    expect(promoted.body.status).toBe("success");
    expect((await getMe(server, member.token)).body).toMatchObject({
      value: { role: "OrganizationAdmin" },
    });
    const renamed = await callFnResult(
      server,
      api.users.updateProfile,
      { firstName: "Renamed", lastName: "Person" },
      member.token,
    );
    expect(renamed.body.status).toBe("success");
    expect((await getMe(server, member.token)).body).toMatchObject({
      value: { firstName: "Renamed", lastName: "Person" },
    });
  });

  it("suspending the organization signs its members out at once; a rename shows at once", async () => {
    const user = await createTestUser(server);
    await warm(server, user.token);
    const slug = `renamed-${Date.now().toString(36)}`;
    const renamed = await callFnResult(
      server,
      api.admin.organizations.update,
      { organizationId: user.organizationId, slug },
      admin.token,
    );
    expect(renamed.body.status).toBe("success");
    expect((await getMe(server, user.token)).body).toMatchObject({
      value: { organization: { slug } },
    });
    const suspended = await callFnResult(
      server,
      api.admin.organizations.suspend,
      { organizationId: user.organizationId },
      admin.token,
    );
    expect(suspended.body.status).toBe("success");
    await expectSignedOut(server, user.token);
  });

  it("a write made outside any function (the CLI, another process) reaches it through the feed", async () => {
    const user = await createTestUser(server);
    await warm(server, user.token);
    const db = server.running.services.database.db;
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.userId));
    await expect.poll(async () => (await getMe(server, user.token)).httpStatus).toBe(560);
  });

  it("stores nothing while the feed is down, and starts afresh when it is back", async () => {
    const user = await createTestUser(server);
    const identities = server.running.services.auth.identities;
    const claims = await server.running.services.auth.verifyToken(user.token);
    identities.detach();
    try {
      await warm(server, user.token);
      expect(identities.identity(claims.sessionId, user.userId)).toBeUndefined();
      const db = server.running.services.database.db;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, claims.sessionId));
      // Read from the database every time: refused at once, with no feed at all.
      await expectSignedOut(server, user.token);
    } finally {
      identities.attach();
    }
  });
});

describe("identity cache across two instances on PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer("postgres");
    b = await startTestServer("postgres", {}, { databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("a session revoked, a user disabled or a password changed on A ends the caller on B", async () => {
    const admin = await createTestUser(a, { isSuperadmin: true });

    const signedOut = await createTestUser(a);
    await warm(b, signedOut.token);
    expect((await callFnResult(a, api.auth.signOut, {}, signedOut.token)).body.status).toBe(
      "success",
    );
    await expectSignedOutSoon(b, signedOut.token);

    const disabled = await createTestUser(a);
    await warm(b, disabled.token);
    const result = await callFnResult(
      a,
      api.admin.users.setDisabled,
      { userId: disabled.userId, disabled: true },
      admin.token,
    );
    expect(result.body.status).toBe("success");
    await expectSignedOutSoon(b, disabled.token);

    const changer = await createTestUser(a);
    const elsewhere = tokensOf(await signInWithPassword(b, changer.email, changer.password));
    await warm(b, elsewhere.token);
    const changed = await callFnResult(
      a,
      api.users.changePassword,
      { currentPassword: changer.password, newPassword: "another new passphrase 7" },
      changer.token,
    );
    expect(changed.body.status).toBe("success");
    await expectSignedOutSoon(b, elsewhere.token);
  });

  it("a profile change on A shows in users.getMe on B", async () => {
    const user = await createTestUser(a);
    await warm(b, user.token);
    await callFnResult(
      a,
      api.users.updateProfile,
      { firstName: "Across", lastName: "B" },
      user.token,
    );
    await expect
      .poll(async () => (await getMe(b, user.token)).body, { timeout: 2000, interval: 5 })
      .toMatchObject({ value: { firstName: "Across", lastName: "B" } });
  });
});
