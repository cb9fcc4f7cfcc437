import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import {
  documents,
  folders,
  invitations,
  sessions,
  threads,
  users,
} from "../../src/server/db/schema.ts";
import { closeMailTransports } from "../../src/server/mail/send-mail.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
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
import {
  decodedMail,
  invitationLinkIn,
  type LoopbackSmtp,
  startLoopbackSmtp,
} from "../support/smtp.ts";

/**
 * invitations.* and members.* on PGlite and PostgreSQL: inviting many at once, links that
 * expire, are used once, revoked or sent to the wrong person; removing a member with their
 * work transferred or deleted; the last admin kept; and the email through a real SMTP server
 * on loopback, its link followed and accepted.
 */

const PASSWORD = "a new password 42";
const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);
const newEmail = (prefix = "invitee") => `${unique(prefix)}@example.test`;

describe.each(DB_KINDS)("invitations and members (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.running.services.database.db;
  const invite = async (
    admin: TestUser,
    emails: string[],
    role: "Member" | "OrganizationAdmin" = "Member",
  ) => callFn(server, api.invitations.create, { emails, role }, admin.token);
  const inviteOne = async (admin: TestUser, email = newEmail()) => {
    const [outcome] = await invite(admin, [email]);
    return { email, id: outcome!.invitationId!, token: tokenOf(outcome!.link!) };
  };
  const accept = (token: string, firstName = "Ada") =>
    callFn(server, api.invitations.accept, {
      token,
      firstName,
      lastName: "Lovelace",
      password: PASSWORD,
    });
  const acceptError = (token: string) =>
    callFnError(server, api.invitations.accept, {
      token,
      firstName: "Ada",
      lastName: "Lovelace",
      password: PASSWORD,
    });

  it("invites many addresses at once: deduplicated, members and pending ones reported, links to copy", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const pending = await inviteOne(admin);
    const a = newEmail("a");
    const b = newEmail("b");
    const outcomes = await invite(
      admin,
      [a, b, a.toUpperCase(), member.email.toUpperCase(), pending.email],
      "OrganizationAdmin",
    );
    expect(outcomes.map((o) => [o.email, o.status])).toEqual([
      [a, "invited"],
      [b, "invited"],
      [member.email.toUpperCase(), "alreadyMember"],
      [pending.email, "alreadyInvited"],
    ]);
    for (const o of outcomes.slice(0, 2)) {
      expect(o.emailed).toBe(false);
      expect(o.message).toBe(
        "Email is not configured on this server, copy the link and send it yourself.",
      );
      expect(o.link?.startsWith(`${server.url}/invite/`)).toBe(true);
      expect(tokenOf(o.link!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(outcomes[2]).toMatchObject({ link: null, invitationId: null });
    // Only the hash of a token is stored.
    const [row] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.id, outcomes[0]!.invitationId!));
    expect(row?.tokenHash).not.toContain(tokenOf(outcomes[0]!.link!));
    expect(row).toMatchObject({ role: "OrganizationAdmin", sendCount: 0, lastSentAt: null });
    const listed = await callFn(server, api.invitations.list, {}, admin.token);
    expect(
      listed
        .filter((i) => i.status === "pending")
        .map((i) => i.email)
        .sort(),
    ).toEqual([a, b, pending.email].sort());
    // Addresses are validated one by one, and nothing is invited when one is wrong.
    const bad = await callFnError(
      server,
      api.invitations.create,
      { emails: [newEmail(), "not an email"], role: "Member" },
      admin.token,
    );
    expectError(bad, "INVALID_ARGS");
    expect(bad.data.issues).toEqual([{ path: "emails.1", message: "Invalid email address" }]);
    expect((await callFn(server, api.invitations.list, {}, admin.token)).length).toBe(
      listed.length,
    );
  });

  it("accepting creates a member who is signed in and can sign in again; the link works once", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const { email, token } = await inviteOne(admin);
    expect(await callFn(server, api.invitations.get, { token })).toEqual({
      status: "valid",
      organizationName: expect.any(String),
      email,
      role: "Member",
      accountExists: false,
    });
    const { tokens } = await accept(token);
    const me = await callFn(server, api.users.getMe, {}, tokens.token);
    expect(me).toMatchObject({
      email,
      firstName: "Ada",
      role: "Member",
      organizationId: admin.organizationId,
    });
    tokensOf(await signInWithPassword(server, email, PASSWORD));
    const members = await callFn(server, api.members.list, {}, admin.token);
    expect(members.find((m) => m.email === email)).toMatchObject({
      role: "Member",
      disabled: false,
    });
    // The admin who invited is told.
    const told = await callFn(
      server,
      api.notifications.list,
      { paginationOpts: { numItems: 10, cursor: null } },
      admin.token,
    );
    expect(told.page.map((n) => [n.kind, n.title])).toContainEqual([
      "invitation.accepted",
      `${email} joined the organization`,
    ]);

    expect(await callFn(server, api.invitations.get, { token })).toEqual({ status: "accepted" });
    const reused = await acceptError(token);
    expectError(reused, "CONFLICT", "This invitation has already been used. Sign in instead.");
    expect(reused.data.reason).toBe("accepted");
    const [row] = await db().select().from(invitations).where(eq(invitations.email, email));
    expect(row?.acceptedBy).toBe(me._id);
  });

  it("refuses expired, revoked and invalid links distinctly; resending makes a new link", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const expired = await inviteOne(admin);
    await db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.id));
    expect(await callFn(server, api.invitations.get, { token: expired.token })).toEqual({
      status: "expired",
    });
    const expiredError = await acceptError(expired.token);
    expectError(expiredError, "CONFLICT", /expired/);
    expect(expiredError.data.reason).toBe("expired");

    const resent = await callFn(
      server,
      api.invitations.resend,
      { invitationId: expired.id },
      admin.token,
    );
    expect(resent).toMatchObject({ status: "invited", emailed: false, invitationId: expired.id });
    expect(await callFn(server, api.invitations.get, { token: expired.token })).toEqual({
      status: "invalid",
    });
    expect(
      await callFn(server, api.invitations.get, { token: tokenOf(resent.link!) }),
    ).toMatchObject({ status: "valid" });

    const revoked = await inviteOne(admin);
    const view = await callFn(
      server,
      api.invitations.revoke,
      { invitationId: revoked.id },
      admin.token,
    );
    expect(view.status).toBe("revoked");
    expect(await callFn(server, api.invitations.get, { token: revoked.token })).toEqual({
      status: "revoked",
    });
    const revokedError = await acceptError(revoked.token);
    expectError(revokedError, "CONFLICT", /withdrawn/);
    expect(revokedError.data.reason).toBe("revoked");
    expectError(
      await callFnError(server, api.invitations.resend, { invitationId: revoked.id }, admin.token),
      "CONFLICT",
    );

    const invalid = await acceptError("x".repeat(43));
    expectError(invalid, "NOT_FOUND", /not valid/);
    expect(invalid.data.reason).toBe("invalid");
    expect(await callFn(server, api.invitations.get, { token: "nonsense" })).toEqual({
      status: "invalid",
    });
  });

  it("keeps invitations to their organization and their address", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const otherAdmin = await createTestUser(server, { role: "OrganizationAdmin" });
    const invited = await inviteOne(admin);
    for (const fn of [api.invitations.resend, api.invitations.revoke]) {
      expectError(
        await callFnError(server, fn, { invitationId: invited.id }, otherAdmin.token),
        "NOT_FOUND",
      );
    }
    // A signed-in account of another organization, even with the invited address, is refused.
    const withOrg = await inviteOne(admin, otherAdmin.email);
    expect(await callFn(server, api.invitations.get, { token: withOrg.token })).toMatchObject({
      accountExists: true,
    });
    const joined = await callFnError(
      server,
      api.invitations.acceptExisting,
      { token: withOrg.token },
      otherAdmin.token,
    );
    expectError(joined, "CONFLICT", /already belongs to another organization/);
    expect(joined.data.reason).toBe("has_organization");
    const exists = await acceptError(withOrg.token);
    expectError(exists, "CONFLICT", /already exists/);
    expect(exists.data.reason).toBe("account_exists");
    // Another address than the invited one is refused.
    const mismatch = await callFnError(
      server,
      api.invitations.acceptExisting,
      { token: invited.token },
      otherAdmin.token,
    );
    expectError(mismatch, "FORBIDDEN", new RegExp(`This invitation is for ${invited.email}`));
    expect(mismatch.data.reason).toBe("email_mismatch");
    const [still] = await db().select().from(users).where(eq(users.id, otherAdmin.userId));
    expect(still?.organizationId).toBe(otherAdmin.organizationId);
  });

  it("lets a signed-in account without an organization join with acceptExisting", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const email = newEmail("loner");
    await createUser({
      db: db(),
      email,
      password: PASSWORD,
      firstName: "Lo",
      lastName: "Ner",
      organizationId: null,
    });
    const { token } = tokensOf(await signInWithPassword(server, email, PASSWORD));
    const invited = await inviteOne(admin, email.toUpperCase());
    expect(
      await callFn(server, api.invitations.acceptExisting, { token: invited.token }, token),
    ).toEqual({
      organizationId: admin.organizationId,
      organizationName: expect.any(String),
    });
    expect(await callFn(server, api.users.getMe, {}, token)).toMatchObject({
      organizationId: admin.organizationId,
      role: "Member",
    });
    expect(await callFn(server, api.invitations.get, { token: invited.token })).toEqual({
      status: "accepted",
    });
  });

  /** A member who owns a folder with a document, a document at the top, and a thread. */
  async function memberWithWork(admin: TestUser) {
    const member = await createTestUser(server, {
      organizationId: admin.organizationId,
      firstName: "Leaving",
    });
    const folder = await callFn(
      server,
      api.folders.create,
      { name: unique("Theirs") },
      member.token,
    );
    const inFolder = await insertDocument(server, member, { folderId: folder._id });
    const top = await insertDocument(server, member);
    const thread = await callFn(server, api.threads.create, {}, member.token);
    return { member, folder, inFolder, top, thread };
  }

  async function expectSignedOut(member: TestUser) {
    expectError(await callFnError(server, api.users.getMe, {}, member.token), "UNAUTHENTICATED");
    const again = await signInWithPassword(server, member.email, member.password);
    expect(again.body.status).toBe("error");
    const live = await db().select().from(sessions).where(eq(sessions.userId, member.userId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  }

  it("removes a member with their work transferred to another member", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const { member, folder, inFolder, top, thread } = await memberWithWork(admin);
    const removed = await callFn(
      server,
      api.members.remove,
      { userId: member.userId, transferToUserId: admin.userId },
      admin.token,
    );
    expect(removed).toEqual({
      userId: member.userId,
      transferredTo: admin.userId,
      documents: 2,
      folders: 1,
      threads: 1,
    });
    await expectSignedOut(member);
    const docs = await db().select().from(documents).where(eq(documents.ownerId, admin.userId));
    expect(docs.map((d) => d.id).sort()).toEqual([inFolder.id, top.id].sort());
    const [dir] = await db().select().from(folders).where(eq(folders.id, folder._id));
    expect(dir?.ownerId).toBe(admin.userId);
    const chats = await callFn(server, api.threads.list, {}, admin.token);
    expect(chats.map((t) => t._id)).toContain(thread._id);
    const members = await callFn(server, api.members.list, {}, admin.token);
    expect(members.map((m) => m._id)).not.toContain(member.userId);
    // The account stays (authorship), out of the organization and disabled.
    const [row] = await db().select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({ organizationId: null, disabled: true, role: "Member" });
    // Transferring to someone outside the organization is "not found".
    const other = await createTestUser(server, { organizationId: admin.organizationId });
    const outsider = await createTestUser(server);
    expectError(
      await callFnError(
        server,
        api.members.remove,
        { userId: other.userId, transferToUserId: outsider.userId },
        admin.token,
      ),
      "NOT_FOUND",
    );
  });

  it("removes a member with their work deleted, keeping others' documents in their folders", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const { member, folder, inFolder, top, thread } = await memberWithWork(admin);
    const emptyFolder = await callFn(
      server,
      api.folders.create,
      { name: unique("Empty") },
      member.token,
    );
    const shared = await callFn(
      server,
      api.folders.create,
      { name: unique("Shared") },
      member.token,
    );
    const adminsDoc = await insertDocument(server, admin, { folderId: shared._id });
    const removed = await callFn(
      server,
      api.members.remove,
      { userId: member.userId },
      admin.token,
    );
    expect(removed).toMatchObject({ transferredTo: null, documents: 2, folders: 2, threads: 1 });
    await expectSignedOut(member);
    const left = await db()
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.organizationId, admin.organizationId));
    expect(left.map((d) => d.id)).toEqual([adminsDoc.id]);
    const dirs = await db()
      .select()
      .from(folders)
      .where(eq(folders.organizationId, admin.organizationId));
    expect(dirs.map((d) => [d.id, d.ownerId])).toEqual([[shared._id, null]]);
    expect(dirs.map((d) => d.id)).not.toContain(folder._id);
    expect(dirs.map((d) => d.id)).not.toContain(emptyFolder._id);
    expect(await db().select().from(threads).where(eq(threads.id, thread._id))).toEqual([]);
    expect([inFolder.id, top.id]).not.toContain(adminsDoc.id);
  });

  it("never leaves the organization without an admin, and an admin cannot remove themselves", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const superadmin = await createTestUser(server, {
      organizationId: admin.organizationId,
      isSuperadmin: true,
    });
    expectError(
      await callFnError(
        server,
        api.members.setRole,
        { userId: admin.userId, role: "Member" },
        admin.token,
      ),
      "CONFLICT",
      "This is the organization's last admin. Make someone else an admin first.",
    );
    expectError(
      await callFnError(server, api.members.remove, { userId: admin.userId }, superadmin.token),
      "CONFLICT",
      "The organization's last admin cannot be removed. Make someone else an admin first.",
    );
    expectError(
      await callFnError(server, api.members.remove, { userId: admin.userId }, admin.token),
      "CONFLICT",
      "You cannot remove yourself. Another organization admin can remove you.",
    );
    const second = await createTestUser(server, { organizationId: admin.organizationId });
    expect(
      await callFn(
        server,
        api.members.setRole,
        { userId: second.userId, role: "OrganizationAdmin" },
        admin.token,
      ),
    ).toMatchObject({ _id: second.userId, role: "OrganizationAdmin" });
    // Two admins demoting each other at once: one of them stays an admin.
    const results = await Promise.allSettled([
      callFn(server, api.members.setRole, { userId: second.userId, role: "Member" }, admin.token),
      callFn(server, api.members.setRole, { userId: admin.userId, role: "Member" }, second.token),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = (await callFn(server, api.members.list, {}, superadmin.token)).filter(
      (m) => m.role === "OrganizationAdmin",
    );
    expect(admins).toHaveLength(1);
  });

  it("rate-limits attempts with links from one address", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const { token } = await inviteOne(admin);
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      const error = await acceptError(`${"y".repeat(40)}${String(i).padStart(3, "0")}`);
      limited = error.code === "RATE_LIMITED";
      if (limited)
        expect(error.message).toMatch(
          /^Too many invitation attempts\. Try again in \d+ minutes?\.$/,
        );
    }
    expect(limited).toBe(true);
    // Even a good link waits now.
    expectError(await acceptError(token), "RATE_LIMITED");
  });
});

