import { useEffect, useRef, useState } from "react";
import { APP_NAME } from "../../../components/app-name.ts";
import { AuthFrame } from "../../../components/auth-frame.tsx";
import { RecoveryCodes } from "../../../components/two-factor/recovery-codes.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import type { SignInStep } from "../../../lib/auth/auth-client.ts";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { useSignInHost } from "../sign-in-host.ts";
import { EmailCodeForm } from "./email-code-form.tsx";
import { LoginForm } from "./login-form.tsx";
import { OrDivider, ProviderButtons } from "./provider-buttons.tsx";
import { TwoFactorStep } from "./two-factor-step.tsx";

interface LoginPageProps {
  redirectTo?: string;
  /** A one-time `code` from the address (single sign-on or an emailed link): used once, removed at once. */
  code?: string;
  /** Why single sign-on came back without signing in. */
  error?: string;
}

const SSO_ERRORS: Record<string, string> = {
  sso_state: "That sign-in took too long or was already used. Start again.",
  sso_denied: "Your identity provider did not sign you in.",
  sso_unavailable: "Your identity provider could not be reached. Try again in a moment.",
  sso_invalid:
    "Your identity provider's answer could not be verified, so you were not signed in. Try again; if it keeps happening, tell your administrator.",
};

/** Codes already sent: a code works once, and React may run an effect twice. */
const spentCodes = new Set<string>();

type View =
  | { kind: "start" }
  | { kind: "email" }
  | { kind: "exchanging" }
  | { kind: "twoFactor"; challenge: string; purpose: "verify" | "setup" }
  | { kind: "recoveryCodes"; codes: string[]; redirectTo?: string };

/**
 * The sign-in screen. It draws the same in the app's /login route and in the light sign-in
 * document that a direct load of /login gets; where it goes afterwards and how it asks the
 * server come from its SignInHost (decision 016).
 */
export function LoginPage({ redirectTo, code, error }: LoginPageProps) {
  usePageTitle("Sign in");
  const host = useSignInHost();
  const auth = useAuthClient();
  const setup = host.useSetupStatus();
  const options = host.useSignInOptions();
  const [view, setView] = useState<View>(code ? { kind: "exchanging" } : { kind: "start" });
  const [failure, setFailure] = useState<string | undefined>(error ? SSO_ERRORS[error] : undefined);
  const goOn = (target?: string) => host.goOn(target ?? redirectTo ?? "/command-center");

  const onStep = async (step: SignInStep) => {
    if (step.kind === "signedIn") {
      if (step.recoveryCodes?.length) {
        setView({ kind: "recoveryCodes", codes: step.recoveryCodes, redirectTo: step.redirectTo });
      } else {
        await goOn(step.redirectTo);
      }
    } else if (step.kind === "twoFactor") {
      setView({ kind: "twoFactor", challenge: step.challenge, purpose: step.purpose });
    }
  };
  const onStepRef = useRef(onStep);
  onStepRef.current = onStep;
  const { dropOneTimeParams } = host;

  useEffect(() => {
    // The code and the error leave the address at once (SPEC 2); the code is used once.
    if (code || error) dropOneTimeParams(redirectTo);
    if (!code || spentCodes.has(code)) return;
    spentCodes.add(code);
    auth.signInWithCode(code).then(
      (step) => onStepRef.current(step),
      (e: unknown) => {
        setFailure(e instanceof Error ? e.message : String(e));
        setView({ kind: "start" });
      },
    );
  }, [auth, code, error, dropOneTimeParams, redirectTo]);

  const providers = options.data?.providers ?? [];
  const emailCodes = options.data?.emailCodes ?? false;
  const restart = () => {
    setFailure(undefined);
    setView({ kind: "start" });
  };

  return (
    <AuthFrame
      renderHome={host.renderHome}
      title={view.kind === "twoFactor" ? "Two-factor authentication" : `Sign in to ${APP_NAME}`}
      subtitle={
        view.kind === "twoFactor"
          ? "One more step to keep your account safe."
          : "Welcome back. Sign in with your work account to continue."
      }
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
      {failure && (view.kind === "start" || view.kind === "email") ? (
        <Alert
          variant="error"
          title="Could not sign you in"
          className="mb-5"
          data-testid="login-error"
        >
          {failure}
        </Alert>
      ) : null}
      {view.kind === "exchanging" ? (
        <div
          className="flex items-center justify-center gap-3 py-8 text-muted-foreground text-sm"
          data-testid="login-exchanging"
        >
          <Spinner /> Signing you in…
        </div>
      ) : view.kind === "twoFactor" ? (
        <TwoFactorStep
          challenge={view.challenge}
          purpose={view.purpose}
          onStep={onStep}
          onCancel={restart}
        />
      ) : view.kind === "recoveryCodes" ? (
        <div className="grid gap-5">
          <Alert variant="info" title="Two-factor authentication is on">
            From now on you sign in with your password and a code from your app.
          </Alert>
          <RecoveryCodes codes={view.codes} />
          <Button
            size="lg"
            onClick={() => void goOn(view.redirectTo)}
            data-testid="recovery-continue"
          >
            I saved them, continue
          </Button>
        </div>
      ) : view.kind === "email" ? (
        <EmailCodeForm onStep={onStep} onCancel={restart} />
      ) : (
        <div className="grid grid-cols-1 gap-5">
          <ProviderButtons providers={providers} redirectTo={redirectTo} />
          {providers.length > 0 ? <OrDivider label="or with your email" /> : null}
          <LoginForm onStep={onStep} />
          {emailCodes ? (
            <Button
              type="button"
              variant="link"
              className="justify-self-center"
              onClick={() => {
                setFailure(undefined);
                setView({ kind: "email" });
              }}
              data-testid="email-code-start"
            >
              Email me a sign-in code instead
            </Button>
          ) : null}
        </div>
      )}
    </AuthFrame>
  );
}
