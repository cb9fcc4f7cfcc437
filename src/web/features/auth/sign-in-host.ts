import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { createContext, createElement, type ReactNode, useContext } from "react";
import type * as authApi from "#shared/api/auth.ts";
import type { ArgsOf, ResultOf } from "#shared/api/define.ts";
import type * as setupApi from "#shared/api/setup.ts";
import type * as twoFactorApi from "#shared/api/two-factor.ts";

type BeginSetup = typeof twoFactorApi.beginSetup;

/**
 * What the sign-in screen needs from the document that shows it (decision 016, amendment of
 * issue 16). The app's /login route gives the router's navigation and the live queries; the
 * light sign-in document (login-main.tsx), which has neither the router nor the sync client,
 * gives full page loads and plain HTTP calls. The `use*` members are hooks: the screen calls
 * each of them once per render, unconditionally.
 */
export interface SignInHost {
  /** Go on after sign-in to `href` (a same-origin path), replacing /login in the history. */
  goOn: (href: string) => void | Promise<void>;
  /** Take `code` and `error` out of the address at once (SPEC 2), keeping `redirect`. */
  dropOneTimeParams: (redirect: string | undefined) => void;
  /** The mark at the top of the frame, linking home (see AuthFrame). */
  renderHome?: (mark: ReactNode, className: string) => ReactNode;
  useSetupStatus: () => UseQueryResult<ResultOf<typeof setupApi.setupStatus>>;
  useSignInOptions: () => UseQueryResult<ResultOf<typeof authApi.signInOptions>>;
  /** Starts the two-factor set-up a sign-in asked for (an action). */
  useBeginTwoFactorSetup: () => UseMutationResult<ResultOf<BeginSetup>, Error, ArgsOf<BeginSetup>>;
}

const SignInHostContext = createContext<SignInHost | null>(null);

export function SignInHostProvider({ host, children }: { host: SignInHost; children: ReactNode }) {
  return createElement(SignInHostContext, { value: host }, children);
}

export function useSignInHost(): SignInHost {
  const host = useContext(SignInHostContext);
  if (!host) throw new Error("The sign-in screen needs a <SignInHostProvider>");
  return host;
}
