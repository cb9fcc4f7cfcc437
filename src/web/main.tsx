import "@fontsource-variable/inter";
import "./styles.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startThemeSync } from "./components/settings/theme-store.ts";
import { Splash } from "./components/splash.tsx";
import { DeferredToaster } from "./components/ui/deferred-toaster.tsx";
import { toast } from "./components/ui/toast-store.ts";
import { createAppClients } from "./lib/app-client.ts";
import { AuthProvider } from "./lib/auth/auth-context.ts";
import { setMutationErrorHandler } from "./lib/sync/mutations.ts";
import { SyncProvider } from "./lib/sync/sync-provider.tsx";
import { createAppRouter } from "./router.tsx";

// When the app's code starts and when the session is known (read by bench/first-page.ts).
performance.mark("atrium:main");

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);
root.render(<Splash />);

startThemeSync();

const { auth, sync, queryClient } = createAppClients({
  onLongDisconnect: () =>
    toast({
      title: "Connection lost",
      description:
        "You have been offline for over a minute. Changes may not be saved until the connection is back.",
      variant: "warning",
      duration: Number.POSITIVE_INFINITY,
    }),
  onReconnectedAfterLongDisconnect: () =>
    toast({
      title: "Back online",
      description: "Your workspace is live again.",
      variant: "success",
    }),
});

setMutationErrorHandler((message) =>
  toast({ title: "Your change was not saved", description: message, variant: "error" }),
);

const router = createAppRouter({ queryClient, auth });

// Sign-in and sign-out (here or in another tab) re-run the route guards.
let wasAuthenticated = auth.getState().isAuthenticated;
auth.subscribe(() => {
  const { isAuthenticated } = auth.getState();
  if (isAuthenticated === wasAuthenticated) return;
  wasAuthenticated = isAuthenticated;
  if (!isAuthenticated) queryClient.clear();
  void router.invalidate();
});

/** SyncProvider also provides the Query client (made for the sync client). */
function App() {
  return (
    <AuthProvider client={auth}>
      <SyncProvider client={sync} queryClient={queryClient}>
        <RouterProvider router={router} />
        <DeferredToaster />
      </SyncProvider>
    </AuthProvider>
  );
}

auth
  .init()
  .catch((error: unknown) => console.error("Could not restore the session", error))
  // The first page's route code and loaders before the first render of the app, while the
  // splash shows: rendered before, the route's lazy component suspends, React commits a
  // fallback, and then holds the page back until 300 ms after that fallback (its Suspense
  // throttle), whenever the code arrives (decision 016, "the first render waits for nothing").
  // A failure here is the router's to show: it renders the route's error view as before.
  .then(() => {
    performance.mark("atrium:session");
    return router.load().catch(() => undefined);
  })
  .finally(() => {
    performance.mark("atrium:routed");
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
