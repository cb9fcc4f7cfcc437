import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { auditLog, signInCodes } from "../../src/server/db/schema.ts";
import { closeMailTransports } from "../../src/server/mail/send-mail.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  unique,
} from "../support/server.ts";
import { decodedMail, type LoopbackSmtp, startLoopbackSmtp } from "../support/smtp.ts";

/**
 * Emailed sign-in codes through a real SMTP server on loopback (decision 030): the 6 digits
 * and the link each work once, expire after 10 minutes, are hashed at rest, are rate limited,
 * and asking for one answers the same whether the address has an account or not.
 */

function codeIn(raw: string): { code: string; link: string } {
  const text = decodedMail(raw);
  const code = /sign-in code for [^\n]* is (\d{6})/.exec(text)?.[1];
  const link = /https?:\/\/[^\s"<>]+\/login\?code=([\w-]+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`no code in the mail:\n${text}`);
  return { code, link };
}

describe.each(DB_KINDS)("emailed sign-in codes (%s)", (kind) => {
  let server: TestServer;
  let smtp: LoopbackSmtp;

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Atrium <atrium@example.test>",
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await closeMailTransports();
    await smtp?.close();
  });

  const db = () => server.running.services.database.db;
  const ask = (email: string) =>
    callFn(server, api.auth.signIn, { provider: "email", params: { email } });
  /** The newest mail to `to` (tests ask more than once). */
  async function latestMail(to: string, count: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = smtp.mails.filter((m) => m.to.includes(to.toLowerCase()));
      if (mails.length >= count) return mails[count - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("offers emailed codes on /login when SMTP is configured", async () => {
    expect((await callFn(server, api.auth.signInOptions, {})).emailCodes).toBe(true);
  });

  it("signs in with the 6 digits once; they are kept only as a keyed hash", async () => {
    const user = await createTestUser(server);
    expect(await ask(user.email.toUpperCase())).toEqual({ started: true });
    const { code, link } = codeIn((await latestMail(user.email, 1)).raw);
    const [row] = await db().select().from(signInCodes).where(eq(signInCodes.userId, user.userId));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.linkHash).not.toBe(link);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(600_000, -4);

    const tokens = tokensIn(
      await callFn(server, api.auth.signIn, {
        provider: "email",
        params: { email: user.email, code },
      }),
    );
    expect((await callFn(server, api.users.getMe, {}, tokens.token))._id).toBe(user.userId);
    const reused = await callFnError(server, api.auth.signIn, {
      provider: "email",
      params: { email: user.email, code },
    });
    expectError(reused, "INVALID_CREDENTIALS");
    // The link of a used code is spent too.
    const linkReused = await callFnError(server, api.auth.signIn, { params: { code: link } });
    expectError(linkReused, "UNAUTHENTICATED", /expired or was already used/);
    const actions = (
      await db().select().from(auditLog).where(eq(auditLog.actorUserId, user.userId))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(["auth.sign_in_code_sent", "auth.sign_in_code_used", "auth.sign_in"]),
    );
  }, 60_000);

  it("signs in with the emailed link once", async () => {
    const user = await createTestUser(server);
    await ask(user.email);
    const { link } = codeIn((await latestMail(user.email, 1)).raw);
    tokensIn(await callFn(server, api.auth.signIn, { params: { code: link } }));
    const again = await callFnError(server, api.auth.signIn, { params: { code: link } });
    expectError(again, "UNAUTHENTICATED", /expired or was already used/);
  }, 60_000);

  it("refuses an expired code, and a code replaced by a newer email", async () => {
    const user = await createTestUser(server);
    await ask(user.email);
    const first = codeIn((await latestMail(user.email, 1)).raw);
    await ask(user.email);
    const second = codeIn((await latestMail(user.email, 2)).raw);
    if (first.code !== second.code) {
      const replaced = await callFnError(server, api.auth.signIn, {
        provider: "email",
        params: { email: user.email, code: first.code },
      });
      expectError(replaced, "INVALID_CREDENTIALS");
    }
    await db()
      .update(signInCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInCodes.userId, user.userId));
    const expired = await callFnError(server, api.auth.signIn, {
      provider: "email",
      params: { email: user.email, code: second.code },
    });
    expectError(expired, "INVALID_CREDENTIALS", /not right, or it has expired/);
    const expiredLink = await callFnError(server, api.auth.signIn, {
      params: { code: second.link },
    });
    expectError(expiredLink, "UNAUTHENTICATED");
  }, 60_000);

  it("spends a code after 5 wrong tries", async () => {
    const user = await createTestUser(server);
    await ask(user.email);
    const { code } = codeIn((await latestMail(user.email, 1)).raw);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expectError(
        await callFnError(server, api.auth.signIn, {
          provider: "email",
          params: { email: user.email, code: wrong },
        }),
        "INVALID_CREDENTIALS",
      );
    }
    const right = await callFnError(server, api.auth.signIn, {
      provider: "email",
      params: { email: user.email, code },
    });
    expectError(right, "INVALID_CREDENTIALS");
  }, 60_000);

  it("answers the same for an address without an account, and sends nothing", async () => {
    const nobody = `${unique("nobody")}@example.test`;
    expect(await ask(nobody)).toEqual({ started: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.some((m) => m.to.includes(nobody))).toBe(false);
    const refused = await callFnError(server, api.auth.signIn, {
      provider: "email",
      params: { email: nobody, code: "123456" },
    });
    expectError(refused, "INVALID_CREDENTIALS", /not right, or it has expired/);
  }, 60_000);

  it("limits how many codes one address is sent", async () => {
    const user = await createTestUser(server);
    for (let i = 0; i < 3; i++) await ask(user.email);
    const limited = await callFnError(server, api.auth.signIn, {
      provider: "email",
      params: { email: user.email },
    });
    expectError(limited, "RATE_LIMITED", /Too many sign-in codes asked for/);
    // The same for an address without an account: no enumeration through the limit either.
    const nobody = `${unique("nobody")}@example.test`;
    for (let i = 0; i < 3; i++) await ask(nobody);
    expectError(
      await callFnError(server, api.auth.signIn, { provider: "email", params: { email: nobody } }),
      "RATE_LIMITED",
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.sign_in_code_rate_limited"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toBeDefined();
  }, 60_000);
});
