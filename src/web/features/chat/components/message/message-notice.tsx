import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import CircleStop from "lucide-react/icons/circle-stop";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Scissors from "lucide-react/icons/scissors";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import type { ReactNode } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import type { MessageMeta } from "../../lib/chat-message.ts";

interface MessageNoticeProps {
  meta: MessageMeta;
  streaming: boolean;
  canRetry: boolean;
  onRetry: () => void;
}

/** What the server recorded about how an answer ended, when it did not simply finish. */
export function MessageNotice({ meta, streaming, canRetry, onRetry }: MessageNoticeProps) {
  if (streaming) return null;
  if (meta.status === "error") {
    return (
      <Notice
        icon={<CircleAlert aria-hidden="true" className="size-4 text-destructive" />}
        tone="error"
      >
        <span data-testid="message-error">{meta.error || "The answer failed."}</span>
        {canRetry ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onRetry}
            className="ml-auto h-7"
            data-testid="retry"
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        ) : null}
      </Notice>
    );
  }
  if (meta.status === "stopped") {
    return (
      <Notice icon={<CircleStop aria-hidden="true" className="size-4" />} testId="message-stopped">
        Stopped
      </Notice>
    );
  }
  if (meta.finishReason === "length") {
    return (
      <Notice icon={<Scissors aria-hidden="true" className="size-4" />}>
        The answer reached the model's length limit and was cut off.
      </Notice>
    );
  }
  if (meta.finishReason === "content-filter") {
    return (
      <Notice icon={<ShieldAlert aria-hidden="true" className="size-4" />}>
        The provider's content filter stopped this answer.
      </Notice>
    );
  }
  return null;
}

function Notice({
  icon,
  children,
  tone,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  tone?: "error";
  testId?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      data-testid={testId}
      className={
        tone === "error"
          ? "mt-3 flex items-center gap-2 rounded-lg border border-destructive/30 bg-destructive/[0.07] px-3 py-2 text-[13px]"
          : "mt-2 inline-flex items-center gap-1.5 text-[12.5px] text-muted-foreground"
      }
    >
      {icon}
      {children}
    </div>
  );
}
