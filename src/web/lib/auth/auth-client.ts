import type { SignInResult } from "#shared/api/auth.ts";
import * as authApi from "#shared/api/auth.ts";
import { TOKEN_REFRESH_LEEWAY_MS } from "#shared/constants.ts";
import { isNetworkError, withNetworkRetry } from "../network-retry.ts";
import { callOverHttp, type FetchLike } from "../sync/http-transport.ts";
import { CookieSync } from "./cookie-sync.ts";
import { browserLocks, type RunExclusive } from "./cross-tab-lock.ts";
import { readAccessToken } from "./jwt-claims.ts";
import { expiresSoon, refreshTokens } from "./refresh-tokens.ts";
import {
  defaultStorage,
  type StorageLike,
  type StoredTokens,
  storageNamespace,
  TokenStorage,
} from "./token-storage.ts";

export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  userId: string | null;
  token: string | null;
}

export interface AuthClientOptions {
  fetchImpl?: FetchLike;
  storage?: StorageLike | null;
  /** Defaults to location.origin; names the storage keys and the refresh lock. */
  origin?: string;
  baseUrl?: string;
  runExclusive?: RunExclusive;
  /** Where `storage` events from other tabs arrive (default: window). */
  eventTarget?: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  random?: () => number;
  /** Goes to the identity provider (default: location.assign). */
  navigate?: (url: string) => void;
}

/** Where a sign-in step left the person. */
export type SignInStep =
  | { kind: "signedIn"; recoveryCodes?: string[]; redirectTo?: string }
  | { kind: "twoFactor"; challenge: string; purpose: "verify" | "setup" }
  | { kind: "codeSent" };

/** After a refresh failed for another reason (server down), try again this much later. */
const REFRESH_RETRY_MS = 10_000;
const MAX_TIMER_MS = 2_147_483_647;
const HTTP_TIMEOUT_MS = 15_000;
const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/**
 * The browser's sign-in state: tokens in localStorage, refreshed ahead of
 * expiry under a cross-tab lock (refresh tokens rotate, and reusing a rotated
 * one ends the session), adopted from other tabs through `storage` events, and
 * mirrored into HttpOnly cookies.
 */
export class AuthClient {
  private state: AuthState = { isLoading: true, isAuthenticated: false, userId: null, token: null };
  private tokens: StoredTokens | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly store: TokenStorage;
  private readonly cookies: CookieSync;
  private readonly fetchImpl: FetchLike;
  private readonly baseUrl: string;
  private readonly lockName: string;
  private readonly runExclusive: RunExclusive;
  private readonly eventTarget: AuthClientOptions["eventTarget"];
  private readonly random: () => number;
  private readonly navigate: (url: string) => void;
  private initPromise: Promise<void> | null = null;
  private refreshing: Promise<string | null> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by sign-in and sign-out so that a refresh already under way cannot undo them. */
  private generation = 0;

  constructor(options: AuthClientOptions = {}) {
    const namespace = storageNamespace(options.origin ?? globalThis.location?.origin ?? "");
    this.store = new TokenStorage(
      options.storage === undefined ? defaultStorage() : options.storage,
      namespace,
    );
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
    this.baseUrl = options.baseUrl ?? "";
    this.cookies = new CookieSync(this.fetchImpl, this.baseUrl);
    this.lockName = `atrium-auth-refresh-${namespace}`;
    this.runExclusive = options.runExclusive ?? browserLocks();
    this.eventTarget =
      options.eventTarget === undefined ? (globalThis.window ?? null) : options.eventTarget;
    this.random = options.random ?? Math.random;
    this.navigate = options.navigate ?? ((url) => globalThis.location.assign(url));
  }

  getState = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True while a token refresh is in flight (the leave-page guard asks). */
  isRefreshing = (): boolean => this.refreshing !== null;

