import { generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { AppError } from "#shared/errors.ts";
import { JWT_ALG, type SigningKey } from "./signing-key.ts";
import { signAccessToken, verifyAccessToken } from "./tokens.ts";
import { VerifiedTokens } from "./verified-tokens.ts";

const ISSUER = "http://localhost:3000";

async function testKey(): Promise<SigningKey> {
  const pair = await generateKeyPair(JWT_ALG);
  return { kid: "test", privateKey: pair.privateKey, publicKey: pair.publicKey };
}

const claimsOf = (n: number, expiresAt = Date.now() + 60_000) => ({
  userId: `u${n}`,
  sessionId: `s${n}`,
  expiresAt,
});

describe("VerifiedTokens", () => {
  it("refuses a cached token once its exp has passed, as the verification would", async () => {
    const key = await testKey();
    const token = await signAccessToken(key, { userId: "u1", sessionId: "s1" }, 60, ISSUER);
    const claims = await verifyAccessToken(key, token, ISSUER);
    let now = Date.now();
    const cache = new VerifiedTokens({ max: 10, now: () => now });
    cache.set(token, claims);
    expect(cache.get(token)).toEqual(claims);
    now = claims.expiresAt - 1;
    expect(cache.get(token)).toEqual(claims);
    now = claims.expiresAt;
    let refused: unknown;
    try {
      cache.get(token);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "UNAUTHENTICATED", data: { reason: "token_expired" } });
    // And it is gone: the next use verifies again (and jose refuses it the same way once due).
    expect(cache.get(token)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never stores a token already expired", () => {
    const cache = new VerifiedTokens({ max: 10 });
    cache.set("old", claimsOf(1, Date.now() - 1));
    expect(cache.get("old")).toBeUndefined();
  });

  it("drops the least recently used past its bound", () => {
    const cache = new VerifiedTokens({ max: 3 });
    for (const n of [1, 2, 3]) cache.set(`t${n}`, claimsOf(n));
    expect(cache.get("t1")?.userId).toBe("u1"); // t1 used: t2 is now the oldest
    cache.set("t4", claimsOf(4));
    expect(cache.size).toBe(3);
    expect(cache.get("t2")).toBeUndefined();
    expect(cache.get("t1")?.userId).toBe("u1");
    expect(cache.get("t3")?.userId).toBe("u3");
    expect(cache.get("t4")?.userId).toBe("u4");
  });
});

describe("VerifiedTokens when full", () => {
  it("drops the expired tokens before a live one, and stays within its bound", () => {
    let now = 1_000_000;
    const cache = new VerifiedTokens({ max: 4, now: () => now });
    cache.set("short1", claimsOf(1, now + 1000));
    cache.set("short2", claimsOf(2, now + 1000));
    cache.set("long3", claimsOf(3, now + 600_000));
    cache.set("long4", claimsOf(4, now + 600_000));
    now += 2000; // short1 and short2 have expired, unread
    cache.set("long5", claimsOf(5, now + 600_000));
    cache.set("long6", claimsOf(6, now + 600_000));
    expect(cache.size).toBe(4);
    for (const token of ["long3", "long4", "long5", "long6"])
      expect(cache.get(token)?.expiresAt).toBeGreaterThan(now);
    // Full of live tokens: the least recently used goes (long3), whatever the sweep finds.
    for (let n = 7; n < 100; n++) cache.set(`long${n}`, claimsOf(n, now + 600_000));
    expect(cache.size).toBe(4);
    expect(cache.get("long3")).toBeUndefined();
    expect(cache.get("long99")?.userId).toBe("u99");
  });
});
