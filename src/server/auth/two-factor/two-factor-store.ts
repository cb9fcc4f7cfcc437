import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { AppError, conflict } from "#shared/errors.ts";
import type { Executor } from "../../db/database.ts";
import { twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema.ts";
import { newId } from "../../ids.ts";
import { randomToken, type SignInSecrets, sha256 } from "../server-secrets.ts";
import {
  looksLikeRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpUri,
} from "./totp.ts";

/** A challenge between the first factor and the second lives this long. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one challenge takes before it is spent. */
export const CHALLENGE_MAX_FAILURES = 5;

export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Executor, userId: string): Promise<TwoFactorState> {
  const [secret] = await db
    .select({ confirmedAt: twoFactorSecrets.confirmedAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  if (!secret?.confirmedAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: left?.n ?? 0 };
}

/** A new challenge for a user whose first factor was right; its token goes to the client. */
export async function createChallenge(
  db: Executor,
  userId: string,
  purpose: "verify" | "setup",
  firstFactor: string,
): Promise<string> {
  const token = randomToken();
  // Old, finished challenges go on the way.
  await db
    .delete(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.userId, userId),
        or(
          lt(twoFactorChallenges.expiresAt, new Date()),
          sql`${twoFactorChallenges.usedAt} is not null`,
        ),
      ),
    );
  await db.insert(twoFactorChallenges).values({
    id: newId(),
    tokenHash: sha256(token),
    userId,
    purpose,
    firstFactor,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return token;
}

const CHALLENGE_ENDED =
  "This sign-in step has expired or was already used. Sign in again to continue.";

/** The live challenge a token names, or UNAUTHENTICATED (reason challenge_invalid). */
export async function findChallenge(db: Executor, token: string) {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, sha256(token)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
      ),
    );
  if (!row) throw new AppError("UNAUTHENTICATED", CHALLENGE_ENDED, { reason: "challenge_invalid" });
  return row;
}

/** Spend a challenge exactly once (two answers at once: the second is refused). */
export async function spendChallenge(db: Executor, id: string): Promise<void> {
  const spent = await db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  if (spent.length === 0) {
    throw new AppError("UNAUTHENTICATED", CHALLENGE_ENDED, { reason: "challenge_invalid" });
  }
}

/** Count a wrong code on a challenge; past the limit it is spent. */
export async function failChallenge(db: Executor, id: string): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({
      failedAttempts: sql`${twoFactorChallenges.failedAttempts} + 1`,
      usedAt: sql`CASE WHEN ${twoFactorChallenges.failedAttempts} + 1 >= ${CHALLENGE_MAX_FAILURES} THEN now() ELSE NULL END`,
    })
    .where(eq(twoFactorChallenges.id, id));
}

/**
 * Check a second factor: a code from the app (its step must be newer than the last one
 * used: a code works once) or an unused recovery code (then used up). Which one matched.
 */
export async function verifySecondFactor(
  db: Executor,
  secrets: SignInSecrets,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | undefined> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  if (!row?.confirmedAt) return undefined;
  const step = matchTotp(secrets.decrypt(row.secret), code, now);
  if (step !== undefined) {
    const claimed = await db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step, updatedAt: new Date() })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return claimed.length > 0 ? "totp" : undefined;
  }
  if (!looksLikeRecoveryCode(code)) return undefined;
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, secrets.hmac(normalizeRecoveryCode(code))),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0 ? "recovery" : undefined;
}

/** A new secret, kept unconfirmed until a code from the app is checked (confirmSetup). */
export async function beginTwoFactorSetup(
  db: Executor,
  secrets: SignInSecrets,
  user: { id: string; email: string },
  issuer: string,
): Promise<{ secret: string; uri: string }> {
  const [existing] = await db
    .select({ confirmedAt: twoFactorSecrets.confirmedAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, user.id));
  if (existing?.confirmedAt) {
    throw conflict("Two-factor authentication is already on. Turn it off first to start again.");
  }
  const secret = newTotpSecret();
  const sealed = secrets.encrypt(secret);
  await db
    .insert(twoFactorSecrets)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret: sealed, confirmedAt: null, lastUsedStep: null, updatedAt: new Date() },
    });
  return { secret, uri: totpUri(secret, user.email, issuer) };
}

/**
 * Turn on the secret begun with beginTwoFactorSetup once a code from the app matches;
 * the recovery codes (shown once, kept as keyed hashes). Undefined: wrong code.
 */
export async function confirmTwoFactorSetup(
  db: Executor,
  secrets: SignInSecrets,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<string[] | undefined> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  if (!row) throw conflict("Start the set-up again: no authenticator app is being added.");
  if (row.confirmedAt) throw conflict("Two-factor authentication is already on.");
  const step = matchTotp(secrets.decrypt(row.secret), code, now);
  if (step === undefined) return undefined;
  const confirmed = await db
    .update(twoFactorSecrets)
    .set({ confirmedAt: new Date(), lastUsedStep: step, updatedAt: new Date() })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.confirmedAt)))
    .returning({ userId: twoFactorSecrets.userId });
  if (confirmed.length === 0) throw conflict("Two-factor authentication is already on.");
  return replaceRecoveryCodes(db, secrets, userId);
}

export async function replaceRecoveryCodes(
  db: Executor,
  secrets: SignInSecrets,
  userId: string,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(
    codes.map((code) => ({
      id: newId(),
      userId,
      codeHash: secrets.hmac(normalizeRecoveryCode(code)),
    })),
  );
  return codes;
}

export async function removeTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}
