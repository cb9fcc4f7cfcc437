import {
  SUPPORT_SEVERITY_LABELS,
  type SupportSeverity,
  type SupportStatus,
} from "#shared/schemas/support.ts";
import { cn } from "../../../components/ui/cn.ts";

const STATUS: Record<SupportStatus, { label: string; tone: string }> = {
  open: { label: "Waiting for support", tone: "border-warning/30 bg-warning/10 text-warning" },
  answered: { label: "Answered", tone: "border-success/30 bg-success/10 text-success" },
  closed: { label: "Closed", tone: "border-border bg-muted text-muted-foreground" },
};

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  const { label, tone } = STATUS[status];
  return (
    <span
      className={cn("rounded-full border px-2 py-0.5 font-medium text-[11.5px]", tone)}
      data-testid="support-status"
      data-status={status}
    >
      {label}
    </span>
  );
}

export function SeverityLabel({ severity }: { severity: SupportSeverity }) {
  return (
    <span
      className={cn(
        "text-[12px] text-muted-foreground",
        (severity === "high" || severity === "urgent") && "text-destructive",
      )}
    >
      {SUPPORT_SEVERITY_LABELS[severity].label} priority
    </span>
  );
}
