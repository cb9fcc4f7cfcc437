import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { ErrorView } from "../components/error-view.tsx";
import { NotFoundView } from "../components/not-found-view.tsx";
import type { RouterContext } from "../router-context.ts";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error, reset }) => (
    <ErrorView title="Application Error" error={error} reset={reset} fullScreen />
  ),
  notFoundComponent: NotFoundView,
});
