import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { ErrorView } from "../components/error-view.tsx";
import { NotFoundPage } from "../features/shell/components/not-found-page.tsx";
import type { RouterContext } from "../router-context.ts";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ({ error, reset }) => (
    <ErrorView title="Application Error" error={error} reset={reset} fullScreen />
  ),
  notFoundComponent: NotFoundPage,
});
