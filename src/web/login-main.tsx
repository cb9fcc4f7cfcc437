import "@fontsource-variable/inter";
import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startThemeSync } from "./components/settings/theme-store.ts";
import { Splash } from "./components/splash.tsx";
import { DeferredToaster } from "./components/ui/deferred-toaster.tsx";
import { LoginPage } from "./features/auth/components/login-page.tsx";
import { createLightSignInHost, leaveFor } from "./features/auth/light-sign-in-host.ts";
import { loginSearchSchema } from "./features/auth/login-search.ts";
import { SignInHostProvider } from "./features/auth/sign-in-host.ts";
import { AuthClient } from "./lib/auth/auth-client.ts";
import { AuthProvider } from "./lib/auth/auth-context.ts";
import { shouldRetryQuery } from "./lib/query-retry.ts";

/**
 * The light sign-in document (login.html): what a direct load of /login gets, e.g. the first
 * visit, a sign-out, single sign-on's callback or an emailed link (decision 016, amendment of
 * issue 16). The same sign-in screen as the app's /login route, without the router, the route
 * tree and the sync client; after sign-in the browser loads the app.
 */
const container = document.getElementById("root");
if (!container) throw new Error("login.html has no #root element");
const root = createRoot(container);
root.render(<Splash />);

startThemeSync();

const search = loginSearchSchema.parse(
  Object.fromEntries(new URLSearchParams(globalThis.location.search)),
);
const auth = new AuthClient();
const host = createLightSignInHost(auth);
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

let leaving = false;
/** Someone signed in (before this page, or in another tab meanwhile) goes on to the app. */
const goOnIfSignedIn = () => {
  if (!auth.getState().isAuthenticated) return false;
  if (leaving) return true;
  leaving = true;
  void leaveFor(auth, search.redirect ?? "/command-center");
  return true;
};

auth
  .init()
  .catch((error: unknown) => console.error("Could not restore the session", error))
  .finally(() => {
    if (goOnIfSignedIn()) return;
    // Only other tabs' sign-ins arrive as `storage` events (after the auth client's own
    // listener has adopted them); this page's own sign-in goes on through the screen, which
    // may first show the recovery codes.
    globalThis.addEventListener("storage", goOnIfSignedIn);
    root.render(
      <StrictMode>
        <AuthProvider client={auth}>
          <QueryClientProvider client={queryClient}>
            <SignInHostProvider host={host}>
              <LoginPage redirectTo={search.redirect} code={search.code} error={search.error} />
            </SignInHostProvider>
            <DeferredToaster />
          </QueryClientProvider>
        </AuthProvider>
      </StrictMode>,
    );
  });
