// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failure, issued, keys, tab, tokenFor } from "../testing/auth-tab.ts";

/**
 * Single sign-on, one-time codes and two factors in the browser's AuthClient (SPEC 2, 4, 7,
 * 8, 9): the verifier kept under the OAuth verifier key, the code sent with it once, and
 * network failures during code verification tried again after about 500 ms and 2000 ms.
 */
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const answer = (value: unknown) => ({ body: { status: "success", value, logLines: [] } });

describe("single sign-on in the browser", () => {
  it("keeps the server's verifier under the OAuth verifier key and goes to the provider", async () => {
    const navigate = vi.fn();
    const { client, requests } = tab(
      () => answer({ redirect: "https://id.example.com/authorize?x=1", verifier: "v-123" }),
      undefined,
      { navigate },
    );
    await client.signInWithProvider("acme", "/dossier");
    expect(requests[0]?.body).toMatchObject({
      path: "auth.signIn",
      args: { provider: "acme", params: { redirectTo: "/dossier" } },
    });
    expect(localStorage.getItem(keys.oauthVerifier)).toBe("v-123");
    expect(keys.oauthVerifier).toBe("__atriumAuthOAuthVerifier_httplocalhost3000");
    expect(navigate).toHaveBeenCalledWith("https://id.example.com/authorize?x=1");
  });

  it("sends the code with the verifier once, then forgets the verifier", async () => {
    localStorage.setItem(keys.oauthVerifier, "v-123");
    const token = tokenFor(600_000, "user-3");
    const { client, requests } = tab(() => issued(token, "r1"));
    const step = await client.signInWithCode("c-456");
    expect(requests[0]?.body).toMatchObject({
      path: "auth.signIn",
      args: { params: { code: "c-456" }, verifier: "v-123" },
    });
    expect(step).toEqual({ kind: "signedIn", recoveryCodes: undefined, redirectTo: undefined });
    expect(client.getState()).toMatchObject({ isAuthenticated: true, userId: "user-3" });
    expect(localStorage.getItem(keys.oauthVerifier)).toBeNull();
  });

  it("sends an emailed link's code without a verifier", async () => {
    const { client, requests } = tab(() => issued(tokenFor(600_000), "r1"));
    await client.signInWithCode("link-token");
    expect((requests[0]!.body as { args: unknown }).args).toEqual({
      params: { code: "link-token" },
    });
  });
});

describe("code verification retries (SPEC 8)", () => {
  for (const message of [
    "Failed to fetch",
    "Load failed",
    "network error",
    "fetch failed",
    "terminated",
  ]) {
    it(`tries again after ~500 ms and ~2000 ms on "${message}"`, async () => {
      let calls = 0;
      const token = tokenFor(600_000);
      const { client } = tab(
        () => {
          calls++;
          if (calls < 3) throw new TypeError(message);
          return issued(token, "r1");
        },
        undefined,
        { random: () => 0.5 },
      );
      const done = client.signInWithCode("c-1");
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(549); // 500 + 50 jitter
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(2049); // 2000 + 50 jitter
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toMatchObject({ kind: "signedIn" });
      expect(calls).toBe(3);
    });
  }

  it("gives up after two retries", async () => {
    let calls = 0;
    const { client } = tab(() => {
      calls++;
      throw new TypeError("Failed to fetch");
    });
    const done = client.signInWithCode("c-1");
    const outcome = expect(done).rejects.toThrow(/Could not reach the server/);
    await vi.advanceTimersByTimeAsync(3000);
    await outcome;
    expect(calls).toBe(3);
  });

  it("throws other errors at once", async () => {
    let calls = 0;
    const { client } = tab(() => {
      calls++;
      return failure("UNAUTHENTICATED", "This sign-in link has expired or was already used.");
    });
    await expect(client.signInWithCode("c-1")).rejects.toThrow(/already used/);
    expect(calls).toBe(1);
  });
});

describe("two factors and emailed codes", () => {
  it("reports a second-factor challenge, then signs in with the code", async () => {
    const token = tokenFor(600_000);
    let call = 0;
    const { client, requests } = tab(() =>
      ++call === 1
        ? answer({ twoFactor: { challenge: "ch-1", purpose: "verify" } })
        : issued(token, "r1"),
    );
    expect(await client.signIn("ada@example.com", "pw")).toEqual({
      kind: "twoFactor",
      challenge: "ch-1",
      purpose: "verify",
    });
    expect(client.getState().isAuthenticated).toBe(false);
    await client.signInWithSecondFactor("ch-1", "123456");
    expect(requests[1]?.body).toMatchObject({
      args: { provider: "two-factor", params: { challenge: "ch-1", code: "123456" } },
    });
    expect(client.getState().isAuthenticated).toBe(true);
  });

  it("asks for an emailed code, then signs in with its 6 digits", async () => {
    let call = 0;
    const { client, requests } = tab(() =>
      ++call === 1 ? answer({ started: true }) : issued(tokenFor(600_000), "r1"),
    );
    expect(await client.requestEmailCode("ada@example.com")).toEqual({ kind: "codeSent" });
    await client.signInWithEmailCode("ada@example.com", "654321");
    const calls = requests.filter((r) => r.url === "/api/action");
    expect(calls.map((r) => (r.body as { args: unknown }).args)).toEqual([
      { provider: "email", params: { email: "ada@example.com" } },
      { provider: "email", params: { email: "ada@example.com", code: "654321" } },
    ]);
  });
});
