import * as authApi from "#shared/api/auth.ts";
import { tokensIn } from "#shared/api/auth.ts";
import { TOKEN_REFRESH_LEEWAY_MS } from "#shared/constants.ts";
import { type AppError, isAppError } from "#shared/errors.ts";
import { withNetworkRetry } from "../network-retry.ts";
import type { RunExclusive } from "./cross-tab-lock.ts";
import { readAccessToken } from "./jwt-claims.ts";
import type { StoredTokens, TokenStorage } from "./token-storage.ts";

/**
 * One token refresh, run under the cross-tab lock. Refresh tokens rotate on
 * every use and reusing a rotated one ends the session, so inside the lock the
 * stored tokens are read again: when another tab has already refreshed (or
 * signed out) meanwhile, its result is adopted instead of spending the token.
 */
export type RefreshOutcome =
  /** Another tab changed the stored tokens: take them as they are (null: signed out). */
  | { kind: "adopted"; tokens: StoredTokens | null }
  | { kind: "refreshed"; tokens: StoredTokens }
  /** The server refused the refresh token: the session is over. */
  | { kind: "refused" }
  /** Network or server trouble: keep what we have and try again later. */
  | { kind: "failed"; error: unknown };

/** A refresh the server refused for good. */
const REFUSED: ReadonlySet<AppError["code"]> = new Set([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "INVALID_ARGS",
]);

export function expiresSoon(token: string, now = Date.now()): boolean {
  const claims = readAccessToken(token);
  return !claims || claims.expiresAt - now <= TOKEN_REFRESH_LEEWAY_MS;
}

export interface RefreshRequest {
  store: TokenStorage;
  runExclusive: RunExclusive;
  lockName: string;
  /** The access token this tab holds: if storage has another, fresh one, a tab refreshed. */
  known: string | null;
  signIn: (args: { refreshToken: string }) => Promise<unknown>;
  random: () => number;
}

export function refreshTokens(request: RefreshRequest): Promise<RefreshOutcome> {
  return request.runExclusive(request.lockName, async (): Promise<RefreshOutcome> => {
    const stored = request.store.load();
    if (!stored || (stored.token !== request.known && !expiresSoon(stored.token))) {
      return { kind: "adopted", tokens: stored };
    }
    try {
      const result = await withNetworkRetry(
        () => request.signIn({ refreshToken: stored.refreshToken }),
        { random: request.random },
      );
      const tokens = tokensIn(authApi.signIn.returns.parse(result));
      // Saved before the lock is released, so the next tab reads the new pair.
      request.store.save(tokens);
      return { kind: "refreshed", tokens };
    } catch (error) {
      if (isAppError(error) && REFUSED.has(error.code)) {
        request.store.save(null);
        return { kind: "refused" };
      }
      return { kind: "failed", error };
    }
  });
}
