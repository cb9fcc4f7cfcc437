import { createRouter } from "@tanstack/react-router";
import { ErrorView } from "./components/error-view.tsx";
import { NotFoundView } from "./components/not-found-view.tsx";
import { PagePending } from "./components/page-pending.tsx";
import type { RouterContext } from "./router-context.ts";
import { routeTree } from "./routeTree.gen.ts";

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // Loaders always ask the Query cache, which owns freshness (SPEC 9 stale times).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: ({ error, reset }) => <ErrorView error={error} reset={reset} />,
    defaultNotFoundComponent: NotFoundView,
    defaultPendingComponent: PagePending,
    defaultPendingMs: 150,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
