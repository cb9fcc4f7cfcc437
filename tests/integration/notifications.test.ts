import { eq } from "drizzle-orm";
import { type SMTPServer as SmtpServerType, SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import type { Services } from "../../src/server/api/context.ts";
import { documents, jobs, notifications } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { enqueueProcessing } from "../../src/server/ingest/enqueue-processing.ts";
import { EMAIL_DIGEST_JOB, notify } from "../../src/server/notifications/notify.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import { txtFixture } from "../support/fixtures.ts";
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
 * notifications.* and notify() on PGlite and PostgreSQL: processing a document
 * tells its uploader; each member's preferences decide (off, in app, email); a
 * member reads and marks only their own; pages; bad input; and the email
 * digest through a loopback SMTP server (200 notifications, one email).
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(100);
  }
}

/** A document exactly as an upload leaves it (blob stored unless told, row pending, job queued). */
async function upload(services: Services, user: TestUser, name: string, storeBlob = true) {
  const file = txtFixture();
  const id = newId();
  const storageId = `${user.organizationId}/${id}`;
  if (storeBlob) await services.storage.put(storageId, file.bytes, { contentType: file.mimeType });
  await services.database.db.transaction(async (tx) => {
    await tx.insert(documents).values({
      id,
      organizationId: user.organizationId,
      ownerId: user.userId,
      storageId,
      name,
      fileNameOriginal: name,
      fileType: file.fileType,
      mimeType: file.mimeType,
      size: file.bytes.length,
    });
    await enqueueProcessing(tx, { organizationId: user.organizationId, documentId: id });
  });
  return id;
}

const firstPage = (server: TestServer, user: TestUser, numItems = 50) =>
  callFn(
    server,
    api.notifications.list,
    { paginationOpts: { numItems, cursor: null } },
    user.token,
  );

