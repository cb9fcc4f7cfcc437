import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** TOTP as authenticator apps do it (RFC 6238): SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too (clocks drift, people type slowly). */
export const TOTP_WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = "account", issuer = "Atrium"): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// address a QR code carries, for the app to add the account. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totpFor(secret, label, issuer).toString();
}

/** The code an app shows at `timestamp` (tests). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totpFor(secret).generate({ timestamp });
}

/**
 * The 30-second step a code belongs to, when it is right within the window around
 * `timestamp`; undefined otherwise. Callers refuse a step already used (a code works once).
 */
export function matchTotp(
  secret: string,
  code: string,
  timestamp = Date.now(),
): number | undefined {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpFor(secret).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes such as "k7dm-x3qa-9t": 10 characters from 31, about 50 bits each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** A recovery code as typed: lower case, without dashes or spaces. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code)) && !/^\d+$/.test(code.trim());
}
