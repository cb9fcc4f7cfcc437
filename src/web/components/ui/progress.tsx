import { cn } from "./cn.ts";

interface ProgressProps {
  /** 0 to 1. */
  value: number;
  /** The accessible name ("Uploading report.pdf"). */
  label: string;
  tone?: "default" | "success" | "error";
  className?: string;
  "data-testid"?: string;
}

/** A thin determinate progress bar. */
export function Progress({ value, label, tone = "default", className, ...rest }: ProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={rest["data-testid"]}
      className={cn("h-1.5 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width] duration-200 ease-out",
          tone === "success" ? "bg-success" : tone === "error" ? "bg-destructive" : "bg-primary",
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
