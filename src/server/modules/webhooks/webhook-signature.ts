import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of a webhook body (decision 019), both ways: what the server
 * posts to an automation and what the automation posts back carry
 *
 *   X-Atrium-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 *
 * keyed with the module's webhook secret. The timestamp inside the signed
 * text makes an old request useless after SIGNATURE_TOLERANCE_SECONDS.
 */

export const SIGNATURE_HEADER = "X-Atrium-Signature";
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header value for `body`, signed now (or at `nowMs`). */
export function signBody(secret: string, body: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Check a signature header against the raw body: present, well formed, matching, recent. */
export function verifySignature(
  header: string | undefined,
  secret: string,
  body: string,
  nowMs = Date.now(),
): SignatureCheck {
  if (!header) return { ok: false, reason: `The ${SIGNATURE_HEADER} header is missing.` };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at <= 0) continue;
    const key = piece.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(at + 1).trim()]);
  }
  const t = Number(parts.get("t")?.[0]);
  const candidates = parts.get("v1") ?? [];
  if (!Number.isInteger(t) || candidates.length === 0) {
    return { ok: false, reason: `The ${SIGNATURE_HEADER} header is malformed.` };
  }
  const expected = Buffer.from(signatureOf(secret, t, body), "hex");
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: "The signature does not match the body." };
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) {
    return { ok: false, reason: "The signature is too old (or from the future)." };
  }
  return { ok: true };
}
