import { unauthenticated } from "#shared/errors.ts";
import { Lru } from "../lib/lru.ts";
import type { AccessClaims } from "./tokens.ts";

/** How often a full cache may sweep its expired tokens before dropping a live one. */
const PRUNE_EVERY_MS = 60_000;

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
  readonly #now: () => number;
  readonly #entries: Lru<string, AccessClaims>;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: { max: number; now?: () => number }) {
    this.#entries = new Lru({ max: options.max });
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
    if (claims.expiresAt <= this.#now()) {
      this.#entries.delete(token);
      throw unauthenticated("token_expired");
    }
    return claims;
  }

  /**
   * Remembers a token just verified (never one already expired). When full, the expired tokens
   * go first (at most once a minute), then the least recently used.
   */
  set(token: string, claims: AccessClaims): void {
    const now = this.#now();
    if (claims.expiresAt <= now) return;
    if (
      this.#entries.size >= this.#entries.max &&
      !this.#entries.has(token) &&
      now - this.#prunedAt >= PRUNE_EVERY_MS
    ) {
      this.#prunedAt = now;
      this.#entries.prune((entry) => entry.expiresAt <= now);
    }
    this.#entries.set(token, claims);
  }
}
