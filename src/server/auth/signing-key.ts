import { eq } from "drizzle-orm";
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Executor } from "../db/database.ts";
import { serverState } from "../db/schema.ts";

const KEY = "jwt-signing-key";
export const JWT_ALG = "ES256";

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/**
 * The access-token signing key: generated on first start and kept in the
 * database so that every instance signs and verifies with the same key.
 */
export async function loadSigningKey(db: Executor): Promise<SigningKey> {
  let row = (await db.select().from(serverState).where(eq(serverState.key, KEY)))[0];
  if (!row) {
    const pair = await generateKeyPair(JWT_ALG, { extractable: true });
    const value = {
      kid: crypto.randomUUID(),
      privateJwk: await exportJWK(pair.privateKey),
      publicJwk: await exportJWK(pair.publicKey),
    };
    // Two instances starting at once: the first insert wins, both read it back.
    await db.insert(serverState).values({ key: KEY, value }).onConflictDoNothing();
    row = (await db.select().from(serverState).where(eq(serverState.key, KEY)))[0]!;
  }
  const value = row.value as { kid: string; privateJwk: JWK; publicJwk: JWK };
  return {
    kid: value.kid,
    privateKey: (await importJWK(value.privateJwk, JWT_ALG)) as CryptoKey,
    publicKey: (await importJWK(value.publicJwk, JWT_ALG)) as CryptoKey,
  };
}
