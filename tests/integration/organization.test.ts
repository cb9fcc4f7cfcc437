import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { messages, threads } from "../../src/server/db/schema.ts";
import { usageMonths } from "../../src/server/organizations/get-organization-usage.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  unique,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * organizations.* on PGlite and PostgreSQL: renaming and the default model (live on the
 * members' open pages), usage per model per month, and a new member showing up live.
 */
describe.each(DB_KINDS)("organization (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
      OPENAI_COMPATIBLE_MODELS: "local-a,local-b",
    });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  const socketFor = async (token: string) => {
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(token)).type).toBe("authenticated");
    return socket;
  };

  it("renames the organization and sets its default model, live on a member's page", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const socket = await socketFor(member.token);
    await subscribeFn(socket, "org", api.organizations.getCurrent, {});
    const name = unique("Renamed");
    const pushed = nextValue(socket, "org", api.organizations.getCurrent, (o) => o.name === name);
    const updated = await callFn(
      server,
      api.organizations.update,
      { name: `  ${name} `, defaultModelId: "compatible:local-b" },
      admin.token,
    );
    expect(updated).toMatchObject({ name, defaultModelId: "compatible:local-b", memberCount: 2 });
    expect(await pushed).toMatchObject({ name, myRole: "Member", canManage: false });
    const models = await callFn(server, api.models.list, {}, member.token);
    expect(models.organizationModelId).toBe("compatible:local-b");

    expectError(
      await callFnError(
        server,
        api.organizations.update,
        { defaultModelId: "nope:x" },
        admin.token,
      ),
      "INVALID_ARGS",
    );
    const blank = await callFnError(server, api.organizations.update, { name: "  " }, admin.token);
    expectError(blank, "INVALID_ARGS");
    expect(blank.data.issues).toEqual([{ path: "name", message: "Organization name is required" }]);
    const cleared = await callFn(
      server,
      api.organizations.update,
      { defaultModelId: null },
      admin.token,
    );
    expect(cleared).toMatchObject({ name, defaultModelId: null });
  });

  it("counts documents, storage, and chats and tokens per model per month", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const outsider = await createTestUser(server, { role: "OrganizationAdmin" });
    await insertDocument(server, admin, { size: 1000 });
    await insertDocument(server, admin, { size: 2500 });
    await insertDocument(server, outsider, { size: 99 });
    const db = server.running.services.database.db;
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const longAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 8, 15));
    let seq = 0;
    const answer = async (
      threadId: string,
      modelId: string,
      usage: Record<string, number> | null,
      at: Date,
      organizationId = admin.organizationId,
      userId = admin.userId,
    ) =>
      db.insert(messages).values({
        id: unique("msg"),
        organizationId,
        threadId,
        userId,
        role: "assistant",
        parts: [{ type: "text", text: "answer" }],
        seq: seq++,
        modelId,
        usage,
        createdAt: at,
      });
    const thread = async (organizationId: string, userId: string) => {
      const id = unique("thread-xxxx");
      await db.insert(threads).values({ id, organizationId, userId, title: "T" });
      return id;
    };
    const t1 = await thread(admin.organizationId, admin.userId);
    const t2 = await thread(admin.organizationId, admin.userId);
    await answer(t1, "compatible:local-a", { totalTokens: 100 }, now);
    await answer(t1, "compatible:local-a", { inputTokens: 30, outputTokens: 20 }, now);
    await answer(t2, "compatible:local-a", null, now);
    await answer(t2, "compatible:local-b", { totalTokens: 7 }, lastMonth);
    await answer(t2, "compatible:local-b", { totalTokens: 1000 }, longAgo);
    const theirs = await thread(outsider.organizationId, outsider.userId);
    await answer(
      theirs,
      "compatible:local-a",
      { totalTokens: 5000 },
      now,
      outsider.organizationId,
      outsider.userId,
    );

    const usage = await callFn(server, api.organizations.getUsage, {}, admin.token);
    expect(usage.documents).toEqual({ count: 2, bytes: 3500 });
    expect(usage.months.map((m) => m.month)).toEqual(usageMonths(now));
    expect(usage.months.at(-1)?.models).toEqual([
      {
        modelId: "compatible:local-a",
        label: expect.any(String),
        chats: 2,
        answers: 3,
        tokens: 150,
      },
    ]);
    expect(usage.months.at(-2)?.models).toEqual([
      { modelId: "compatible:local-b", label: expect.any(String), chats: 1, answers: 1, tokens: 7 },
    ]);
    expect(usage.months.slice(0, -2).every((m) => m.models.length === 0)).toBe(true);
  });

  it("shows a new member live in an open member list", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const socket = await socketFor(admin.token);
    const first = await subscribeFn(socket, "members", api.members.list, {});
    expect(first.type).toBe("query_result");
    const email = `${unique("joiner")}@example.test`;
    const joined = nextValue(socket, "members", api.members.list, (list) =>
      list.some((m) => m.email === email),
    );
    const [outcome] = await callFn(
      server,
      api.invitations.create,
      { emails: [email], role: "Member" },
      admin.token,
    );
    const token = outcome!.link!.slice(outcome!.link!.lastIndexOf("/") + 1);
    await callFn(server, api.invitations.accept, {
      token,
      firstName: "Jo",
      lastName: "Iner",
      password: "joiner password",
    });
    const list = await joined;
    expect(list.find((m) => m.email === email)).toMatchObject({
      firstName: "Jo",
      role: "Member",
      isMe: false,
      lastActiveAt: expect.any(Number),
    });
  });
});
