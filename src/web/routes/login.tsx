import { createFileRoute, redirect } from "@tanstack/react-router";
import { useAppSignInHost } from "../features/auth/app-sign-in-host.ts";
import { LoginPage } from "../features/auth/components/login-page.tsx";
import { loginSearchSchema } from "../features/auth/login-search.ts";
import { SignInHostProvider } from "../features/auth/sign-in-host.ts";

/**
 * /login inside the app (navigating here from another page). Loading /login directly gets the
 * light sign-in document instead (login.html, login-main.tsx; decision 016), with the same screen.
 */
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
  const host = useAppSignInHost();
  return (
    <SignInHostProvider host={host}>
      <LoginPage redirectTo={search.redirect} code={search.code} error={search.error} />
    </SignInHostProvider>
  );
}
