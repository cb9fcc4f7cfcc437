import { Link } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react/types";
import type { AdminListPath } from "./chart-card.tsx";

/** One headline figure, linking to the list it summarises. */
export function FigureCard({
  label,
  value,
  detail,
  icon: Icon,
  to,
  tone = "default",
  testId,
}: {
  label: string;
  value: string;
  detail: string;
  icon: LucideIcon;
  to: AdminListPath;
  tone?: "default" | "warning";
  testId: string;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="group flex min-w-0 flex-col rounded-xl border bg-card p-4 shadow-[0_1px_2px_rgb(0_0_0/0.06)] outline-none transition-colors hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
        <span className="truncate font-medium">{label}</span>
        <Icon
          aria-hidden="true"
          className={
            tone === "warning"
              ? "size-4 text-warning"
              : "size-4 text-muted-foreground group-hover:text-primary"
          }
        />
      </span>
      <span className="mt-2 font-semibold text-2xl tabular-nums tracking-tight">{value}</span>
      <span className="mt-1 truncate text-muted-foreground text-xs">{detail}</span>
    </Link>
  );
}
