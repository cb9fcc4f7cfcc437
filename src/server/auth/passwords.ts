import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id` (the package ships it as a const enum, which type stripping cannot read). */
const ARGON2ID = 2;

/**
 * argon2id with the OWASP ASVS / Password Storage Cheat Sheet parameters:
 * 19 MiB of memory, 2 iterations, 1 lane.
 */
const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spend the same time as a real check when there is no user (or no password)
 * to check against, so an unknown email answers like a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("atrium-dummy-password-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}
