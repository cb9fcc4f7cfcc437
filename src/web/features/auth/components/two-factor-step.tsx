import ShieldCheck from "lucide-react/icons/shield-check";
import { lazy, Suspense, useEffect, useState } from "react";
import { APP_NAME } from "../../../components/app-name.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { SignInStep } from "../../../lib/auth/auth-client.ts";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";
import { useSignInHost } from "../sign-in-host.ts";

// The set-up (only when an organization requires two factors) stays out of /login's first load.
const TotpSetup = lazy(() =>
  import("../../../components/two-factor/totp-setup.tsx").then((m) => ({ default: m.TotpSetup })),
);

interface TwoFactorStepProps {
  challenge: string;
  purpose: "verify" | "setup";
  onStep: (step: SignInStep) => void | Promise<void>;
  onCancel: () => void;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ challenge, purpose, onStep, onCancel }: TwoFactorStepProps) {
  return purpose === "setup" ? (
    <SetupStep challenge={challenge} onStep={onStep} onCancel={onCancel} />
  ) : (
    <VerifyStep challenge={challenge} onStep={onStep} onCancel={onCancel} />
  );
}

function VerifyStep({ challenge, onStep, onCancel }: Omit<TwoFactorStepProps, "purpose">) {
  const auth = useAuthClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError("Enter the code from your app");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onStep(await auth.signInWithSecondFactor(challenge, code.trim()));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Two-factor code">
      <div className="flex items-start gap-3 text-sm">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg border bg-primary/10 text-primary">
          <ShieldCheck aria-hidden="true" className="size-4" />
        </span>
        <p className="text-muted-foreground">
          Enter the 6-digit code from your authenticator app. Lost it? Enter one of your recovery
          codes instead.
        </p>
      </div>
      <FormField label="Authentication code" error={error}>
        <Input
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={40}
          autoFocus
          className="font-mono text-lg tracking-[0.3em]"
          disabled={busy}
          data-testid="two-factor-code"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={busy} data-testid="two-factor-submit">
        {busy ? <Spinner /> : null}
        {busy ? "Checking…" : "Verify"}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" onClick={onCancel}>
        Start over
      </Button>
    </form>
  );
}

function SetupStep({ challenge, onStep, onCancel }: Omit<TwoFactorStepProps, "purpose">) {
  const auth = useAuthClient();
  const host = useSignInHost();
  const begin = host.useBeginTwoFactorSetup();
  const { mutate } = begin;
  useEffect(() => {
    mutate({ challenge });
  }, [mutate, challenge]);
  return (
    <div className="grid gap-5" data-testid="two-factor-setup">
      <Alert variant="warning" title="Your organization requires two-factor authentication">
        Add {APP_NAME} to an authenticator app to finish signing in.
      </Alert>
      {begin.error ? (
        <Alert variant="error" title="Could not start the set-up">
          {begin.error.message}
        </Alert>
      ) : null}
      {begin.data ? (
        <Suspense fallback={<Spinner />}>
          <TotpSetup
            secret={begin.data.secret}
            uri={begin.data.uri}
            submitLabel="Turn on and sign in"
            onConfirm={async (code) => onStep(await auth.signInWithSecondFactor(challenge, code))}
          />
        </Suspense>
      ) : begin.error ? null : (
        <Spinner />
      )}
      <Button type="button" variant="link" className="justify-self-center" onClick={onCancel}>
        Start over
      </Button>
    </div>
  );
}
