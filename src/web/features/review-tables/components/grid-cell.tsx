import Clock3 from "lucide-react/icons/clock-3";
import PenLine from "lucide-react/icons/pen-line";
import Quote from "lucide-react/icons/quote";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import type { TableCell } from "#shared/schemas/review-table.ts";
import { cn } from "../../../components/ui/cn.ts";

/** What a cell says to a screen reader, beside what it shows. */
export function cellDescription(cell: TableCell | undefined): string {
  if (!cell) return "Not asked yet";
  const extras = [
    cell.edited ? "corrected by hand" : null,
    cell.citationCount > 0
      ? `${cell.citationCount} citation${cell.citationCount === 1 ? "" : "s"}`
      : null,
  ].filter(Boolean);
  const tail = extras.length > 0 ? ` (${extras.join(", ")})` : "";
  switch (cell.status) {
    case "queued":
      return "Queued";
    case "running":
      return "Being answered";
    case "failed":
      return `Failed: ${cell.error ?? "no answer"}`;
    case "cancelled":
      return "Cancelled";
    case "done":
      return `${cell.answer ?? "No answer"}${tail}`;
    default:
      return cell.edited && cell.answer ? `${cell.answer}${tail}` : "Not asked yet";
  }
}

/**
 * One cell's content in the grid, by state: empty (a dash), queued (a clock),
 * running (a shimmer), done (the short answer, as text: it is model output),
 * failed (a warning; the error is the cell's title), with markers for a hand
 * correction and for citations.
 */
export function GridCellContent({ cell }: { cell: TableCell | undefined }) {
  const status = cell?.edited && cell.answer ? "done" : (cell?.status ?? "empty");
  if (status === "running")
    return (
      <span data-state="running" className="flex w-full items-center">
        <span
          aria-hidden="true"
          className={cn(
            "h-2.5 w-3/4 animate-shimmer rounded-full bg-[length:200%_100%]",
            "bg-[linear-gradient(90deg,var(--muted)_0%,color-mix(in_oklab,var(--primary)_35%,var(--muted))_50%,var(--muted)_100%)]",
          )}
        />
        <span className="sr-only">Being answered</span>
      </span>
    );
  if (status === "queued")
    return (
      <span data-state="queued" className="flex items-center gap-1.5 text-muted-foreground/70">
        <Clock3 aria-hidden="true" className="size-3.5" />
        <span className="text-[12px]">Queued</span>
      </span>
    );
  if (status === "failed")
    return (
      <span
        data-state="failed"
        title={cell?.error ?? "The model gave no answer"}
        className="flex min-w-0 items-center gap-1.5 text-destructive"
      >
        <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="truncate text-[12px]">{cell?.error ?? "Failed"}</span>
      </span>
    );
  if (status === "done" && cell)
    return (
      <span data-state="done" className="flex min-w-0 items-center gap-1.5">
        <span className={cn("min-w-0 truncate", !cell.answer && "text-muted-foreground")}>
          {cell.answer ?? "—"}
        </span>
        <span className="ml-auto flex shrink-0 items-center gap-1">
          {cell.edited ? (
            <PenLine aria-hidden="true" data-testid="cell-edited" className="size-3 text-warning" />
          ) : null}
          {cell.citationCount > 0 ? (
            <span
              aria-hidden="true"
              data-testid="cell-citations"
              className="flex items-center gap-0.5 text-[10.5px] text-muted-foreground"
            >
              <Quote className="size-2.5" />
              {cell.citationCount}
            </span>
          ) : null}
        </span>
      </span>
    );
  return (
    <span data-state={status} className="text-muted-foreground/50">
      {status === "cancelled" ? "Cancelled" : "—"}
    </span>
  );
}
