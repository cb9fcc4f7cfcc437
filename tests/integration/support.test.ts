import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import { insertDocument } from "../support/dossier-fixtures.ts";
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
 * support.* on PGlite and PostgreSQL: a member files a request (optionally
 * about a document they may read), follows its thread live; a superadmin
 * answers (the request is answered, the member notified); the member's reply
 * reopens it; nobody else sees it.
 */

describe.each(DB_KINDS)("support requests (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  async function people() {
    const member = await createTestUser(server, { firstName: "Mia" });
    const orgId = member.organizationId;
    const colleague = await createTestUser(server, { organizationId: orgId });
    const admin = await createTestUser(server, {
      organizationId: orgId,
      role: "OrganizationAdmin",
    });
    // Superadmins answer every organization's requests.
    const superadmin = await createTestUser(server, { isSuperadmin: true });
    const outsider = await createTestUser(server);
    return { member, colleague, admin, superadmin, outsider };
  }

  const create = (user: TestUser, documentId?: string) =>
    callFn(
      server,
      api.support.create,
      {
        subject: "  Citations point to the wrong page ",
        message: "In the NDA, citation [2] opens page 4 instead of page 2.\nCan you look?",
        severity: "high",
        documentId,
      },
      user.token,
    );

  it("runs a request's round trip: create, answer (notified, live), reply (reopened)", async () => {
    const { member, superadmin } = await people();
    const document = await insertDocument(server, member, { name: "NDA.pdf" });
    const request = await create(member, document.id);
    expect(request).toMatchObject({
      subject: "Citations point to the wrong page",
      severity: "high",
      status: "open",
      documentId: document.id,
      documentName: "NDA.pdf",
      messageCount: 1,
    });
    expect(await callFn(server, api.support.listMine, {}, member.token)).toEqual([request]);

    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    await socket.authenticate(member.token);
    const first = await subscribeFn(socket, "thread", api.support.get, {
      requestId: request._id,
    });
    expect(first).toMatchObject({
      type: "query_result",
      value: { status: "open", messages: [{ fromSupport: false, authorName: "Mia User" }] },
    });
    const answered = nextValue(
      socket,
      "thread",
      api.support.get,
      (thread) => thread.messages.length === 2,
    );

    // The superadmin, from another organization, reads and answers it.
    const seen = await callFn(
      server,
      api.support.get,
      { requestId: request._id },
      superadmin.token,
    );
    expect(seen.requester).toEqual({
      userId: member.userId,
      name: "Mia User",
      email: member.email,
    });
    const answer = await callFn(
      server,
      api.support.reply,
      { requestId: request._id, body: "Thanks, Mia. Fixed: citations now open the cited page." },
      superadmin.token,
    );
    expect(answer).toMatchObject({ fromSupport: true, authorName: "Support" });
    const thread = await answered;
    expect(thread.status).toBe("answered");
    expect(thread.messages.map((m) => [m.fromSupport, m.body])).toEqual([
      [false, "In the NDA, citation [2] opens page 4 instead of page 2.\nCan you look?"],
      [true, "Thanks, Mia. Fixed: citations now open the cited page."],
    ]);

    const { page } = await callFn(
      server,
      api.notifications.list,
      { paginationOpts: { numItems: 10, cursor: null } },
      member.token,
    );
    expect(page).toMatchObject([
      {
        kind: "support.answered",
        title: "Support replied: “Citations point to the wrong page”",
        body: "Thanks, Mia. Fixed: citations now open the cited page.",
        link: `/account/support?request=${request._id}`,
        readAt: null,
      },
    ]);

    const followUp = await callFn(
      server,
      api.support.reply,
      { requestId: request._id, body: "Still wrong on page 7." },
      member.token,
    );
    expect(followUp).toMatchObject({ fromSupport: false, authorName: "Mia User" });
    const [listed] = await callFn(server, api.support.listMine, {}, member.token);
    expect(listed).toMatchObject({ status: "open", messageCount: 3 });
    // The requester's own reply notifies no one.
    expect((await callFn(server, api.notifications.unreadCount, {}, member.token)).count).toBe(1);
  });

  it("shows a request to its requester and superadmins only", async () => {
    const { member, colleague, admin, outsider } = await people();
    const request = await create(member);
    for (const other of [colleague, admin, outsider]) {
      expectError(
        await callFnError(server, api.support.get, { requestId: request._id }, other.token),
        "NOT_FOUND",
        "Support request was not found.",
      );
      expectError(
        await callFnError(
          server,
          api.support.reply,
          { requestId: request._id, body: "Hello" },
          other.token,
        ),
        "NOT_FOUND",
      );
      expect(await callFn(server, api.support.listMine, {}, other.token)).toEqual([]);
    }
    const thread = await callFn(server, api.support.get, { requestId: request._id }, member.token);
    expect(thread.messages).toHaveLength(1);
  });

  it("takes only a document the requester may read, and refuses bad input clearly", async () => {
    const { member, outsider } = await people();
    const foreign = await insertDocument(server, outsider, { name: "Theirs.pdf" });
    expectError(
      await callFnError(
        server,
        api.support.create,
        { subject: "Help", message: "About this", severity: "low", documentId: foreign.id },
        member.token,
      ),
      "NOT_FOUND",
      "Document was not found.",
    );
    expectError(
      await callFnError(
        server,
        api.support.create,
        { subject: " ", message: "x", severity: "low" },
        member.token,
      ),
      "INVALID_ARGS",
    );
    const wrongSeverity = await server.call(
      "mutation",
      "support.create",
      { subject: "Help", message: "Text", severity: "critical" },
      member.token,
    );
    expect(wrongSeverity.body).toMatchObject({
      errorData: {
        code: "INVALID_ARGS",
        issues: [{ path: "severity", message: "Choose low, normal, high or urgent" }],
      },
    });
    expectError(
      await callFnError(
        server,
        api.support.reply,
        { requestId: "not-an-id", body: "Hi" },
        member.token,
      ),
      "NOT_FOUND",
    );
    expectError(
      await callFnError(
        server,
        api.support.create,
        { subject: "Long", message: "x".repeat(10_001), severity: "low" },
        member.token,
      ),
      "INVALID_ARGS",
      /message: Message must be at most 10000 characters/,
    );
    // Nothing was filed by the refused calls.
    expect(await callFn(server, api.support.listMine, {}, member.token)).toEqual([]);
  });
});
