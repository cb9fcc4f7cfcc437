import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type SignInResult, tokensIn } from "#shared/api/auth.ts";
import { api } from "#shared/api/index.ts";
import { totpCode } from "../../src/server/auth/two-factor/totp.ts";
import { auditLog, twoFactorSecrets } from "../../src/server/db/schema.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  signInWithPassword,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

/**
 * Two factors (TOTP) on PGlite and PostgreSQL, with a fixed clock (only Date is faked, in
 * this process, where the server runs too): set-up from /account/security, the second step
 * of a password sign-in, codes used once, recovery codes, challenges that expire or run out
 * of tries, and an organization that requires two factors (decision 030).
 */

const STEP = 30_000;
let now = 0;
const setClock = (ms: number) => {
  now = ms;
  vi.setSystemTime(ms);
};

function challengeOf(result: SignInResult) {
  if (!("twoFactor" in result)) throw new Error(`expected a challenge: ${JSON.stringify(result)}`);
  return result.twoFactor;
}

describe.each(DB_KINDS)("two factors (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 5 s into a 30-second step, near the real time (the database's clock stays real).
    setClock(Math.floor(Date.now() / STEP) * STEP + STEP + 5_000);
  });
  afterEach(() => vi.useRealTimers());

  const db = () => server.running.services.database.db;
  const passwordStep = async (user: TestUser) => {
    const result = await signInWithPassword(server, user.email, user.password);
    if (result.body.status !== "success") throw new Error(JSON.stringify(result.body));
    return api.auth.signIn.returns.parse(result.body.value);
  };
  const second = (challenge: string, code: string) =>
    callFn(server, api.auth.signIn, { provider: "two-factor", params: { challenge, code } });
  const secondError = (challenge: string, code: string) =>
    callFnError(server, api.auth.signIn, { provider: "two-factor", params: { challenge, code } });

  async function enable(user: TestUser) {
    const { secret, uri } = await callFn(server, api.twoFactor.beginSetup, {}, user.token);
    expect(uri).toContain(`secret=${secret}`);
    const wrong = await callFnError(
      server,
      api.twoFactor.confirmSetup,
      { code: totpCode(secret, now - 10 * STEP) },
      user.token,
    );
    expectError(wrong, "INVALID_CREDENTIALS");
    const { recoveryCodes } = await callFn(
      server,
      api.twoFactor.confirmSetup,
      { code: totpCode(secret, now) },
      user.token,
    );
    setClock(now + STEP);
    return { secret, recoveryCodes };
  }

  it("sets up an app from the account, keeps its secret encrypted, then asks for a code at sign-in", async () => {
    const user = await createTestUser(server);
    const { secret, recoveryCodes } = await enable(user);
    expect(recoveryCodes).toHaveLength(10);
    const [row] = await db()
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.userId));
    expect(row!.secret).not.toContain(secret);
    expect(await callFn(server, api.twoFactor.status, {}, user.token)).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
      hasPassword: true,
    });

    const { challenge, purpose } = challengeOf(await passwordStep(user));
    expect(purpose).toBe("verify");
    expectError(
      await secondError(challenge, totpCode(secret, now + 5 * STEP)),
      "INVALID_CREDENTIALS",
    );
    const code = totpCode(secret, now);
    const tokens = tokensIn(await second(challenge, code));
    expect((await callFn(server, api.users.getMe, {}, tokens.token))._id).toBe(user.userId);
    // The challenge is spent, and the same code does not work twice.
    expectError(
      await secondError(challenge, code),
      "UNAUTHENTICATED",
      /expired or was already used/,
    );
    const next = challengeOf(await passwordStep(user));
    expectError(await secondError(next.challenge, code), "INVALID_CREDENTIALS");
    setClock(now + STEP);
    tokensIn(await second(next.challenge, totpCode(secret, now)));

    const actions = (
      await db().select().from(auditLog).where(eq(auditLog.actorUserId, user.userId))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "auth.two_factor_enabled",
        "auth.two_factor_challenge",
        "auth.two_factor_failed",
        "auth.sign_in",
      ]),
    );
  }, 60_000);

  it("accepts a code from one step before or after, not further", async () => {
    const user = await createTestUser(server);
    const { secret } = await enable(user);
    const first = challengeOf(await passwordStep(user));
    expectError(
      await secondError(first.challenge, totpCode(secret, now - 2 * STEP)),
      "INVALID_CREDENTIALS",
    );
    tokensIn(await second(first.challenge, totpCode(secret, now + STEP)));
  }, 60_000);

  it("signs in with a recovery code once", async () => {
    const user = await createTestUser(server);
    const { recoveryCodes } = await enable(user);
    const recovery = recoveryCodes[3]!;
    const first = challengeOf(await passwordStep(user));
    tokensIn(await second(first.challenge, recovery.toUpperCase()));
    const again = challengeOf(await passwordStep(user));
    expectError(await secondError(again.challenge, recovery), "INVALID_CREDENTIALS");
    expect((await callFn(server, api.twoFactor.status, {}, user.token)).recoveryCodesLeft).toBe(9);
    const [used] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "auth.recovery_code_used"));
    expect(used).toBeDefined();
  }, 60_000);

  it("ends a challenge after 10 minutes, or after 5 wrong codes", async () => {
    const user = await createTestUser(server);
    const { secret } = await enable(user);
    const late = challengeOf(await passwordStep(user));
    setClock(now + 10 * 60_000 + 1_000);
    expectError(await secondError(late.challenge, totpCode(secret, now)), "UNAUTHENTICATED");

    const tried = challengeOf(await passwordStep(user));
    for (let i = 0; i < 5; i++) {
      expectError(await secondError(tried.challenge, "000000"), "INVALID_CREDENTIALS");
    }
    expectError(await secondError(tried.challenge, totpCode(secret, now)), "UNAUTHENTICATED");
  }, 60_000);

  it("turns two factors off with a code; sign-in is then one step again", async () => {
    const user = await createTestUser(server);
    const { secret } = await enable(user);
    await callFn(server, api.twoFactor.disable, { code: totpCode(secret, now) }, user.token);
    expect((await callFn(server, api.twoFactor.status, {}, user.token)).enabled).toBe(false);
    tokensIn(await passwordStep(user));
  }, 60_000);

  it("makes members of an organization that requires it set up an app while signing in", async () => {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    await callFn(server, api.signInPolicy.update, { requireTwoFactor: true }, admin.token);

    const { challenge, purpose } = challengeOf(await passwordStep(member));
    expect(purpose).toBe("setup");
    const { secret } = await callFn(server, api.twoFactor.beginSetup, { challenge });
    const result = await second(challenge, totpCode(secret, now));
    tokensIn(result);
    expect("recoveryCodes" in result && result.recoveryCodes).toHaveLength(10);
    const status = await callFn(server, api.twoFactor.status, {}, member.token);
    expect(status).toMatchObject({ enabled: true, required: true });

    setClock(now + STEP);
    const refused = await callFnError(
      server,
      api.twoFactor.disable,
      { code: totpCode(secret, now) },
      member.token,
    );
    expectError(refused, "FORBIDDEN", /requires two-factor authentication/);
    // A verify challenge cannot start another set-up.
    const verify = challengeOf(await passwordStep(member));
    expect(verify.purpose).toBe("verify");
    expectError(
      await callFnError(server, api.twoFactor.beginSetup, { challenge: verify.challenge }),
      "CONFLICT",
    );
  }, 60_000);
});
