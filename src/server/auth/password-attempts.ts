import { and, eq, gt, sql } from "drizzle-orm";
import { AppError } from "#shared/errors.ts";
import type { Executor } from "../db/database.ts";
import { sessions } from "../db/schema.ts";
import { refundRateLimitSlots, resetRateLimits, takeRateLimitSlots } from "./rate-limit.ts";

/**
 * How many wrong passwords an account and an address may try (sign-in and
 * change-password alike), decided with ASVS 2.2.1 in mind: guessing is
 * bounded, but nobody can lock the owner out by failing on purpose
 * (docs/decisions/003, "Password guessing"). In each 15-minute window:
 * - one address may fail 10 times for one account, then that address waits;
 * - one address may fail 100 times over all accounts, then it waits;
 * - an account may fail 25 times over all addresses (at most 100 an hour);
 *   past that only addresses the account has signed in from before (in the
 *   last 90 days) may still try, so a distributed attack from fresh
 *   addresses stops while the owner at a familiar place goes on.
 * Each attempt takes its slots before the password is checked, in one
 * statement, so concurrent attempts cannot overshoot a limit; a refused
 * attempt (never checked) and a correct password give them back, so only
 * wrong passwords count.
 */
export const PASSWORD_WINDOW_SECONDS = 15 * 60;
export const PAIR_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 100;
export const ACCOUNT_FAILURE_LIMIT = 25;
export const KNOWN_ADDRESS_DAYS = 90;

/** The account a password is tried for: its email, trimmed and lower-cased, as sign-in reads it. */
export const accountOf = (email: string): string => email.trim().toLowerCase();

export interface PasswordAttemptOptions {
  /** The account tried (accountOf its email), also when no user has it. */
  account: string;
  /** The user, when the account exists: their earlier sessions tell familiar addresses. */
  userId: string | undefined;
  ip: string | null;
}

export interface PasswordAttempt {
  /** Set when the attempt must not be evaluated: the password is not checked at all. */
  refusedForSeconds: number | undefined;
  /** The password was right: give the slots back and forget this address's failures. */
  succeeded(): Promise<void>;
}

export async function takePasswordAttempt(
  db: Executor,
  options: PasswordAttemptOptions,
): Promise<PasswordAttempt> {
  const address = options.ip ?? "unknown";
  const pairKey = `password:pair:${options.account}:${address}`;
  const addressKey = `password:address:${address}`;
  const accountKey = `password:account:${options.account}`;
  const counts = await takeRateLimitSlots(
    db,
    [pairKey, addressKey, accountKey],
    PASSWORD_WINDOW_SECONDS,
  );
  const [pair, byAddress, byAccount] = [
    counts.get(pairKey)!,
    counts.get(addressKey)!,
    counts.get(accountKey)!,
  ];

  const waits: number[] = [];
  if (pair.count > PAIR_FAILURE_LIMIT) waits.push(pair.retryAfterSeconds);
  if (byAddress.count > ADDRESS_FAILURE_LIMIT) waits.push(byAddress.retryAfterSeconds);
  if (
    waits.length === 0 &&
    byAccount.count > ACCOUNT_FAILURE_LIMIT &&
    !(await isKnownAddress(db, options.userId, options.ip))
  ) {
    waits.push(byAccount.retryAfterSeconds);
  }
  const keys = [pairKey, addressKey, accountKey];
  // A refused attempt is not a failure (its password is never checked): it gives its slots
  // back, so an attacker hammering one address does not push the account over its limit.
  if (waits.length > 0) await refundRateLimitSlots(db, keys);
  return {
    refusedForSeconds: waits.length > 0 ? Math.max(...waits) : undefined,
    async succeeded() {
      await resetRateLimits(db, [pairKey]);
      await refundRateLimitSlots(db, [addressKey, accountKey]);
    },
  };
}

/** Whether the user has signed in from this address in the last 90 days. */
async function isKnownAddress(
  db: Executor,
  userId: string | undefined,
  ip: string | null,
): Promise<boolean> {
  if (!userId || !ip) return false;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ip, ip),
        gt(sessions.createdAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** RATE_LIMITED with the wait in words and in errorData.retryAfterSeconds. */
export function tooManyAttempts(what: string, seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    "RATE_LIMITED",
    `${what} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds: seconds },
  );
}
