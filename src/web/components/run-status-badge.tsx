import Ban from "lucide-react/icons/ban";
import CheckCircle2 from "lucide-react/icons/circle-check";
import CircleDashed from "lucide-react/icons/circle-dashed";
import XCircle from "lucide-react/icons/circle-x";
import Loader2 from "lucide-react/icons/loader-circle";
import { cn } from "./ui/cn.ts";

/** Every state a module execution, a workflow run or one of its steps can be in. */
export type RunStatus = "queued" | "pending" | "running" | "succeeded" | "failed" | "cancelled";

const LOOK: Record<RunStatus, { label: string; className: string; Icon: typeof Ban }> = {
  queued: { label: "Queued", className: "bg-muted text-muted-foreground", Icon: CircleDashed },
  pending: { label: "Waiting", className: "bg-muted text-muted-foreground", Icon: CircleDashed },
  running: { label: "Running", className: "bg-primary/15 text-primary", Icon: Loader2 },
  succeeded: { label: "Succeeded", className: "bg-success/15 text-success", Icon: CheckCircle2 },
  failed: { label: "Failed", className: "bg-destructive/15 text-destructive", Icon: XCircle },
  cancelled: { label: "Cancelled", className: "bg-muted text-muted-foreground", Icon: Ban },
};

interface RunStatusBadgeProps {
  status: RunStatus;
  /** Words of this screen for some states (workflows say "Done" for succeeded). */
  labels?: Partial<Record<RunStatus, string>>;
  testId?: string;
}

/** A run's state as a coloured pill, spinning while it runs. */
export function RunStatusBadge({ status, labels, testId }: RunStatusBadgeProps) {
  const { label, className, Icon } = LOOK[status];
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 font-medium text-xs",
        className,
      )}
    >
      <Icon aria-hidden="true" className={cn("size-3.5", status === "running" && "animate-spin")} />
      {labels?.[status] ?? label}
    </span>
  );
}
