import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Clock from "lucide-react/icons/clock";
import LoaderCircle from "lucide-react/icons/loader-circle";
import type { ProcessingStatus } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";

export const STATUS_LABELS: Record<ProcessingStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  failed: "Failed",
};

const STYLES: Record<ProcessingStatus, { icon: typeof Clock; className: string }> = {
  pending: { icon: Clock, className: "border-border bg-muted text-muted-foreground" },
  processing: {
    icon: LoaderCircle,
    className: "border-primary/30 bg-primary/10 text-primary [&_svg]:animate-spin",
  },
  completed: { icon: CircleCheck, className: "border-success/30 bg-success/10 text-success" },
  failed: {
    icon: CircleAlert,
    className: "border-destructive/35 bg-destructive/10 text-destructive",
  },
};

/** A document's processing status; it changes live as the pipeline works. */
export function StatusBadge({
  status,
  className,
  title,
}: {
  status: ProcessingStatus;
  className?: string;
  /** Shown on hover (the failure reason, say). */
  title?: string;
}) {
  const { icon: Icon, className: tone } = STYLES[status];
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      title={title}
      className={cn(
        "inline-flex h-5 shrink-0 items-center gap-1 rounded-full border px-2 font-medium text-[11px] leading-none",
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {STATUS_LABELS[status]}
    </span>
  );
}
