import LoaderCircle from "lucide-react/icons/loader-circle";
import { cn } from "./cn.ts";

interface SpinnerProps {
  className?: string;
  /** Read by screen readers; omit when a surrounding label already says it. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