describe.each(DB_KINDS)("notifications (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  const services = () => server.running.services;
  const ping = (user: TestUser, title: string) =>
    notify(services().database.db, {
      organizationId: user.organizationId,
      userId: user.userId,
      kind: "support.answered",
      title,
      link: "/account/support",
    });

  it("tells the uploader, live, when a document is processed or fails", async () => {
    const owner = await createTestUser(server);
    const colleague = await createTestUser(server, { organizationId: owner.organizationId });
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    await socket.authenticate(owner.token);
    const first = await subscribeFn(socket, "unread", api.notifications.unreadCount, {});
    expect(first).toMatchObject({ type: "query_result", value: { count: 0, capped: false } });
    const pushed = nextValue(
      socket,
      "unread",
      api.notifications.unreadCount,
      (v) => v.count === 2,
      60_000,
    );

    const ready = await upload(services(), owner, "Minutes.txt");
    const broken = await upload(services(), owner, "Lost.txt", false);
    await pushed;

    const { page } = await firstPage(server, owner);
    expect(page.map((n) => [n.kind, n.title, n.link, n.readAt])).toEqual(
      expect.arrayContaining([
        ["document.processed", "“Minutes.txt” is ready", `/dossier?document=${ready}`, null],
        [
          "document.failed",
          "“Lost.txt” could not be processed",
          `/dossier?document=${broken}`,
          null,
        ],
      ]),
    );
    expect(page.find((n) => n.kind === "document.failed")?.body).toBe(
      "The uploaded file is missing from storage. Upload it again.",
    );
    // Nobody else is told.
    expect((await firstPage(server, colleague)).page).toEqual([]);
  });

  it("follows each member's preference: off writes nothing, in app by default, email needs SMTP", async () => {
    const user = await createTestUser(server);
    const prefs = await callFn(server, api.notifications.getPreferences, {}, user.token);
    expect(prefs.emailAvailable).toBe(false);
    expect(prefs.preferences).toMatchObject({
      "document.processed": "inApp",
      "support.answered": "inApp",
    });

    const changed = await callFn(
      server,
      api.notifications.setPreferences,
      { preferences: { "support.answered": "off" } },
      user.token,
    );
    expect(changed.preferences).toMatchObject({
      "support.answered": "off",
      "document.processed": "inApp",
    });
    expect(await ping(user, "Not shown")).toBeNull();
    expect((await firstPage(server, user)).page).toEqual([]);

    expectError(
      await callFnError(
        server,
        api.notifications.setPreferences,
        { preferences: { "document.processed": "email" } },
        user.token,
      ),
      "INVALID_ARGS",
      "Email is not available: this server has no mail settings (SMTP_URL and MAIL_FROM).",
    );
    // Refused as a whole: nothing changed.
    const after = await callFn(server, api.notifications.getPreferences, {}, user.token);
    expect(after.preferences).toMatchObject({
      "support.answered": "off",
      "document.processed": "inApp",
    });

    await callFn(
      server,
      api.notifications.setPreferences,
      { preferences: { "support.answered": "inApp" } },
      user.token,
    );
    expect(await ping(user, "Shown")).toEqual(expect.any(String));
    expect((await firstPage(server, user)).page.map((n) => n.title)).toEqual(["Shown"]);
  });

  it("lets a member read and mark only their own notifications", async () => {
    const alice = await createTestUser(server);
    const bob = await createTestUser(server, { organizationId: alice.organizationId });
    const outsider = await createTestUser(server);
    const first = await ping(alice, "First");
    await ping(alice, "Second");
    await ping(bob, "Bob's");

    expect((await firstPage(server, bob)).page.map((n) => n.title)).toEqual(["Bob's"]);
    expect((await firstPage(server, outsider)).page).toEqual([]);
    expect(await callFn(server, api.notifications.unreadCount, {}, outsider.token)).toEqual({
      count: 0,
      capped: false,
    });

    // Another member's id (or a malformed one) marks nothing.
    const notifications_ = { notificationIds: [first!, "not-an-id"] };
    expect(await callFn(server, api.notifications.markRead, notifications_, bob.token)).toEqual({
      count: 0,
    });
    expect(await callFn(server, api.notifications.markAllRead, {}, outsider.token)).toEqual({
      count: 0,
    });
    expect(await callFn(server, api.notifications.unreadCount, {}, alice.token)).toEqual({
      count: 2,
      capped: false,
    });

    expect(await callFn(server, api.notifications.markRead, notifications_, alice.token)).toEqual({
      count: 1,
    });
    const page = (await firstPage(server, alice)).page;
    expect(page.find((n) => n._id === first)?.readAt).toEqual(expect.any(Number));
    expect(page.find((n) => n.title === "Second")?.readAt).toBeNull();

    expect(await callFn(server, api.notifications.markAllRead, {}, alice.token)).toEqual({
      count: 1,
    });
    expect(await callFn(server, api.notifications.unreadCount, {}, alice.token)).toEqual({
      count: 0,
      capped: false,
    });
    expect(await callFn(server, api.notifications.unreadCount, {}, bob.token)).toEqual({
      count: 1,
      capped: false,
    });
  });

  it("pages newest first without skipping or repeating, and caps the unread count", async () => {
    const user = await createTestUser(server);
    for (let i = 0; i < 105; i++) await ping(user, `N${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const result: ResultOf<typeof api.notifications.list> = await callFn(
        server,
        api.notifications.list,
        { paginationOpts: { numItems: 40, cursor } },
        user.token,
      );
      pages++;
      seen.push(...result.page.map((n) => n.title));
      if (result.isDone) break;
      cursor = result.continueCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 105 }, (_, i) => `N${104 - i}`));
    expect(await callFn(server, api.notifications.unreadCount, {}, user.token)).toEqual({
      count: 100,
      capped: true,
    });
  });

  it("refuses bad input clearly and changes nothing", async () => {
    const user = await createTestUser(server);
    expectError(
      await callFnError(
        server,
        api.notifications.list,
        { paginationOpts: { numItems: 10, cursor: "garbage" } },
        user.token,
      ),
      "INVALID_ARGS",
      "This page of the list is no longer valid. Reload the list and try again.",
    );
    for (const args of [
      { preferences: { "document.processed": "sms" } },
      { preferences: { "no.such.kind": "inApp" } },
    ]) {
      const error = await server.call("mutation", "notifications.setPreferences", args, user.token);
      expect(error.body).toMatchObject({
        status: "error",
        errorData: { code: "INVALID_ARGS" },
      });
    }
    expectError(
      await callFnError(server, api.notifications.markRead, { notificationIds: [] }, user.token),
      "INVALID_ARGS",
    );
    expect(
      (await callFn(server, api.notifications.getPreferences, {}, user.token)).preferences,
    ).toMatchObject({ "document.processed": "inApp" });
    expectError(await callFnError(server, api.notifications.unreadCount, {}), "UNAUTHENTICATED");
  });
});

/** A loopback SMTP server that keeps every message it receives. */
async function startSmtp(): Promise<{ port: number; mails: string[]; close(): Promise<void> }> {
  const mails: string[] = [];
  const smtp: SmtpServerType = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const address = smtp.server.address();
  if (!address || typeof address === "string") throw new Error("no SMTP port");
  return {
    port: address.port,
    mails,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A mail's headers and its text/plain part, decoded (quoted-printable or base64). */
function readMail(mail: string): { headers: string; text: string } {
  const headers = mail.slice(0, mail.search(/\r?\n\r?\n/));
  const part = mail
    .split(/\r?\n--/)
    .find((chunk) => /Content-Type: text\/plain/i.test(chunk.split(/\r?\n\r?\n/)[0] ?? ""));
  if (!part) throw new Error(`no text part in:\n${mail}`);
  const split = part.search(/\r?\n\r?\n/);
  const partHeaders = part.slice(0, split);
  const body = part.slice(split).trim();
  if (/Content-Transfer-Encoding: base64/i.test(partHeaders)) {
    return { headers, text: Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") };
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(partHeaders)) {
    const bytes: number[] = [];
    const joined = body.replace(/=\r?\n/g, "");
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
    return { headers, text: Buffer.from(bytes).toString("utf8") };
  }
  return { headers, text: body };
}

describe.each(DB_KINDS)("notification emails (%s)", (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Atrium <atrium@example.test>",
      // Longer than 400 notify() calls take on a loaded machine, so the burst is one email.
      NOTIFICATION_EMAIL_DELAY_SECONDS: "15",
      PUBLIC_URL: "http://atrium.example.test",
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("sends a burst of 200 notifications as one email", async () => {
    const user = await createTestUser(server, { firstName: "Dana" });
    const quiet = await createTestUser(server, { organizationId: user.organizationId });
    const prefs = await callFn(
      server,
      api.notifications.setPreferences,
      { preferences: { "document.processed": "email" } },
      user.token,
    );
    expect(prefs).toMatchObject({
      emailAvailable: true,
      preferences: { "document.processed": "email" },
    });

    const db = server.running.services.database.db;
    // As 200 documents finishing one after another: 200 transactions.
    for (let i = 0; i < 200; i++) {
      for (const member of [user, quiet]) {
        await notify(db, {
          organizationId: member.organizationId,
          userId: member.userId,
          kind: "document.processed",
          title: `“Report ${i + 1}.pdf” is ready`,
          link: `/dossier?document=doc-${i + 1}`,
        });
      }
    }
    const queued = await db.select().from(jobs).where(eq(jobs.kind, EMAIL_DIGEST_JOB));
    expect(queued.some((job) => job.payload.userId === user.userId)).toBe(true);
    expect(queued.filter((job) => job.payload.userId === quiet.userId)).toHaveLength(0);

    const mail = await waitFor(async () => smtp.mails[0], 45_000);
    // Nothing else arrives: the burst is one message.
    await sleep(3_000);
    expect(smtp.mails).toHaveLength(1);
    const { headers, text } = readMail(mail);
    expect(headers).toContain(`To: ${user.email}`);
    expect(headers).toContain("From: Atrium <atrium@example.test>");
    expect(headers).toContain("Subject: Atrium: 200 new notifications");
    expect(text).toContain("Hello Dana,");
    expect(text).toContain("“Report 1.pdf” is ready");
    expect(text).toContain("http://atrium.example.test/dossier?document=doc-1");
    expect(text).toContain("… and 150 more.");
    expect(text).toContain("http://atrium.example.test/account/notifications");

    const rows = await db.select().from(notifications).where(eq(notifications.userId, user.userId));
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => !row.emailPending && row.emailedAt !== null)).toBe(true);
    // Still in the app, unread.
    expect(await callFn(server, api.notifications.unreadCount, {}, user.token)).toEqual({
      count: 100,
      capped: true,
    });
  }, 90_000);
});
