import { createRootRouteWithContext, lazyRouteComponent, Outlet } from "@tanstack/react-router";
import { ErrorView } from "../components/error-view.tsx";
import type { RouterContext } from "../router-context.ts";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error, reset }) => (
    <ErrorView title="Application Error" error={error} reset={reset} fullScreen />
  ),
  // The router's code splitting leaves the root route alone, and this page draws the signed-in
  // frame: loaded when a page is not found, not with /login (decision 016).
  notFoundComponent: lazyRouteComponent(
    () => import("../features/shell/components/not-found-page.tsx"),
    "NotFoundPage",
  ),
});
