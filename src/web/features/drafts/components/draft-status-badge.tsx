import Archive from "lucide-react/icons/archive";
import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import FileCheck2 from "lucide-react/icons/file-check-corner";
import LoaderCircle from "lucide-react/icons/loader-circle";
import type { DraftStatus } from "#shared/schemas/draft.ts";
import { cn } from "../../../components/ui/cn.ts";

export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = {
  pending: "Generating",
  ready: "Ready for review",
  failed: "Failed",
  saved: "Saved",
  discarded: "Discarded",
};

const STYLES: Record<DraftStatus, { icon: typeof CircleCheck; className: string }> = {
  pending: {
    icon: LoaderCircle,
    className: "border-primary/30 bg-primary/10 text-primary [&_svg]:animate-spin",
  },
  ready: { icon: CircleCheck, className: "border-success/30 bg-success/10 text-success" },
  failed: {
    icon: CircleAlert,
    className: "border-destructive/35 bg-destructive/10 text-destructive",
  },
  saved: { icon: FileCheck2, className: "border-border bg-muted text-foreground/80" },
  discarded: { icon: Archive, className: "border-border bg-muted/60 text-muted-foreground" },
};

/** A draft's status; it changes live while the draft is generated. */
export function DraftStatusBadge({
  status,
  className,
}: {
  status: DraftStatus;
  className?: string;
}) {
  const { icon: Icon, className: tone } = STYLES[status];
  return (
    <span
      data-testid="draft-status"
      data-status={status}
      className={cn(
        "inline-flex h-5 shrink-0 items-center gap-1 rounded-full border px-2 font-medium text-[11px]",
        "[&_svg]:size-3",
        tone,
        className,
      )}
    >
      <Icon aria-hidden="true" />
      {DRAFT_STATUS_LABELS[status]}
    </span>
  );
}