  /**
   * Resolves once the HttpOnly cookies match the sign-in state (see CookieSync): a page that
   * leaves right after signing in waits for it rather than cut the request off.
   */
  cookiesSettled = (): Promise<void> => this.cookies.settled();

  /** Loads stored tokens, refreshes them if they are about to expire, syncs cookies. */
  init = (): Promise<void> => {
    this.initPromise ??= this.load();
    return this.initPromise;
  };

  signIn = (email: string, password: string): Promise<SignInStep> =>
    this.step({ provider: "password", params: { email, password } });

  /** Email a sign-in code (a link and 6 digits) to this address. */
  requestEmailCode = (email: string): Promise<SignInStep> =>
    this.step({ provider: "email", params: { email } });

  signInWithEmailCode = (email: string, code: string): Promise<SignInStep> =>
    this.step({ provider: "email", params: { email, code } });

  /** The second factor after a password or an emailed code: an app's code or a recovery code. */
  signInWithSecondFactor = (challenge: string, code: string): Promise<SignInStep> =>
    this.step({ provider: "two-factor", params: { challenge, code } });

  /**
   * Single sign-on (SPEC 4, 7): the server answers `{redirect, verifier}`; the verifier is
   * kept under the OAuth verifier key and the browser goes to the provider.
   */
  signInWithProvider = async (provider: string, redirectTo?: string): Promise<void> => {
    const result = await this.send({
      provider,
      params: redirectTo ? { redirectTo } : {},
    });
    if (!("redirect" in result)) throw new Error("The server did not start single sign-on.");
    this.store.saveVerifier(result.verifier);
    this.navigate(result.redirect);
  };

  /**
   * The one-time `code` from the address bar (SPEC 2, 7): single sign-on's, sent with the
   * verifier kept when it started, or an emailed link's. Network failures are tried again
   * after about 500 ms and 2000 ms (SPEC 8); the verifier is used once.
   */
  signInWithCode = async (code: string): Promise<SignInStep> => {
    const verifier = this.store.loadVerifier();
    this.store.saveVerifier(null);
    const args = verifier ? { params: { code }, verifier } : { params: { code } };
    const result = await withNetworkRetry(() => this.call(authApi.signIn.path, args, null), {
      random: this.random,
    }).catch((error: unknown) => {
      throw isNetworkError(error) ? new Error(NETWORK_MESSAGE, { cause: error }) : error;
    });
    return this.finish(authApi.signIn.returns.parse(result));
  };

  private async send(args: Record<string, unknown>): Promise<SignInResult> {
    const result = await this.call(authApi.signIn.path, args, null).catch((error) => {
      throw isNetworkError(error) ? new Error(NETWORK_MESSAGE, { cause: error }) : error;
    });
    return authApi.signIn.returns.parse(result);
  }

  private async step(args: Record<string, unknown>): Promise<SignInStep> {
    return this.finish(await this.send(args));
  }

  private finish(result: SignInResult): SignInStep {
    if ("tokens" in result) {
      this.completeSignIn(result.tokens);
      return {
        kind: "signedIn",
        recoveryCodes: result.recoveryCodes,
        redirectTo: result.redirectTo,
      };
    }
    if ("twoFactor" in result) return { kind: "twoFactor", ...result.twoFactor };
    if ("started" in result) return { kind: "codeSent" };
    throw new Error("Unexpected answer to sign-in.");
  }

  /** Ends the session on the server; the tokens go even if that call fails. */
  signOut = async (): Promise<void> => {
    try {
      const token = this.tokens ? await this.fetchAccessToken() : null;
      if (token) await this.call(authApi.signOut.path, {}, token);
    } catch (error) {
      console.warn("Signing out on the server failed; signed out in this browser", error);
    } finally {
      this.generation++;
      this.setTokens(null, { persist: true, syncCookies: true });
    }
  };

  /** Stores tokens obtained by another flow (setup, one-time code). */
  completeSignIn = (tokens: StoredTokens): void => {
    this.generation++;
    this.setTokens(tokens, { persist: true, syncCookies: true });
  };

