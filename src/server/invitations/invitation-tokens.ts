import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Invitation tokens: 32 random bytes (base64url) in the link; only their
 * sha256 is stored, so the database never holds a usable link.
 */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` hashes to `storedHash`, compared in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const actual = Buffer.from(hashInvitationToken(token), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The public link that accepts an invitation. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invite/${token}`;
}
