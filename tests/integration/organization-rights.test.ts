import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { invitations, organizations, users } from "../../src/server/db/schema.ts";
import { createUser } from "../../src/server/users/create-user.ts";
import { type CallResult, callFn, callFnResult, errorOf } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";

/**
 * The rights matrix of docs/decisions/021-roles-and-organization.md, cell by cell: every
 * function an organization role changes, called by a Member, an OrganizationAdmin, a
 * superadmin (a Member by role, in the same organization) and an admin of another
 * organization. Each cell gets fresh targets (a member to change, an invitation, a prompt).
 */

type Actor = "member" | "admin" | "superadmin" | "otherOrganization";
const ACTORS: Actor[] = ["member", "admin", "superadmin", "otherOrganization"];

/** What a cell expects: success, or an error code (with its message for FORBIDDEN). */
type Expected = "ok" | "NOT_FOUND" | { forbidden: string };

interface Targets {
  /** A member of the organization, to change or remove. */
  victimId: string;
  invitationId: string;
  promptId: string;
}

interface Row {
  fn: string;
  call(server: TestServer, token: string, t: Targets): Promise<CallResult>;
  /** The Member column; the admin and superadmin columns are always "ok". */
  member: Expected;
  /** An admin of another organization: functions with an id find nothing of ours; the others act on their own organization. */
  otherOrganization: Expected;
}

const onlyAdmins = (action: string): Expected => ({
  forbidden: `Only organization admins can ${action}.`,
});

const MATRIX: Row[] = [
  {
    fn: "organizations.getCurrent",
    call: (s, token) => callFnResult(s, api.organizations.getCurrent, {}, token),
    member: "ok",
    otherOrganization: "ok",
  },
  {
    fn: "organizations.update (name)",
    call: (s, token) =>
      callFnResult(s, api.organizations.update, { name: unique("Renamed") }, token),
    member: onlyAdmins("change the organization's settings"),
    otherOrganization: "ok",
  },
  {
    fn: "organizations.update (default model)",
    call: (s, token) => callFnResult(s, api.organizations.update, { defaultModelId: null }, token),
    member: onlyAdmins("change the organization's settings"),
    otherOrganization: "ok",
  },
  {
    fn: "organizations.getUsage",
    call: (s, token) => callFnResult(s, api.organizations.getUsage, {}, token),
    member: onlyAdmins("see the organization's usage"),
    otherOrganization: "ok",
  },
  {
    fn: "models.setOrganizationDefault",
    call: (s, token) =>
      callFnResult(s, api.models.setOrganizationDefault, { modelId: null }, token),
    member: onlyAdmins("set the organization's default model"),
    otherOrganization: "ok",
  },
  {
    fn: "members.list",
    call: (s, token) => callFnResult(s, api.members.list, {}, token),
    member: "ok",
    otherOrganization: "ok",
  },
  {
    fn: "members.setRole",
    call: (s, token, t) =>
      callFnResult(
        s,
        api.members.setRole,
        { userId: t.victimId, role: "OrganizationAdmin" },
        token,
      ),
    member: onlyAdmins("change members' roles"),
    otherOrganization: "NOT_FOUND",
  },
  {
    fn: "members.remove",
    call: (s, token, t) => callFnResult(s, api.members.remove, { userId: t.victimId }, token),
    member: onlyAdmins("remove members"),
    otherOrganization: "NOT_FOUND",
  },
  {
    fn: "invitations.create",
    call: (s, token) =>
      callFnResult(
        s,
        api.invitations.create,
        { emails: [`${unique("new")}@example.test`], role: "Member" },
        token,
      ),
    member: onlyAdmins("invite people"),
    otherOrganization: "ok",
  },
  {
    fn: "invitations.list",
    call: (s, token) => callFnResult(s, api.invitations.list, {}, token),
    member: onlyAdmins("see invitations"),
    otherOrganization: "ok",
  },
  {
    fn: "invitations.resend",
    call: (s, token, t) =>
      callFnResult(s, api.invitations.resend, { invitationId: t.invitationId }, token),
    member: onlyAdmins("resend invitations"),
    otherOrganization: "NOT_FOUND",
  },
  {
    fn: "invitations.revoke",
    call: (s, token, t) =>
      callFnResult(s, api.invitations.revoke, { invitationId: t.invitationId }, token),
    member: onlyAdmins("revoke invitations"),
    otherOrganization: "NOT_FOUND",
  },
  {
    fn: "prompts.listPrompts",
    call: (s, token) => callFnResult(s, api.prompts.listPrompts, {}, token),
    member: "ok",
    otherOrganization: "ok",
  },
  {
    fn: "prompts.create",
    call: (s, token) => callFnResult(s, api.prompts.create, { title: "T", body: "B" }, token),
    member: onlyAdmins("create prompts"),
    otherOrganization: "ok",
  },
  {
    fn: "prompts.createCategory",
    call: (s, token) =>
      callFnResult(s, api.prompts.createCategory, { name: unique("Category") }, token),
    member: onlyAdmins("create categories"),
    otherOrganization: "ok",
  },
  {
    fn: "prompts.update",
    call: (s, token, t) =>
      callFnResult(s, api.prompts.update, { promptId: t.promptId, title: "U", body: "B" }, token),
    member: onlyAdmins("change prompts"),
    otherOrganization: "NOT_FOUND",
  },
  {
    fn: "prompts.reorder",
    call: (s, token, t) => callFnResult(s, api.prompts.reorder, { promptIds: [t.promptId] }, token),
    member: onlyAdmins("change prompts"),
    otherOrganization: "NOT_FOUND",
  },
  {
    fn: "prompts.archive",
    call: (s, token, t) => callFnResult(s, api.prompts.archive, { promptId: t.promptId }, token),
    member: onlyAdmins("change prompts"),
    otherOrganization: "NOT_FOUND",
  },
];

