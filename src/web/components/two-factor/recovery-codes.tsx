import Copy from "lucide-react/icons/copy";
import { Button } from "../ui/button.tsx";
import { toast } from "../ui/toast-store.ts";

/** Recovery codes, shown once: each signs in once when the authenticator app is lost. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast({ title: "Recovery codes copied", variant: "success" });
    } catch {
      toast({ title: "Could not copy: select the codes instead", variant: "error" });
    }
  };
  return (
    <div className="grid gap-3" data-testid="recovery-codes">
      <p className="text-muted-foreground text-sm">
        Keep these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator app. They are not shown again.
      </p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border bg-muted/40 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={copy}
      >
        <Copy aria-hidden="true" />
        Copy codes
      </Button>
    </div>
  );
}
