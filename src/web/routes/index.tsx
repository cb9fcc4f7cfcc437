import { createFileRoute, redirect } from "@tanstack/react-router";
import { ErrorView } from "../components/error-view.tsx";
import { LandingPage } from "../features/home/components/landing-page.tsx";

export const Route = createFileRoute("/")({
  beforeLoad: ({ context }) => {
    if (context.auth.getState().isAuthenticated) throw redirect({ to: "/command-center" });
  },
  component: LandingPage,
  errorComponent: ({ error, reset }) => <ErrorView error={error} reset={reset} fullScreen />,
});
