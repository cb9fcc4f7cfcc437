import { useMutation, useQuery } from "@tanstack/react-query";
import * as authApi from "#shared/api/auth.ts";
import type { ArgsOf, FunctionContract, ResultOf } from "#shared/api/define.ts";
import * as setupApi from "#shared/api/setup.ts";
import * as twoFactorApi from "#shared/api/two-factor.ts";
import type { AuthClient } from "../../lib/auth/auth-client.ts";
import { functionKey, parseResult, wireArgs } from "../../lib/sync/function-key.ts";
import { callOverHttp } from "../../lib/sync/http-transport.ts";
import type { SignInHost } from "./sign-in-host.ts";

const HTTP_TIMEOUT_MS = 15_000;
/** Longest a page waits for the sign-in cookies before it leaves anyway (the app syncs them too). */
const COOKIE_WAIT_MS = 2_000;

/** A public function over plain HTTP (no socket, no token): what the sign-in screen asks. */
export async function callPublicFunction<C extends FunctionContract>(
  contract: C,
  args: ArgsOf<C>,
): Promise<ResultOf<C>> {
  const value = await callOverHttp({
    fetchImpl: (input, init) => fetch(input, init),
    baseUrl: "",
    kind: contract.kind,
    path: contract.path,
    args: wireArgs(args),
    token: null,
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  return parseResult(contract, value);
}

const useLightSetupStatus = () =>
  useQuery({
    queryKey: functionKey(setupApi.setupStatus, {}),
    queryFn: () => callPublicFunction(setupApi.setupStatus, {}),
  });

const useLightSignInOptions = () =>
  useQuery({
    queryKey: functionKey(authApi.signInOptions, {}),
    queryFn: () => callPublicFunction(authApi.signInOptions, {}),
  });

const useLightBeginTwoFactorSetup = () =>
  useMutation({
    mutationFn: (args: ArgsOf<typeof twoFactorApi.beginSetup>) =>
      callPublicFunction(twoFactorApi.beginSetup, args),
  });

/**
 * The /login address without `code` and `error`, keeping `redirect` (a same-origin path
 * already checked by loginSearchSchema).
 */
export function loginAddress(redirect: string | undefined): string {
  return redirect ? `/login?${new URLSearchParams({ redirect })}` : "/login";
}

/**
 * Loads `href` in place of this page, once the sign-in cookies are set (or after COOKIE_WAIT_MS).
 * Never settles: the page is going away.
 */
export async function leaveFor(auth: AuthClient, href: string): Promise<never> {
  await Promise.race([
    auth.cookiesSettled(),
    new Promise((resolve) => setTimeout(resolve, COOKIE_WAIT_MS)),
  ]);
  globalThis.location.replace(href);
  return new Promise<never>(() => {});
}

/**
 * The sign-in screen in the light sign-in document (login-main.tsx; decision 016): no router and
 * no sync client. After sign-in the browser loads the app at the target (a full page load, which
 * is when the app's JavaScript is fetched), replacing /login in the history as the app's route
 * does; `goOn` never settles, so the button keeps saying "Signing in…" until the app is there.
 */
export const createLightSignInHost = (auth: AuthClient): SignInHost => ({
  goOn: (href) => leaveFor(auth, href),
  dropOneTimeParams: (redirect) =>
    globalThis.history.replaceState(globalThis.history.state, "", loginAddress(redirect)),
  useSetupStatus: useLightSetupStatus,
  useSignInOptions: useLightSignInOptions,
  useBeginTwoFactorSetup: useLightBeginTwoFactorSetup,
});
