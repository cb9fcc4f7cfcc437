import { eq } from "drizzle-orm";
import { AppError, notFound } from "#shared/errors.ts";
import { tooManyAttempts } from "../auth/password-attempts.ts";
import { refundRateLimitSlots, takeRateLimitSlots } from "../auth/rate-limit.ts";
import type { Executor } from "../db/database.ts";
import { invitations } from "../db/schema.ts";
import { hashInvitationToken, tokenMatches } from "./invitation-tokens.ts";
import { type InvitationRow, invitationStatus } from "./invitation-view.ts";

/** The invitation a link's token names, if any (only its hash is stored). */
export async function findInvitationByToken(
  db: Executor,
  token: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashInvitationToken(token)));
  return row && tokenMatches(token, row.tokenHash) ? row : undefined;
}

export const INVITATION_REFUSALS = {
  invalid:
    "This invitation link is not valid. Check that you copied all of it, or ask for a new one.",
  expired: "This invitation has expired. Ask an admin of the organization to send it again.",
  accepted: "This invitation has already been used. Sign in instead.",
  revoked: "This invitation was withdrawn. Ask an admin of the organization for a new one.",
} as const;

/** The invitation of a link that can still be accepted; otherwise why not (errorData.reason). */
export async function requireUsableInvitation(db: Executor, token: string): Promise<InvitationRow> {
  const row = await findInvitationByToken(db, token);
  if (!row) {
    const error = notFound("Invitation");
    throw new AppError(error.code, INVITATION_REFUSALS.invalid, { reason: "invalid" });
  }
  const status = invitationStatus(row);
  if (status !== "pending") {
    throw new AppError("CONFLICT", INVITATION_REFUSALS[status], { reason: status });
  }
  return row;
}

/** Failed uses of invitation links one address may make in a window (the tokens are unguessable). */
export const INVITATION_ATTEMPT_LIMIT = 20;
export const INVITATION_WINDOW_SECONDS = 15 * 60;

/**
 * Take one attempt for this address before the token is looked at (like
 * password attempts, auth/password-attempts.ts); a successful acceptance gives it back.
 */
export async function takeInvitationAttempt(db: Executor, ip: string | null) {
  const key = `invitation:address:${ip ?? "unknown"}`;
  const counts = await takeRateLimitSlots(db, [key], INVITATION_WINDOW_SECONDS);
  const count = counts.get(key)!;
  if (count.count > INVITATION_ATTEMPT_LIMIT) {
    await refundRateLimitSlots(db, [key]);
    throw tooManyAttempts("Too many invitation attempts.", count.retryAfterSeconds);
  }
  return { succeeded: () => refundRateLimitSlots(db, [key]) };
}
