import { Ban, CheckCircle2, CircleDashed, Loader2, XCircle } from "lucide-react";
import type { WorkflowRunStatus, WorkflowStepStatus } from "#shared/schemas/workflow.ts";
import { cn } from "../../../components/ui/cn.ts";

type Status = WorkflowRunStatus | WorkflowStepStatus;

const LOOK: Record<Status, { label: string; className: string; Icon: typeof Ban }> = {
  queued: { label: "Queued", className: "bg-muted text-muted-foreground", Icon: CircleDashed },
  pending: { label: "Waiting", className: "bg-muted text-muted-foreground", Icon: CircleDashed },
  running: { label: "Running", className: "bg-primary/15 text-primary", Icon: Loader2 },
  succeeded: { label: "Done", className: "bg-success/15 text-success", Icon: CheckCircle2 },
  failed: { label: "Failed", className: "bg-destructive/15 text-destructive", Icon: XCircle },
  cancelled: { label: "Cancelled", className: "bg-muted text-muted-foreground", Icon: Ban },
};

export function RunStatusBadge({ status, testId }: { status: Status; testId?: string }) {
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
      {label}
    </span>
  );
}

/** "just now", "5 min ago", or a date and time. */
export function whenText(at: number, now = Date.now()): string {
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return "just now";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
