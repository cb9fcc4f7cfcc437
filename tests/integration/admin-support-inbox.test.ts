import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
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
 * The superadmins' support inbox (decision 024) on PGlite and PostgreSQL:
 * every organization's requests, live; answered with support.reply, closed
 * and reopened with admin.support.close / reopen (audited); a member's reply
 * to a closed request reopens it.
 */

describe.each(DB_KINDS)("support inbox (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  const file = (user: TestUser, subject: string) =>
    callFn(
      server,
      api.support.create,
      { subject, message: "The export button does nothing.", severity: "normal" },
      user.token,
    );

  it("lists every organization's requests live, and answers, closes and reopens one", async () => {
    const member = await createTestUser(server, { firstName: "Mia" });
    const other = await createTestUser(server, { firstName: "Otto" });
    const superadmin = await createTestUser(server, { isSuperadmin: true });
    const first = await file(member, "Export does nothing");

    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    await socket.authenticate(superadmin.token);
    const initial = await subscribeFn(socket, "inbox", api.admin.support.list, {});
    expect(initial).toMatchObject({ type: "query_result" });
    const arrived = nextValue(socket, "inbox", api.admin.support.list, (list) =>
      list.some((r) => r.subject === "Cannot sign in"),
    );
    const second = await file(other, "Cannot sign in");
    const live = await arrived;
    const row = live.find((r) => r._id === second._id);
    expect(row).toMatchObject({
      status: "open",
      requester: { userId: other.userId, name: "Otto User", email: other.email },
      organizationId: other.organizationId,
      messageCount: 1,
    });
    // Latest activity first.
    expect(live.findIndex((r) => r._id === second._id)).toBeLessThan(
      live.findIndex((r) => r._id === first._id),
    );

    const mine = await callFn(
      server,
      api.admin.support.list,
      { organizationId: member.organizationId },
      superadmin.token,
    );
    expect(mine.map((r) => r._id)).toEqual([first._id]);

    await callFn(
      server,
      api.support.reply,
      { requestId: first._id, body: "Fixed in today's release." },
      superadmin.token,
    );
    const answered = await callFn(
      server,
      api.admin.support.list,
      { status: "answered", organizationId: member.organizationId },
      superadmin.token,
    );
    expect(answered.map((r) => [r._id, r.messageCount])).toEqual([[first._id, 2]]);

    const closed = await callFn(
      server,
      api.admin.support.close,
      { requestId: first._id },
      superadmin.token,
    );
    expect(closed.status).toBe("closed");
    expect(
      (await callFn(server, api.support.listMine, {}, member.token)).map((r) => r.status),
    ).toEqual(["closed"]);
    const closedList = await callFn(
      server,
      api.admin.support.list,
      { status: "closed" },
      superadmin.token,
    );
    expect(closedList.map((r) => r._id)).toContain(first._id);
    expect(closedList.every((r) => r.status === "closed")).toBe(true);

    // The member writes again: the request is open again.
    await callFn(
      server,
      api.support.reply,
      { requestId: first._id, body: "It is back." },
      member.token,
    );
    expect(
      (await callFn(server, api.support.get, { requestId: first._id }, member.token)).status,
    ).toBe("open");
    await callFn(server, api.admin.support.close, { requestId: first._id }, superadmin.token);
    const reopened = await callFn(
      server,
      api.admin.support.reopen,
      { requestId: first._id },
      superadmin.token,
    );
    expect(reopened.status).toBe("open");

    const { page } = await callFn(
      server,
      api.admin.audit.list,
      {
        filter: { actorUserId: superadmin.userId, organizationId: member.organizationId },
        paginationOpts: { numItems: 10, cursor: null },
      },
      superadmin.token,
    );
    expect(page.map((e) => e.action)).toEqual(["support.reopen", "support.close", "support.close"]);
  });

  it("answers not found for an unknown request, and refuses a bad status", async () => {
    const superadmin = await createTestUser(server, { isSuperadmin: true });
    expectError(
      await callFnError(
        server,
        api.admin.support.close,
        { requestId: crypto.randomUUID() },
        superadmin.token,
      ),
      "NOT_FOUND",
    );
    const error = await callFnError(
      server,
      api.admin.support.list,
      { status: "pending" as never },
      superadmin.token,
    );
    expectError(error, "INVALID_ARGS", /Choose open, answered or closed/);
  });
});
