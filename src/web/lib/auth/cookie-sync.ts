import type { FetchLike } from "../sync/http-transport.ts";
import type { StoredTokens } from "./token-storage.ts";

/**
 * SPEC syncTokensToCookies: POST /api/auth/cookie with the tokens, or null to
 * clear the HttpOnly cookies that file downloads and previews use. Calls run
 * one after another so the last state always wins.
 */
export class CookieSync {
  private queue: Promise<void> = Promise.resolve();
  private readonly fetchImpl: FetchLike;
  private readonly baseUrl: string;

  constructor(fetchImpl: FetchLike, baseUrl: string) {
    this.fetchImpl = fetchImpl;
    this.baseUrl = baseUrl;
  }

  sync(tokens: StoredTokens | null): Promise<void> {
    const body = tokens ? { token: tokens.token, refreshToken: tokens.refreshToken } : null;
    this.queue = this.queue.then(() => this.post(body));
    return this.queue;
  }

  /** Resolves once every call made so far has ended (it never rejects). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async post(body: StoredTokens | null): Promise<void> {
    try {
      const response = await this.fetchImpl(`${this.baseUrl}/api/auth/cookie`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      if (!response.ok)
        console.warn(`Syncing the sign-in cookies failed (HTTP ${response.status})`);
    } catch (error) {
      console.warn("Syncing the sign-in cookies failed", error);
    }
  }
}
