import Check from "lucide-react/icons/check";
import Link2 from "lucide-react/icons/link-2";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast-store.ts";

/** Copies an invitation link (given, or made on click) and says so for a moment. */
export function CopyLinkButton({
  link,
  label = "Copy link",
  testId,
}: {
  link: string | (() => Promise<string>);
  label?: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1800);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    setBusy(true);
    try {
      const text = typeof link === "string" ? link : await link();
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      toast({
        title: "Could not copy the link",
        description:
          error instanceof Error ? error.message : "The browser refused clipboard access.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void copy()}
      disabled={busy}
      data-testid={testId}
      data-link={typeof link === "string" ? link : undefined}
    >
      {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
      {copied ? "Copied" : label}
    </Button>
  );
}
