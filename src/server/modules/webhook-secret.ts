import { randomBytes } from "node:crypto";

/**
 * A webhook module's signing secret (decision 018): 32 random bytes,
 * base64url, prefixed `whsec_` so that one found in a log or a paste is
 * recognisable. It is stored as is (the server signs with it) and answered
 * only by the call that makes it: no view of a module carries it.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}
