import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { Button } from "../../../components/ui/button.tsx";
import { chatErrorMessage } from "../lib/chat-error.ts";

/** SPEC 8: why the answer failed, in the server's or provider's words, with Retry. */
export function ChatErrorBanner({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      data-testid="chat-error"
      className="ml-10 flex items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/[0.07] px-4 py-3"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 text-[13px] leading-relaxed">
        <p className="font-medium">The answer could not be completed</p>
        <p className="break-words text-muted-foreground" data-testid="chat-error-message">
          {chatErrorMessage(error)}
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        onClick={onRetry}
        className="shrink-0"
        data-testid="chat-retry"
      >
        <RotateCcw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
