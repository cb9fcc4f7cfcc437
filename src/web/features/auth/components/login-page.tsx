import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { APP_NAME } from "../../../components/app-name.ts";
import { AuthLayout } from "../../../components/auth-layout.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { setupStatusOptions } from "../api/setup-queries.ts";
import { LoginForm } from "./login-form.tsx";

interface LoginPageProps {
  redirectTo?: string;
  /** A one-time `code` was in the address; it is removed at once. */
  hasCode: boolean;
}

export function LoginPage({ redirectTo, hasCode }: LoginPageProps) {
  usePageTitle("Sign in");
  const navigate = useNavigate();
  const setup = useQuery(setupStatusOptions());

  useEffect(() => {
    // No provider sign-in yet: a code has nothing to complete, so just drop it from the address.
    if (hasCode) void navigate({ to: "/login", search: { redirect: redirectTo }, replace: true });
  }, [hasCode, navigate, redirectTo]);

  return (
    <AuthLayout
      title={`Sign in to ${APP_NAME}`}
      subtitle="Welcome back. Sign in with your work email to continue."
      footer={<>No account yet? Ask your administrator for an invitation.</>}
    >
      {setup.data?.needsSetup ? (
        <Alert
          variant="warning"
          title="This workspace is not set up yet"
          className="mb-5"
          data-testid="setup-notice"
        >
          The server printed a one-time setup link in its log when it started. Open that link to
          create the first organization and administrator account.
        </Alert>
      ) : null}
      <LoginForm
        onSignedIn={() => navigate({ href: redirectTo ?? "/command-center", replace: true })}
      />
    </AuthLayout>
  );
}