function expectedFor(row: Row, actor: Actor): Expected {
  if (actor === "member") return row.member;
  if (actor === "otherOrganization") return row.otherOrganization;
  return "ok";
}

const CELLS = MATRIX.flatMap((row) =>
  ACTORS.map((actor) => ({ row, actor, expected: expectedFor(row, actor) })),
);

describe.each(DB_KINDS)("organization rights matrix (%s)", (kind) => {
  let server: TestServer;
  const people = {} as Record<Actor, TestUser>;
  let organizationId: string;

  const db = () => server.running.services.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
    people.admin = await createTestUser(server, { role: "OrganizationAdmin" });
    organizationId = people.admin.organizationId;
    people.member = await createTestUser(server, { organizationId });
    people.superadmin = await createTestUser(server, { organizationId, isSuperadmin: true });
    people.otherOrganization = await createTestUser(server, { role: "OrganizationAdmin" });
  });
  afterAll(async () => {
    await server.close();
  });

  async function organizationName() {
    const [org] = await db()
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return org?.name;
  }

  /** A member to change, a pending invitation and a prompt, all of the organization. */
  async function freshTargets(): Promise<Targets> {
    const victim = await createUser({
      db: db(),
      email: `${unique("victim")}@example.test`,
      password: "victim password 1",
      firstName: "Vic",
      lastName: "Tim",
      organizationId,
    });
    const [outcome] = await callFn(
      server,
      api.invitations.create,
      { emails: [`${unique("invited")}@example.test`], role: "Member" },
      people.admin.token,
    );
    const prompt = await callFn(
      server,
      api.prompts.create,
      { title: unique("Prompt"), body: "Body" },
      people.admin.token,
    );
    return { victimId: victim.id, invitationId: outcome!.invitationId!, promptId: prompt._id };
  }

  it.each(CELLS)("$row.fn by $actor: $expected", async ({ row, actor, expected }) => {
    const targets = await freshTargets();
    const nameBefore = await organizationName();
    const result = await row.call(server, people[actor].token, targets);
    if (expected === "ok") {
      expect(result.body.status, JSON.stringify(result.body)).toBe("success");
    } else if (expected === "NOT_FOUND") {
      expect(errorOf(result).code).toBe("NOT_FOUND");
    } else {
      const error = errorOf(result);
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(expected.forbidden);
    }
    // Whatever the outcome, nothing of the organization changed unless an admin asked for it.
    if (expected !== "ok" || actor === "otherOrganization") {
      const [victim] = await db().select().from(users).where(eq(users.id, targets.victimId));
      expect(victim).toMatchObject({ organizationId, role: "Member", disabled: false });
      const [invitation] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.id, targets.invitationId));
      expect(invitation?.revokedAt).toBeNull();
      expect(await organizationName()).toBe(nameBefore);
    }
  });

  it("shows another organization only its own organization, members and invitations", async () => {
    const outsider = people.otherOrganization;
    const org = await callFn(server, api.organizations.getCurrent, {}, outsider.token);
    expect(org._id).toBe(outsider.organizationId);
    const members = await callFn(server, api.members.list, {}, outsider.token);
    expect(members.map((m) => m._id)).not.toContain(people.admin.userId);
    const invited = await callFn(server, api.invitations.list, {}, outsider.token);
    const ours = await callFn(server, api.invitations.list, {}, people.admin.token);
    expect(invited.map((i) => i._id)).not.toEqual(expect.arrayContaining([ours[0]?._id ?? "none"]));
  });

  it("tells each member their role and whether they manage the organization", async () => {
    const member = await callFn(server, api.organizations.getCurrent, {}, people.member.token);
    expect(member).toMatchObject({ myRole: "Member", canManage: false, mailConfigured: false });
    const admin = await callFn(server, api.organizations.getCurrent, {}, people.admin.token);
    expect(admin).toMatchObject({ myRole: "OrganizationAdmin", canManage: true });
    const superadmin = await callFn(
      server,
      api.organizations.getCurrent,
      {},
      people.superadmin.token,
    );
    expect(superadmin).toMatchObject({ myRole: "Member", canManage: true });
  });
});
