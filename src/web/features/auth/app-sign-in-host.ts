import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import * as twoFactorApi from "#shared/api/two-factor.ts";
import { routerHome } from "../../components/auth-layout.tsx";
import { useAction } from "../../lib/sync/mutations.ts";
import { setupStatusOptions } from "./api/setup-queries.ts";
import { signInOptionsQuery } from "./api/sign-in-options.ts";
import type { SignInHost } from "./sign-in-host.ts";

const useAppSetupStatus = () => useQuery(setupStatusOptions());
const useAppSignInOptions = () => useQuery(signInOptionsQuery());
const useAppBeginTwoFactorSetup = () => useAction(twoFactorApi.beginSetup);

/**
 * The sign-in screen inside the app (the /login route, reached by navigating within the app, e.g.
 * when a session ends): the router moves on, and the screen's data are live queries.
 */
export function useAppSignInHost(): SignInHost {
  const navigate = useNavigate();
  return useMemo(
    () => ({
      goOn: (href) => navigate({ href, replace: true }),
      dropOneTimeParams: (redirect) =>
        void navigate({ to: "/login", search: { redirect }, replace: true }),
      renderHome: routerHome,
      useSetupStatus: useAppSetupStatus,
      useSignInOptions: useAppSignInOptions,
      useBeginTwoFactorSetup: useAppBeginTwoFactorSetup,
    }),
    [navigate],
  );
}
