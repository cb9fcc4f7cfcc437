import { createFileRoute } from "@tanstack/react-router";
import { SetupPage } from "../features/auth/components/setup-page.tsx";
import { setupSearchSchema } from "../features/auth/login-search.ts";

export const Route = createFileRoute("/setup")({
  validateSearch: setupSearchSchema,
  component: SetupRoute,
});

function SetupRoute() {
  const { token } = Route.useSearch();
  return <SetupPage token={token} />;
}
