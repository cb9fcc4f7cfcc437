import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { toast } from "../../../components/ui/toast-store.ts";
import { Tooltip } from "../../../components/ui/tooltip.tsx";

interface CopyButtonProps {
  text: string;
  label?: string;
  size?: "sm" | "md";
  className?: string;
  testId?: string;
}

/** Copies text to the clipboard and says so for a moment. */
export function CopyButton({
  text,
  label = "Copy",
  size = "md",
  className,
  testId,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({
        title: "Could not copy",
        description: "The browser refused clipboard access.",
        variant: "error",
      });
    }
  };

  return (
    <Tooltip content={copied ? "Copied" : label}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={() => void copy()}
        aria-label={copied ? "Copied" : label}
        data-testid={testId}
        data-copied={copied ? "true" : undefined}
        className={cn(size === "sm" ? "size-7 [&_svg]:size-3.5" : "size-8", className)}
      >
        {copied ? (
          <Check aria-hidden="true" className="text-success" />
        ) : (
          <Copy aria-hidden="true" />
        )}
      </Button>
    </Tooltip>
  );
}
