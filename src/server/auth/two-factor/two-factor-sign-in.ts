import { eq } from "drizzle-orm";
import type { SignInResult } from "#shared/api/auth.ts";
import { AppError } from "#shared/errors.ts";
import type { FunctionCtx } from "../../api/context.ts";
import { users } from "../../db/schema.ts";
import { writeAudit } from "../audit.ts";
import { tooManyAttempts } from "../password-attempts.ts";
import { refundRateLimitSlots, takeRateLimitSlots } from "../rate-limit.ts";
import { signInSecrets } from "../server-secrets.ts";
import { startSession } from "../sign-in-gate.ts";
import {
  confirmTwoFactorSetup,
  failChallenge,
  findChallenge,
  spendChallenge,
  verifySecondFactor,
} from "./two-factor-store.ts";

/** Wrong second factors one account may send in a window, over all its challenges. */
export const TWO_FACTOR_FAILURES_PER_USER = 10;
const WINDOW_SECONDS = 15 * 60;
const WRONG_CODE =
  "That code is not right. Enter the current code from your app, or a recovery code.";

/**
 * `auth.signIn {provider: "two-factor", params: {challenge, code}}`: the second step of a
 * sign-in whose first factor answered a challenge. "verify": a code from the app or a
 * recovery code. "setup": the code confirms the app just added (twoFactor.beginSetup with
 * the challenge), and the answer carries the recovery codes, shown once.
 */
export async function signInWithSecondFactor(
  ctx: FunctionCtx,
  token: string,
  code: string,
): Promise<SignInResult> {
  const db = ctx.services.database.db;
  const challenge = await findChallenge(db, token);
  const key = `two-factor:user:${challenge.userId}`;
  const counts = await takeRateLimitSlots(db, [key], WINDOW_SECONDS);
  const count = counts.get(key)!;
  if (count.count > TWO_FACTOR_FAILURES_PER_USER) {
    await refundRateLimitSlots(db, [key]);
    await writeAudit(db, {
      action: "auth.two_factor_rate_limited",
      actorUserId: challenge.userId,
      request: ctx.request,
    });
    throw tooManyAttempts("Too many wrong codes.", count.retryAfterSeconds);
  }
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user || user.disabled) {
    throw new AppError("FORBIDDEN", "This account is disabled. Contact your administrator.");
  }
  const secrets = await signInSecrets(db);
  const audit = (action: string, metadata: Record<string, unknown> = {}) =>
    writeAudit(db, {
      action,
      organizationId: user.organizationId,
      actorUserId: user.id,
      metadata,
      request: ctx.request,
    });

  let recoveryCodes: string[] | undefined;
  let method: "totp" | "recovery" | undefined;
  if (challenge.purpose === "setup") {
    recoveryCodes = await confirmTwoFactorSetup(db, secrets, user.id, code);
    method = recoveryCodes ? "totp" : undefined;
  } else {
    method = await verifySecondFactor(db, secrets, user.id, code);
  }
  if (!method) {
    await failChallenge(db, challenge.id);
    await audit("auth.two_factor_failed", { purpose: challenge.purpose });
    throw new AppError("INVALID_CREDENTIALS", WRONG_CODE);
  }
  await spendChallenge(db, challenge.id);
  await refundRateLimitSlots(db, [key]);
  if (recoveryCodes) await audit("auth.two_factor_enabled", { during: "sign_in" });
  if (method === "recovery") await audit("auth.recovery_code_used");
  const tokens = await startSession(ctx.services, user, ctx.request, {
    via: challenge.firstFactor,
    secondFactor: method,
  });
  return recoveryCodes ? { tokens, recoveryCodes } : { tokens };
}
