import KeyRound from "lucide-react/icons/key-round";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAuthClient } from "../../../lib/auth/auth-context.ts";

interface ProviderButtonsProps {
  providers: ReadonlyArray<{ id: string; name: string }>;
  redirectTo?: string;
}

/** One button per single sign-on provider: the browser goes to the provider's sign-in page. */
export function ProviderButtons({ providers, redirectTo }: ProviderButtonsProps) {
  const auth = useAuthClient();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  if (providers.length === 0) return null;
  const start = async (id: string) => {
    setBusy(id);
    setError(undefined);
    try {
      await auth.signInWithProvider(id, redirectTo);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(undefined);
    }
  };
  return (
    <div className="grid grid-cols-1 gap-2.5" data-testid="sso-providers">
      {error ? (
        <Alert variant="error" title="Single sign-on did not start" data-testid="sso-error">
          {error}
        </Alert>
      ) : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          size="lg"
          className="w-full min-w-0 justify-center"
          title={`Continue with ${provider.name}`}
          disabled={busy !== undefined}
          onClick={() => void start(provider.id)}
          data-testid={`sso-${provider.id}`}
        >
          {busy === provider.id ? <Spinner /> : <KeyRound aria-hidden="true" />}
          <span className="truncate">Continue with {provider.name}</span>
        </Button>
      ))}
    </div>
  );
}

/** "or" between the sign-in methods. */
export function OrDivider({ label = "or" }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase tracking-wider">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
