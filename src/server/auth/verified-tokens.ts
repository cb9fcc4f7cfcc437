import { unauthenticated } from "#shared/errors.ts";
import type { AccessClaims } from "./tokens.ts";

/**
 * Access tokens whose signature, audience and issuer were already checked, by their exact text
 * (decision 032, fourth round): a client's every request (a function call, a chat, an upload)
 * does not pay the ES256 verification again. Bounded (least recently used first out) and each
 * entry lives only until its token's own `exp`: a hit past it is refused as expired, exactly as
 * the verification would. Only the token is remembered: whether its session and user are still
 * live is the identity cache's (identity-cache.ts) on every request, so a sign-out, a disabled
 * user or a password change still takes effect at once.
 */
export class VerifiedTokens {
  readonly #max: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, AccessClaims>();

  constructor(options: { max: number; now?: () => number }) {
    this.#max = options.max;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The claims of a token verified before; undefined when it was not (or was dropped).
   * Throws UNAUTHENTICATED ("token_expired") when it was but its `exp` has passed.
   */
  get(token: string): AccessClaims | undefined {
    const claims = this.#entries.get(token);
    if (!claims) return undefined;
    this.#entries.delete(token);
    if (claims.expiresAt <= this.#now()) throw unauthenticated("token_expired");
    // Most recently used last (a Map keeps insertion order).
    this.#entries.set(token, claims);
    return claims;
  }

  /** Remembers a token just verified (never one already expired). */
  set(token: string, claims: AccessClaims): void {
    if (claims.expiresAt <= this.#now()) return;
    this.#entries.delete(token);
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, claims);
  }
}
