import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import { useState } from "react";
import { Button } from "../ui/button.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Input } from "../ui/input.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { TotpQr } from "./totp-qr.tsx";

interface TotpSetupProps {
  secret: string;
  uri: string;
  /** Checks the app's first code; throws with a message when it is wrong. */
  onConfirm: (code: string) => Promise<void>;
  submitLabel?: string;
}

/**
 * Adding Atrium to an authenticator app: a QR code of the otpauth:// address, the
 * setup key (grouped for typing) and the address itself, then the first code to confirm. Loaded only where it is used
 * (/account/security, and /login when an organization requires two factors).
 */
export function TotpSetup({ secret, uri, onConfirm, submitLabel = "Turn on" }: TotpSetupProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const grouped = secret.match(/.{1,4}/g)?.join(" ") ?? secret;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError("Enter the 6-digit code your app shows");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(code.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-label="Set up an authenticator app"
    >
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li>
          In your authenticator app (1Password, Google Authenticator, Microsoft Authenticator,
          Authy…), add an account and scan this code, or choose to enter the setup key below.
          <div className="mt-3">
            <TotpQr uri={uri} />
          </div>
          <div className="mt-3 flex items-center gap-2">
            <code
              className="flex-1 rounded-md border bg-muted/40 px-3 py-2 font-mono text-[13px] tracking-wide"
              data-testid="totp-secret"
            >
              {grouped}
            </code>
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={copy}
              aria-label="Copy the key"
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            </Button>
          </div>
          <details className="mt-2 text-muted-foreground text-xs">
            <summary className="cursor-pointer select-none">Setup address (otpauth)</summary>
            <code className="mt-1 block break-all" data-testid="totp-uri">
              {uri}
            </code>
          </details>
        </li>
        <li>Enter the 6-digit code the app shows for it.</li>
      </ol>
      <FormField label="Code from the app" error={error}>
        <Input
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={7}
          className="max-w-56 font-mono text-lg tracking-[0.4em]"
          disabled={busy}
          data-testid="totp-setup-code"
        />
      </FormField>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={busy}
        data-testid="totp-setup-submit"
      >
        {busy ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
