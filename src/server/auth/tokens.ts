import { createHash, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError, unauthenticated } from "#shared/errors.ts";
import { JWT_ALG, type SigningKey } from "./signing-key.ts";

const AUDIENCE = "atrium";

export interface AccessClaims {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

export async function signAccessToken(
  key: SigningKey,
  claims: { userId: string; sessionId: string },
  ttlSeconds: number,
  issuer: string,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: JWT_ALG, kid: key.kid, typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}

/** Verify signature, audience, issuer and expiry; any failure is UNAUTHENTICATED. */
export async function verifyAccessToken(
  key: SigningKey,
  token: string,
  issuer: string,
): Promise<AccessClaims> {
  if (token.length > 4096) throw unauthenticated("invalid_token");
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [JWT_ALG],
      audience: AUDIENCE,
      issuer,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || !payload.exp) {
      throw unauthenticated("invalid_token");
    }
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw unauthenticated("token_expired");
    throw unauthenticated("invalid_token");
  }
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString("base64url");
export const hashRefreshToken = (token: string): string =>
  createHash("sha256").update(token).digest("base64url");
