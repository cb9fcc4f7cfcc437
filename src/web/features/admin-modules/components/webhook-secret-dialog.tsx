import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import KeyRound from "lucide-react/icons/key-round";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";

interface WebhookSecretDialogProps {
  secret: string;
  moduleName: string;
  onClose: () => void;
}

/**
 * The webhook signing secret, shown this once (decision 018): the server
 * keeps it but never answers it again; rotating makes a new one.
 */
export function WebhookSecretDialog({ secret, moduleName, onClose }: WebhookSecretDialogProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast({
        title: "Could not copy",
        description: "The browser refused clipboard access: select the secret and copy it.",
        variant: "error",
      });
    }
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        data-testid="webhook-secret-dialog"
        aria-describedby="webhook-secret-description"
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-4 text-primary" />
            Webhook signing secret
          </DialogTitle>
          <DialogDescription id="webhook-secret-description">
            {moduleName} signs every request it sends to the automation with this secret
            (HMAC-SHA256), and the automation signs its callbacks with it.
          </DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input
            readOnly
            value={secret}
            aria-label="Webhook signing secret"
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-[12px] read-only:text-foreground"
            data-testid="webhook-secret-value"
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
          </Button>
        </div>
        <Alert variant="warning" title="Copy it now: it will not be shown again">
          Store it in your automation's credentials. If it is lost or leaked, rotate it from the
          module's page; the old secret then stops working at once.
        </Alert>
        <DialogFooter>
          <Button type="button" onClick={onClose} data-testid="webhook-secret-done">
            I have stored the secret
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
