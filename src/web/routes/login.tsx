import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPage } from "../features/auth/components/login-page.tsx";
import { loginSearchSchema } from "../features/auth/login-search.ts";

export const Route = createFileRoute("/login")({
  validateSearch: loginSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.auth.getState().isAuthenticated) {
      throw redirect({ href: search.redirect ?? "/command-center" });
    }
  },
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return <LoginPage redirectTo={search.redirect} code={search.code} error={search.error} />;
}
