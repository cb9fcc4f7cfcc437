import Sparkles from "lucide-react/icons/sparkles";
import Workflow from "lucide-react/icons/workflow";
import type { AdminModule } from "#shared/schemas/module.ts";
import { cn } from "../../../components/ui/cn.ts";

const pill =
  "inline-flex h-5 items-center gap-1 whitespace-nowrap rounded-full border px-2 font-medium text-[11px]";

export function KindBadge({ kind }: { kind: AdminModule["kind"] }) {
  const builtin = kind === "builtin";
  return (
    <span
      className={cn(
        pill,
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
  );
}

/** Archived, inactive or active. */
export function StateBadge({ module }: { module: AdminModule }) {
  if (module.archivedAt !== null) {
    return <span className={cn(pill, "bg-muted text-muted-foreground")}>Archived</span>;
  }
  return module.isActive ? (
    <span
      className={cn(
        pill,
        "border-emerald-500/25 bg-emerald-500/10 text-emerald-600 dark:text-emerald-400",
      )}
    >
      Active
    </span>
  ) : (
    <span
      className={cn(pill, "border-amber-500/25 bg-amber-500/10 text-amber-600 dark:text-amber-400")}
    >
      Inactive
    </span>
  );
}

/** "All organizations", or their names. */
export function organizationsLabel(module: AdminModule): string {
  return module.organizationNames.length === 0
    ? "All organizations"
    : module.organizationNames.join(", ");
}
