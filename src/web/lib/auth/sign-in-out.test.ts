// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { failure, issued, keys, tab, tokenFor } from "../testing/auth-tab.ts";

beforeEach(() => localStorage.clear());

describe("AuthClient sign-in", () => {
  it("stores the tokens and reports the user", async () => {
    const token = tokenFor(600_000, "user-7");
    const { client, requests } = tab(() => issued(token, "r1"));
    await client.signIn("ada@example.com", "correct horse");
    expect(requests[0]?.body).toEqual({
      path: "auth.signIn",
      args: {
        provider: "password",
        params: { email: "ada@example.com", password: "correct horse" },
      },
      format: "json",
    });
    expect(client.getState()).toEqual({
      isLoading: false,
      isAuthenticated: true,
      userId: "user-7",
      token,
    });
    expect(localStorage.getItem(keys.accessToken)).toBe(token);
    expect(localStorage.getItem(keys.refreshToken)).toBe("r1");
  });

  it("throws the server's message when the password is wrong", async () => {
    const { client } = tab(() => failure("UNAUTHENTICATED", "Invalid email or password"));
    await expect(client.signIn("ada@example.com", "nope")).rejects.toThrow(
      "Invalid email or password",
    );
    expect(client.getState().isAuthenticated).toBe(false);
  });

  it("says the server is unreachable instead of a browser message", async () => {
    const { client } = tab(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(client.signIn("ada@example.com", "pw")).rejects.toThrow(
      /Could not reach the server/,
    );
  });
});

describe("AuthClient sign-out", () => {
  it("ends the session on the server with the access token", async () => {
    const token = tokenFor(600_000);
    const { client, requests } = tab(() => ({
      body: { status: "success", value: null, logLines: [] },
    }));
    client.completeSignIn({ token, refreshToken: "r1" });
    await client.signOut();
    const call = requests.find((r) => r.url === "/api/action");
    expect(call?.body).toMatchObject({ path: "auth.signOut" });
    expect(call?.headers.authorization).toBe(`Bearer ${token}`);
    expect(client.getState().isAuthenticated).toBe(false);
  });

  it("clears the tokens and cookies even when the server call fails", async () => {
    const { client, cookieBodies } = tab(() => {
      throw new TypeError("Failed to fetch");
    });
    client.completeSignIn({ token: tokenFor(600_000), refreshToken: "r1" });
    await client.signOut();
    expect(client.getState()).toMatchObject({ isAuthenticated: false, token: null, userId: null });
    expect(localStorage.getItem(keys.accessToken)).toBeNull();
    expect(localStorage.getItem(keys.refreshToken)).toBeNull();
    await vi.waitFor(() => expect(cookieBodies().at(-1)).toBeNull());
  });
});

describe("AuthClient across tabs", () => {
  it("adopts tokens another tab stored, and its sign-out", async () => {
    const events = new EventTarget();
    const { client } = tab(() => issued("unused", "unused"), undefined, { eventTarget: events });
    await client.init();
    const token = tokenFor(600_000, "user-2");
    localStorage.setItem(keys.refreshToken, "r9");
    localStorage.setItem(keys.accessToken, token);
    events.dispatchEvent(new StorageEvent("storage", { key: keys.accessToken }));
    expect(client.getState()).toMatchObject({ isAuthenticated: true, userId: "user-2", token });

    localStorage.removeItem(keys.accessToken);
    localStorage.removeItem(keys.refreshToken);
    events.dispatchEvent(new StorageEvent("storage", { key: keys.refreshToken }));
    expect(client.getState().isAuthenticated).toBe(false);
    client.dispose();
  });
});