  /** The current access token, refreshed first when it expires within the leeway. */
  fetchAccessToken = async (options: { forceRefresh?: boolean } = {}): Promise<string | null> => {
    await this.init();
    if (!this.tokens) return null;
    if (options.forceRefresh || expiresSoon(this.tokens.token)) return this.refresh();
    return this.tokens.token;
  };

  dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.eventTarget?.removeEventListener("storage", this.onStorage);
    this.listeners.clear();
  }

  private async load(): Promise<void> {
    this.eventTarget?.addEventListener("storage", this.onStorage);
    const stored = this.store.load();
    if (stored && !expiresSoon(stored.token)) {
      this.setTokens(stored, { persist: false, syncCookies: true });
      return;
    }
    if (!stored) {
      this.setTokens(null, { persist: false, syncCookies: true });
      return;
    }
    this.tokens = stored;
    await this.refresh();
    // The refresh failed for a passing reason (it retries by itself): show
    // the stored sign-in rather than loading forever.
    if (this.state.isLoading) this.publish();
  }

  private refresh(): Promise<string | null> {
    this.refreshing ??= this.refreshUnderLock().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshUnderLock(): Promise<string | null> {
    const generation = this.generation;
    const outcome = await refreshTokens({
      store: this.store,
      runExclusive: this.runExclusive,
      lockName: this.lockName,
      known: this.tokens?.token ?? null,
      signIn: (args) => this.call(authApi.signIn.path, args, null),
      random: this.random,
    });
    if (generation !== this.generation) {
      // Signed in or out meanwhile: that decision stands, in storage too.
      this.store.save(this.tokens);
      return this.tokens?.token ?? null;
    }
    if (outcome.kind === "failed") {
      console.warn("Refreshing the sign-in failed; trying again shortly", outcome.error);
      this.schedule(REFRESH_RETRY_MS);
      return this.tokens?.token ?? null;
    }
    const tokens = outcome.kind === "refused" ? null : outcome.tokens;
    this.setTokens(tokens, { persist: false, syncCookies: outcome.kind !== "adopted" });
    return this.tokens?.token ?? null;
  }

  private setTokens(
    tokens: StoredTokens | null,
    effects: { persist: boolean; syncCookies: boolean },
  ): void {
    const claims = tokens ? readAccessToken(tokens.token) : null;
    const usable = claims ? tokens : null;
    this.tokens = usable;
    if (effects.persist || (tokens && !usable)) this.store.save(usable);
    if (claims) this.schedule(claims.expiresAt - Date.now() - TOKEN_REFRESH_LEEWAY_MS);
    else this.schedule(null);
    if (effects.syncCookies) void this.cookies.sync(usable);
    this.publish();
  }

  private publish(): void {
    const token = this.tokens?.token ?? null;
    if (!this.state.isLoading && this.state.token === token) return;
    const userId = token ? (readAccessToken(token)?.userId ?? null) : null;
    this.state = { isLoading: false, isAuthenticated: token !== null, userId, token };
    for (const listener of [...this.listeners]) listener();
  }

  private schedule(delayMs: number | null): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    if (delayMs === null) return;
    const delay = Math.min(Math.max(delayMs, 0), MAX_TIMER_MS);
    this.refreshTimer = setTimeout(() => void this.refresh(), delay);
  }

  private readonly onStorage = (event: StorageEvent): void => {
    if (!this.store.concerns(event.key)) return;
    const stored = this.store.load();
    if (
      stored?.token === this.tokens?.token &&
      stored?.refreshToken === this.tokens?.refreshToken
    ) {
      return;
    }
    this.setTokens(stored, { persist: false, syncCookies: false });
  };

  private call(path: string, args: Record<string, unknown>, token: string | null) {
    return callOverHttp({
      fetchImpl: this.fetchImpl,
      baseUrl: this.baseUrl,
      kind: "action",
      path,
      args,
      token,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  }
}
