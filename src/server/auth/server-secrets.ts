import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../db/database.ts";
import { serverState } from "../db/schema.ts";

const KEY = "sign-in-secret";

/**
 * Keys for what the sign-in methods keep at rest (decision 030): AES-256-GCM for TOTP
 * secrets and PKCE verifiers, HMAC for 6-digit codes (a plain hash of one of a million
 * codes would be undone by trying them all). Both are derived (HKDF) from one random
 * server secret kept in `server_state`, made on first use and shared by every instance.
 */
export interface SignInSecrets {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A keyed hash of a short code (base64url). */
  hmac(value: string): string;
}

const cache = new WeakMap<object, Promise<SignInSecrets>>();

/** The secrets of the database `db` belongs to (loaded once per database object). */
export function signInSecrets(db: Executor, owner: object = db): Promise<SignInSecrets> {
  let secrets = cache.get(owner);
  if (!secrets) {
    secrets = loadSecrets(db);
    secrets.catch(() => cache.delete(owner));
    cache.set(owner, secrets);
  }
  return secrets;
}

async function loadSecrets(db: Executor): Promise<SignInSecrets> {
  let row = (await db.select().from(serverState).where(eq(serverState.key, KEY)))[0];
  if (!row) {
    await db
      .insert(serverState)
      .values({ key: KEY, value: { secret: randomBytes(32).toString("base64url") } })
      .onConflictDoNothing();
    row = (await db.select().from(serverState).where(eq(serverState.key, KEY)))[0]!;
  }
  const master = Buffer.from(String(row.value.secret), "base64url");
  return secretsFrom(master);
}

export function secretsFrom(master: Buffer): SignInSecrets {
  const derive = (info: string) =>
    Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `atrium ${info}`, 32));
  const encryptionKey = derive("sign-in encryption v1");
  const hmacKey = derive("sign-in codes v1");
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), body].map(encode).join(".");
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) {
        throw new Error("unknown sealed value");
      }
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, decode(iv));
      decipher.setAuthTag(decode(tag));
      return Buffer.concat([decipher.update(decode(body)), decipher.final()]).toString("utf8");
    },
    hmac: (value) => createHmac("sha256", hmacKey).update(value).digest("base64url"),
  };
}

const encode = (part: string | Buffer) =>
  typeof part === "string" ? part : part.toString("base64url");
const decode = (part: string) => Buffer.from(part, "base64url");

/** SHA-256 (base64url) of an unguessable token: the link tokens, states and codes kept at rest. */
export const sha256 = (value: string): string =>
  createHash("sha256").update(value).digest("base64url");

/** 256 random bits as base64url. */
export const randomToken = (): string => randomBytes(32).toString("base64url");

/** Compare two strings in constant time (for their length). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
