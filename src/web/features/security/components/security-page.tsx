import { useQuery } from "@tanstack/react-query";
import ShieldCheck from "lucide-react/icons/shield-check";
import ShieldOff from "lucide-react/icons/shield-off";
import { lazy, Suspense, useState } from "react";
import { RecoveryCodes } from "../../../components/two-factor/recovery-codes.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { twoFactorStatusOptions } from "../api/security-queries.ts";
import {
  useBeginSetup,
  useConfirmSetup,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
} from "../hooks/use-two-factor.ts";

const TotpSetup = lazy(() =>
  import("../../../components/two-factor/totp-setup.tsx").then((m) => ({ default: m.TotpSetup })),
);

/** /account/security: two-factor authentication with an authenticator app (decision 030). */
export function SecurityPage() {
  usePageTitle("Security");
  const status = useQuery(twoFactorStatusOptions());
  const [codes, setCodes] = useState<string[]>();
  if (!status.data) {
    return (
      <div className="grid max-w-3xl place-items-center py-16">
        <Spinner />
      </div>
    );
  }
  const { enabled, recoveryCodesLeft, required, hasPassword } = status.data;
  return (
    <div className="grid max-w-3xl gap-6">
      <Card role="region" aria-labelledby="two-factor-title" data-testid="two-factor-card">
        <CardHeader>
          <div className="flex items-start justify-between gap-4">
            <div className="flex items-center gap-3">
              <span
                className={
                  enabled
                    ? "grid size-10 place-items-center rounded-lg border border-success/30 bg-success/10 text-success"
                    : "grid size-10 place-items-center rounded-lg border bg-muted text-muted-foreground"
                }
              >
                {enabled ? (
                  <ShieldCheck aria-hidden="true" className="size-5" />
                ) : (
                  <ShieldOff aria-hidden="true" className="size-5" />
                )}
              </span>
              <div>
                <CardTitle id="two-factor-title">Two-factor authentication</CardTitle>
                <CardDescription>
                  A code from an authenticator app after your password, so a stolen password is not
                  enough.
                </CardDescription>
              </div>
            </div>
            <span
              className={
                enabled
                  ? "shrink-0 rounded-full border border-success/30 bg-success/10 px-2.5 py-0.5 font-medium text-success text-xs"
                  : "shrink-0 rounded-full border px-2.5 py-0.5 font-medium text-muted-foreground text-xs"
              }
              data-testid="two-factor-state"
            >
              {enabled ? "On" : "Off"}
            </span>
          </div>
        </CardHeader>
        <CardContent className="grid gap-5">
          {required && !enabled ? (
            <Alert variant="warning" title="Required by your organization">
              Set it up now; you will be asked to at your next sign-in otherwise.
            </Alert>
          ) : null}
          {codes ? (
            <>
              <RecoveryCodes codes={codes} />
              <Button className="justify-self-start" onClick={() => setCodes(undefined)}>
                Done
              </Button>
            </>
          ) : enabled ? (
            <EnabledControls
              recoveryCodesLeft={recoveryCodesLeft}
              required={required}
              onCodes={setCodes}
            />
          ) : hasPassword ? (
            <SetupControls onCodes={setCodes} />
          ) : (
            <p className="text-muted-foreground text-sm">
              You sign in with single sign-on or emailed codes: your identity provider or your
              mailbox protects your account.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SetupControls({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const begin = useBeginSetup();
  const confirm = useConfirmSetup();
  if (!begin.data) {
    return (
      <div className="grid gap-3">
        {begin.error ? (
          <Alert variant="error" title="Could not start">
            {begin.error.message}
          </Alert>
        ) : null}
        <Button
          className="justify-self-start"
          disabled={begin.isPending}
          onClick={() => begin.mutate({})}
          data-testid="two-factor-begin"
        >
          {begin.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
          Set up an authenticator app
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner />}>
      <TotpSetup
        secret={begin.data.secret}
        uri={begin.data.uri}
        onConfirm={async (code) => {
          const { recoveryCodes } = await confirm.mutateAsync({ code });
          toast({ title: "Two-factor authentication is on", variant: "success" });
          onCodes(recoveryCodes);
        }}
      />
    </Suspense>
  );
}

function EnabledControls({
  recoveryCodesLeft,
  required,
  onCodes,
}: {
  recoveryCodesLeft: number;
  required: boolean;
  onCodes: (codes: string[]) => void;
}) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const busy = disable.isPending || regenerate.isPending;
  const run = async (what: "disable" | "regenerate") => {
    if (!code.trim()) {
      setError("Enter a code from your app first");
      return;
    }
    setError(undefined);
    try {
      if (what === "disable") {
        await disable.mutateAsync({ code: code.trim() });
        toast({ title: "Two-factor authentication is off", variant: "success" });
      } else {
        const { recoveryCodes } = await regenerate.mutateAsync({ code: code.trim() });
        onCodes(recoveryCodes);
      }
      setCode("");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm" data-testid="recovery-codes-left">
        {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? "code" : "codes"} left.
        {recoveryCodesLeft <= 3 ? " Make new ones before they run out." : ""}
      </p>
      <FormField label="Code from your app (or a recovery code)" error={error}>
        <Input
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={40}
          className="max-w-60 font-mono tracking-[0.2em]"
          disabled={busy}
          data-testid="two-factor-manage-code"
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => void run("regenerate")}
          data-testid="two-factor-regenerate"
        >
          New recovery codes
        </Button>
        <Button
          variant="destructive"
          disabled={busy || required}
          title={required ? "Your organization requires two-factor authentication" : undefined}
          onClick={() => void run("disable")}
          data-testid="two-factor-disable"
        >
          Turn off
        </Button>
      </div>
    </div>
  );
}
