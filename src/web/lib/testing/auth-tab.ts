import { z } from "zod";
import { AuthClient, type AuthClientOptions } from "../auth/auth-client.ts";
import type { RunExclusive } from "../auth/cross-tab-lock.ts";
import { authStorageKeys, storageNamespace } from "../auth/token-storage.ts";
import { createFakeFetch, type FakeAnswer, fakeAccessToken } from "./fake-fetch.ts";

/**
 * A browser tab for AuthClient tests: an AuthClient on the shared (happy-dom)
 * localStorage, talking to a fake server whose answer to auth.signIn and
 * auth.signOut the test gives. Several tabs may share one lock.
 */
export const ORIGIN = "http://localhost:3000";
export const keys = authStorageKeys(storageNamespace(ORIGIN));
const seconds = (ms: number) => Math.floor(ms / 1000);
export const tokenFor = (expiresInMs: number, sub = "user-1") =>
  fakeAccessToken({ sub, sid: "s1", exp: seconds(Date.now() + expiresInMs) });

/** One lock shared by the "tabs" of a test, like navigator.locks. */
export function sharedLock(): RunExclusive {
  let queue: Promise<unknown> = Promise.resolve();
  return (_name, run) => {
    const result = queue.then(run);
    queue = result.catch(() => undefined);
    return result;
  };
}

const functionCallSchema = z.object({ path: z.string(), args: z.record(z.string(), z.unknown()) });

export type SignIn = (args: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>;

export function tab(
  signIn: SignIn,
  runExclusive = sharedLock(),
  options: Partial<AuthClientOptions> = {},
) {
  const http = createFakeFetch((request) => {
    if (request.url === "/api/auth/cookie") return { body: { ok: true } };
    const body = functionCallSchema.parse(request.body);
    if (body.path === "auth.signIn" || body.path === "auth.signOut") return signIn(body.args);
    throw new Error(`unexpected ${request.url}`);
  });
  const client = new AuthClient({
    origin: ORIGIN,
    storage: localStorage,
    fetchImpl: http.fetchImpl,
    runExclusive,
    eventTarget: null,
    random: () => 0,
    ...options,
  });
  const refreshCalls = () =>
    http.requests.filter(
      (r) => r.url === "/api/action" && JSON.stringify(r.body).includes("refreshToken"),
    );
  const cookieBodies = () =>
    http.requests.filter((r) => r.url === "/api/auth/cookie").map((r) => r.body);
  return { client, requests: http.requests, refreshCalls, cookieBodies };
}

export const issued = (token: string, refreshToken: string): FakeAnswer => ({
  body: { status: "success", value: { tokens: { token, refreshToken } }, logLines: [] },
});
export const failure = (code: string, errorMessage: string): FakeAnswer => ({
  status: 560,
  body: { status: "error", errorMessage, errorData: { code }, logLines: [] },
});
