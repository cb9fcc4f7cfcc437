import CheckCircle2 from "lucide-react/icons/circle-check";
import Loader2 from "lucide-react/icons/loader-circle";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import type { TableProgress as Progress } from "#shared/schemas/review-table.ts";
import { Progress as ProgressBar } from "../../../components/ui/progress.tsx";
import { formatNumber } from "../../../lib/format-figures.ts";
import { formatEstimate, progressRatio } from "../lib/format.ts";

/** Filling progress: a bar, done / total, failures, and time left while filling. Live. */
export function TableProgress({ progress }: { progress: Progress }) {
  if (progress.total === 0) return null;
  const filling = progress.pending > 0;
  const estimate = filling ? formatEstimate(progress.estimateSeconds) : null;
  const complete = !filling && progress.done === progress.total;
  return (
    <div className="grid gap-1.5" data-testid="table-progress">
      <ProgressBar
        value={progressRatio(progress)}
        label="Answered cells"
        tone={complete ? "success" : "default"}
      />
      <div
        className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[12px] text-muted-foreground"
        aria-live="polite"
      >
        <span className="inline-flex items-center gap-1.5" data-testid="table-progress-counts">
          {filling ? (
            <Loader2 aria-hidden="true" className="size-3.5 animate-spin text-primary" />
          ) : complete ? (
            <CheckCircle2 aria-hidden="true" className="size-3.5 text-success" />
          ) : null}
          <span className="tabular-nums">
            {formatNumber(progress.done)} / {formatNumber(progress.total)} answered
          </span>
        </span>
        {progress.failed > 0 ? (
          <span
            className="inline-flex items-center gap-1 text-destructive"
            data-testid="table-progress-failed"
          >
            <AlertTriangle aria-hidden="true" className="size-3.5" />
            {formatNumber(progress.failed)} failed
          </span>
        ) : null}
        {filling ? (
          <span className="tabular-nums">{formatNumber(progress.pending)} to go</span>
        ) : null}
        {estimate ? <span data-testid="table-progress-estimate">{estimate}</span> : null}
      </div>
    </div>
  );
}
