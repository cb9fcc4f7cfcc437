import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { APP_NAME } from "../../../components/app-name.ts";
import { AuthLayout } from "../../../components/auth-layout.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { setupStatusOptions } from "../api/setup-queries.ts";
import { SetupForm } from "./setup-form.tsx";

/** First run: create the organization and its first administrator, once. */
export function SetupPage({ token }: { token?: string }) {
  usePageTitle("Set up");
  const navigate = useNavigate();
  const status = useQuery(setupStatusOptions());

  return (
    <AuthLayout
      title={`Set up ${APP_NAME}`}
      subtitle="Create your organization and the first administrator account."
      footer={
        status.data?.needsSetup === false ? null : (
          <>
            Already set up?{" "}
            <Link to="/login" className="font-medium text-foreground hover:underline">
              Sign in
            </Link>
          </>
        )
      }
    >
      {status.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : status.data?.needsSetup === false ? (
        <div className="grid gap-5" data-testid="setup-done">
          <Alert title="This workspace is already set up">
            Sign in with your account, or ask your administrator for an invitation.
          </Alert>
          <Button asChild size="lg">
            <Link to="/login">Go to sign in</Link>
          </Button>
        </div>
      ) : !token ? (
        <Alert variant="warning" title="This setup link is incomplete" data-testid="setup-no-token">
          Open the full one-time setup link that the server printed in its log when it started.
        </Alert>
      ) : (
        <SetupForm
          token={token}
          onDone={() => navigate({ to: "/command-center", replace: true })}
        />
      )}
    </AuthLayout>
  );
}
