import type { SupportStatus } from "#shared/schemas/support.ts";
import { cn } from "../../../components/ui/cn.ts";

const STATUS: Record<SupportStatus, { label: string; tone: string }> = {
  open: { label: "Needs an answer", tone: "border-warning/30 bg-warning/10 text-warning" },
  answered: { label: "Answered", tone: "border-success/30 bg-success/10 text-success" },
  closed: { label: "Closed", tone: "border-border bg-muted text-muted-foreground" },
};

export function InboxStatusBadge({ status }: { status: SupportStatus }) {
  const { label, tone } = STATUS[status];
  return (
    <span
      className={cn(
        "whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-[11px]",
        tone,
      )}
      data-testid="inbox-status"
      data-status={status}
    >
      {label}
    </span>
  );
}
