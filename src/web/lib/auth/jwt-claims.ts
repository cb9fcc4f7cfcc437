import { z } from "zod";

/**
 * Reads the claims of an access token (a JWT) without verifying it: the
 * server verifies; the client only needs who it is and when it expires.
 */
const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().optional(),
  exp: z.number(),
});

export interface AccessTokenClaims {
  userId: string;
  sessionId: string | null;
  /** Expiry in epoch milliseconds. */
  expiresAt: number;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function readAccessToken(token: string): AccessTokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(payload));
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(json);
  if (!claims.success) return null;
  return {
    userId: claims.data.sub,
    sessionId: claims.data.sid ?? null,
    expiresAt: claims.data.exp * 1000,
  };
}
