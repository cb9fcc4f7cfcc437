import { Link } from "@tanstack/react-router";
import Clock from "lucide-react/icons/clock";
import Sparkles from "lucide-react/icons/sparkles";
import Workflow from "lucide-react/icons/workflow";
import type { Module } from "#shared/schemas/module.ts";
import { formatEstimatedTime, ModuleIcon } from "../../../components/module-icon.tsx";
import { cn } from "../../../components/ui/cn.ts";

/** One module of the catalogue: the whole card opens /modules/{slug}. */
export function ModuleCard({ module }: { module: Module }) {
  const builtin = module.kind === "builtin";
  return (
    <Link
      to="/modules/$slug"
      params={{ slug: module.slug }}
      data-testid="module-card"
      className={cn(
        "group flex flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-[0_1px_2px_rgb(0_0_0/0.06)]",
        "outline-none transition-colors hover:border-primary/40 hover:bg-accent/30",
        "focus-visible:ring-2 focus-visible:ring-ring",
      )}
    >
      <div className="flex items-start gap-3">
        <ModuleIcon name={module.icon} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-[15px] leading-snug tracking-tight group-hover:text-primary">
            {module.name}
          </h3>
          <span
            className={cn(
              "mt-1 inline-flex h-5 items-center gap-1 rounded-full border px-2 font-medium text-[11px]",
              builtin
                ? "border-violet-500/25 bg-violet-500/10 text-violet-600 dark:text-violet-300"
                : "border-sky-500/25 bg-sky-500/10 text-sky-600 dark:text-sky-300",
            )}
          >
            {builtin ? (
              <Sparkles aria-hidden="true" className="size-3" />
            ) : (
              <Workflow aria-hidden="true" className="size-3" />
            )}
            {builtin ? "Built-in" : "Automation"}
          </span>
        </div>
      </div>
      <p className="mt-3 line-clamp-3 text-muted-foreground text-sm">
        {module.description || "No description."}
      </p>
      {module.estimatedTimeMinutes ? (
        <p className="mt-auto flex items-center gap-1.5 pt-4 text-muted-foreground text-xs">
          <Clock aria-hidden="true" className="size-3.5" />
          <span data-testid="module-card-time">
            {formatEstimatedTime(module.estimatedTimeMinutes)}
          </span>
        </p>
      ) : null}
    </Link>
  );
}
