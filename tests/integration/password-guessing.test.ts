import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import {
  ACCOUNT_FAILURE_LIMIT,
  PAIR_FAILURE_LIMIT,
} from "../../src/server/auth/password-attempts.ts";
import { refundRateLimitSlots, takeRateLimitSlots } from "../../src/server/auth/rate-limit.ts";
import { auditLog } from "../../src/server/db/schema.ts";
import { callerAt, callFnResult } from "../support/call-fn.ts";
import { createTestUser, DB_KINDS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Password guessing (issue 17, docs/decisions/003): the change-password form counts like
 * sign-in, an attacker failing on purpose cannot lock the owner out, and concurrent guesses
 * cannot overshoot a limit. Addresses come from X-Forwarded-For (TRUST_PROXY=true), all from
 * the documentation ranges.
 */
describe.each(DB_KINDS)("password guessing (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await server.close();
  });

  const from = (ip: string) => callerAt(server.url, { "x-forwarded-for": ip });
  const signIn = async (ip: string, email: string, password: string) =>
    (
      await callFnResult(from(ip), api.auth.signIn, {
        provider: "password",
        params: { email, password },
      })
    ).body;
  const changePassword = async (ip: string, token: string, currentPassword: string) =>
    (
      await callFnResult(
        from(ip),
        api.users.changePassword,
        { currentPassword, newPassword: "a brand new passphrase" },
        token,
      )
    ).body;
  const auditCount = async (userId: string, actions: string[]) =>
    (
      await server.running.services.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, userId), inArray(auditLog.action, actions)))
    ).length;

  it("counts wrong current passwords like failed sign-ins, refuses past the limit and audits each", async () => {
    const ip = "203.0.113.20";
    const owner = await createTestUser(server);
    const session = await signIn(ip, owner.email, owner.password);
    expect(session.status).toBe("success");
    const token = (session.value as { tokens: { token: string } }).tokens.token;

    for (let guess = 1; guess <= PAIR_FAILURE_LIMIT; guess++) {
      const wrong = await changePassword(ip, token, `guess number ${guess}`);
      expect(wrong.errorData?.code).toBe("INVALID_CREDENTIALS");
    }
    const refused = await changePassword(ip, token, owner.password);
    expect(refused).toMatchObject({
      status: "error",
      errorMessage: expect.stringMatching(
        /^Too many wrong passwords\. Try again in \d+ minutes?\.$/,
      ),
      errorData: { code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) },
    });
    // The same count guards sign-in for this account from this address.
    expect((await signIn(ip, owner.email, owner.password)).errorData?.code).toBe("RATE_LIMITED");
    expect(await auditCount(owner.userId, ["user.password_change_failed"])).toBe(
      PAIR_FAILURE_LIMIT,
    );
    expect(await auditCount(owner.userId, ["user.password_change_rate_limited"])).toBe(1);

    // The password did not change; from another address the owner still changes it.
    expect((await signIn("198.51.100.20", owner.email, owner.password)).status).toBe("success");
    expect((await changePassword("198.51.100.20", token, owner.password)).status).toBe("success");
  });

  it("a correct current password gives the attempt back", async () => {
    const ip = "203.0.113.21";
    const owner = await createTestUser(server);
    const token = (
      (await signIn(ip, owner.email, owner.password)).value as { tokens: { token: string } }
    ).tokens.token;
    for (let guess = 1; guess < PAIR_FAILURE_LIMIT; guess++) {
      expect((await changePassword(ip, token, `typo ${guess}`)).errorData?.code).toBe(
        "INVALID_CREDENTIALS",
      );
    }
    expect((await changePassword(ip, token, owner.password)).status).toBe("success");
  });

  it("an attacker's 50 failures from one address do not stop the owner signing in from another", async () => {
    const owner = await createTestUser(server);
    const attacker = "203.0.113.50";
    const variants = [owner.email, owner.email.toUpperCase(), `  ${owner.email} `];
    const codes: string[] = [];
    for (let guess = 0; guess < 50; guess++) {
      const email = variants[guess % variants.length]!;
      codes.push((await signIn(attacker, email, `guess ${guess}`)).errorData?.code ?? "success");
    }
    expect(codes.filter((code) => code === "INVALID_CREDENTIALS")).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(50 - PAIR_FAILURE_LIMIT);
    // The attacker's address stays refused, even with the right password...
    expect((await signIn(attacker, owner.email, owner.password)).errorData?.code).toBe(
      "RATE_LIMITED",
    );
    // ...while the owner signs in from elsewhere.
    expect((await signIn("198.51.100.50", owner.email, owner.password)).status).toBe("success");
  });

  it("past 25 failures from many addresses, only addresses the owner used before may try", async () => {
    const owner = await createTestUser(server);
    const home = "198.51.100.60";
    expect((await signIn(home, owner.email, owner.password)).status).toBe("success");
    for (let n = 1; n <= ACCOUNT_FAILURE_LIMIT; n++) {
      const result = await signIn(`203.0.113.${100 + n}`, owner.email, `spray ${n}`);
      expect(result.errorData?.code).toBe("INVALID_CREDENTIALS");
    }
    // A fresh address is refused without its password being checked, right or wrong...
    expect((await signIn("203.0.113.200", owner.email, owner.password)).errorData?.code).toBe(
      "RATE_LIMITED",
    );
    expect((await signIn("203.0.113.201", owner.email, "still guessing")).errorData?.code).toBe(
      "RATE_LIMITED",
    );
    // ...while the owner's familiar address signs in, and a wrong guess there is still counted.
    expect((await signIn(home, owner.email, owner.password)).status).toBe("success");
    expect((await signIn(home, owner.email, "a typo")).errorData?.code).toBe("INVALID_CREDENTIALS");
  });

  it("takes and refunds of the same counters at once never deadlock", async () => {
    // A take locks its rows as it inserts them and a refund as it updates them: unless both
    // lock in one order, a refund (pair ← account) and a take (pair → account) running at once
    // wait on each other, and PostgreSQL aborts one of them with a deadlock.
    const db = server.running.services.database.db;
    const keys = [
      "password:pair:deadlock@example.com:x",
      "password:address:x",
      "password:account:y",
    ];
    const attempts = Array.from({ length: 60 }, async (_, n) => {
      await takeRateLimitSlots(db, n % 2 === 0 ? keys : [...keys].reverse(), 900);
      await refundRateLimitSlots(db, n % 3 === 0 ? keys : [...keys].reverse());
    });
    const settled = await Promise.allSettled(attempts);
    expect(settled.filter((outcome) => outcome.status === "rejected")).toEqual([]);
  });

  it("30 concurrent wrong passwords get exactly 10 evaluated", async () => {
    const owner = await createTestUser(server);
    const ip = "203.0.113.70";
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, n) => signIn(ip, owner.email, `parallel guess ${n}`)),
    );
    const codes = results.map((result) => result.errorData?.code);
    // Anything but these two would be a bug of its own (a failed request, a time-out): show it.
    const others = results.filter(
      (result) => !["INVALID_CREDENTIALS", "RATE_LIMITED"].includes(String(result.errorData?.code)),
    );
    expect(others).toEqual([]);
    expect(codes.filter((code) => code === "INVALID_CREDENTIALS")).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(codes.filter((code) => code === "RATE_LIMITED")).toHaveLength(30 - PAIR_FAILURE_LIMIT);
    expect(await auditCount(owner.userId, ["auth.sign_in_failed"])).toBe(PAIR_FAILURE_LIMIT);
  });
});