describe.each(DB_KINDS)("invitation email through SMTP (%s)", (kind) => {
  let smtp: LoopbackSmtp;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Atrium <atrium@example.test>",
      PUBLIC_URL: "http://atrium.example.test",
    });
  });
  afterAll(async () => {
    await server.close();
    await closeMailTransports();
    await smtp.close();
  });

  it("emails the link, which is then followed and accepted", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin", firstName: "Grace" });
    expect(await callFn(server, api.organizations.getCurrent, {}, admin.token)).toMatchObject({
      mailConfigured: true,
    });
    const email = newEmail("mailed");
    const [outcome] = await callFn(
      server,
      api.invitations.create,
      { emails: [email], role: "OrganizationAdmin" },
      admin.token,
    );
    expect(outcome).toMatchObject({ status: "invited", emailed: true, message: null });
    const mail = await smtp.waitForMail(email);
    expect(mail.from).toBe("atrium@example.test");
    const body = decodedMail(mail.raw);
    expect(body).toMatch(/Subject: Grace User invited you to .+ on Atrium/);
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    const link = invitationLinkIn(mail.raw);
    expect(link).toBe(outcome!.link);
    expect(link.startsWith("http://atrium.example.test/invite/")).toBe(true);

    const token = tokenOf(link);
    expect(await callFn(server, api.invitations.get, { token })).toMatchObject({
      status: "valid",
      role: "OrganizationAdmin",
      email,
    });
    const { tokens } = await callFn(server, api.invitations.accept, {
      token,
      firstName: "Mail",
      lastName: "Reader",
      password: PASSWORD,
    });
    expect(await callFn(server, api.users.getMe, {}, tokens.token)).toMatchObject({
      email,
      role: "OrganizationAdmin",
    });
    const [listed] = (await callFn(server, api.invitations.list, {}, admin.token)).filter(
      (i) => i.email === email,
    );
    expect(listed).toMatchObject({
      status: "accepted",
      sendCount: 1,
      lastSentAt: expect.any(Number),
      invitedBy: "Grace User",
    });

    // A refused mail is reported with its link to copy; the addresses after it are not tried.
    const refused = await callFn(
      server,
      api.invitations.create,
      { emails: [newEmail("refused"), newEmail("after")], role: "Member" },
      admin.token,
    );
    for (const r of refused) {
      expect(r).toMatchObject({
        status: "invited",
        emailed: false,
        message: "The email could not be sent; copy the link and send it yourself.",
      });
      expect(r.link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    }

    // Resending emails a new link.
    const again = newEmail("again");
    const [second] = await callFn(
      server,
      api.invitations.create,
      { emails: [again], role: "Member" },
      admin.token,
    );
    const resent = await callFn(
      server,
      api.invitations.resend,
      { invitationId: second!.invitationId! },
      admin.token,
    );
    expect(resent.emailed).toBe(true);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(again)).length).toBe(2);
    const links = smtp.mails
      .filter((m) => m.to.includes(again))
      .map((m) => invitationLinkIn(m.raw));
    expect(links[1]).toBe(resent.link);
    expect(links[0]).not.toBe(links[1]);
  });
});
