// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failure, issued, keys, ORIGIN, sharedLock, tab, tokenFor } from "../testing/auth-tab.ts";
import { authStorageKeys, storageNamespace, TokenStorage } from "./token-storage.ts";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe("token storage", () => {
  it("names keys with the prefix and the origin stripped to letters and digits", () => {
    expect(authStorageKeys(storageNamespace("https://app.example.com:8443")).accessToken).toBe(
      "__atriumAuthJWT_httpsappexamplecom8443",
    );
    expect(keys.refreshToken).toBe("__atriumAuthRefreshToken_httplocalhost3000");
  });
});

describe("AuthClient start-up", () => {
  it("restores a stored sign-in and syncs it to the cookies", async () => {
    const token = tokenFor(600_000);
    new TokenStorage(localStorage, storageNamespace(ORIGIN)).save({ token, refreshToken: "r1" });
    const { client, cookieBodies, refreshCalls } = tab(() => issued("x", "y"));
    await client.init();
    expect(client.getState()).toEqual({
      isLoading: false,
      isAuthenticated: true,
      userId: "user-1",
      token,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(cookieBodies()).toEqual([{ token, refreshToken: "r1" }]);
    expect(refreshCalls()).toEqual([]);
  });

  it("clears the cookies when nobody is signed in", async () => {
    const { client, cookieBodies } = tab(() => issued("x", "y"));
    await client.init();
    expect(client.getState()).toMatchObject({
      isLoading: false,
      isAuthenticated: false,
      userId: null,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(cookieBodies()).toEqual([null]);
  });

  it("refreshes an expired stored token before it reports the state", async () => {
    localStorage.setItem(keys.accessToken, tokenFor(-1000));
    localStorage.setItem(keys.refreshToken, "r1");
    const fresh = tokenFor(600_000, "user-1");
    const { client, refreshCalls } = tab(() => issued(fresh, "r2"));
    await client.init();
    expect(refreshCalls().map((r) => r.body)).toEqual([
      { path: "auth.signIn", args: { refreshToken: "r1" }, format: "json" },
    ]);
    expect(client.getState().token).toBe(fresh);
    expect(localStorage.getItem(keys.refreshToken)).toBe("r2");
  });
});

describe("AuthClient refresh", () => {
  it("refreshes 2 s before the access token expires", async () => {
    const { client, refreshCalls } = tab(() => issued(tokenFor(600_000), "r2"));
    client.completeSignIn({ token: tokenFor(60_000), refreshToken: "r1" });
    const seen = vi.fn();
    client.subscribe(seen);
    await vi.advanceTimersByTimeAsync(57_900);
    expect(refreshCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(refreshCalls()).toHaveLength(1);
    expect(seen).toHaveBeenCalled();
    expect(localStorage.getItem(keys.refreshToken)).toBe("r2");
  });

  it("retries a network failure after about 500 ms and then 2000 ms", async () => {
    let calls = 0;
    const fresh = tokenFor(600_000);
    const { client, refreshCalls } = tab(() => {
      calls++;
      if (calls < 3) throw new TypeError("Failed to fetch");
      return issued(fresh, "r2");
    });
    client.completeSignIn({ token: tokenFor(60_000), refreshToken: "r1" });
    const token = client.fetchAccessToken({ forceRefresh: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshCalls()).toHaveLength(1);
    expect(client.isRefreshing()).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(refreshCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(refreshCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(token).resolves.toBe(fresh);
    expect(refreshCalls()).toHaveLength(3);
    expect(client.isRefreshing()).toBe(false);
  });

  it("signs out when the server refuses the refresh token", async () => {
    const { client, cookieBodies } = tab(() =>
      failure("UNAUTHENTICATED", "Authentication required"),
    );
    client.completeSignIn({ token: tokenFor(60_000), refreshToken: "r1" });
    await expect(client.fetchAccessToken({ forceRefresh: true })).resolves.toBeNull();
    expect(client.getState()).toMatchObject({ isAuthenticated: false, token: null });
    expect(localStorage.getItem(keys.accessToken)).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(cookieBodies().at(-1)).toBeNull();
  });

  it("keeps the sign-in when the refresh fails for a passing reason", async () => {
    const current = tokenFor(60_000);
    const { client } = tab(() => failure("INTERNAL", "Something went wrong"));
    client.completeSignIn({ token: current, refreshToken: "r1" });
    await expect(client.fetchAccessToken({ forceRefresh: true })).resolves.toBe(current);
    expect(client.getState().isAuthenticated).toBe(true);
  });

  it("lets only one of two tabs spend the refresh token; the other adopts its result", async () => {
    const lock = sharedLock();
    let serial = 0;
    const server = () => issued(tokenFor(600_000, `user-1`), `r${++serial + 1}`);
    const first = tab(server, lock);
    const second = tab(server, lock);
    const start = { token: tokenFor(60_000), refreshToken: "r1" };
    first.client.completeSignIn(start);
    await second.client.init();
    const [a, b] = await Promise.all([
      first.client.fetchAccessToken({ forceRefresh: true }),
      second.client.fetchAccessToken({ forceRefresh: true }),
    ]);
    expect(first.refreshCalls().length + second.refreshCalls().length).toBe(1);
    expect(a).toBe(b);
    expect(localStorage.getItem(keys.refreshToken)).toBe("r2");
  });
});
