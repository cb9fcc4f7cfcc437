import Blocks from "lucide-react/icons/blocks";
import Briefcase from "lucide-react/icons/briefcase";
import Calculator from "lucide-react/icons/calculator";
import FileText from "lucide-react/icons/file-text";
import Gavel from "lucide-react/icons/gavel";
import Languages from "lucide-react/icons/languages";
import ListChecks from "lucide-react/icons/list-checks";
import Mail from "lucide-react/icons/mail";
import Scale from "lucide-react/icons/scale";
import Search from "lucide-react/icons/search";
import ShieldCheck from "lucide-react/icons/shield-check";
import Sparkles from "lucide-react/icons/sparkles";
import Workflow from "lucide-react/icons/workflow";
import type { LucideIcon } from "lucide-react/types";
import type { MODULE_ICONS } from "#shared/schemas/module.ts";
import { cn } from "./ui/cn.ts";

/** The lucide icon of each name the module form offers (MODULE_ICONS). */
export const MODULE_ICON_COMPONENTS: Record<(typeof MODULE_ICONS)[number], LucideIcon> = {
  "file-text": FileText,
  scale: Scale,
  search: Search,
  gavel: Gavel,
  briefcase: Briefcase,
  "shield-check": ShieldCheck,
  languages: Languages,
  "list-checks": ListChecks,
  mail: Mail,
  sparkles: Sparkles,
  workflow: Workflow,
  calculator: Calculator,
};

function iconOf(name: string | null): LucideIcon {
  return (name && MODULE_ICON_COMPONENTS[name as keyof typeof MODULE_ICON_COMPONENTS]) || Blocks;
}

/** A module's icon in its tile (a generic block when it has none). */
export function ModuleIcon({ name, className }: { name: string | null; className?: string }) {
  const Icon = iconOf(name);
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-lg border border-primary/20 bg-primary/10 text-primary",
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** "≈ 5 min", "≈ 1 h 30 min": a module's estimated time. */
export function formatEstimatedTime(minutes: number): string {
  if (minutes < 60) return `≈ ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `≈ ${hours} h` : `≈ ${hours} h ${rest} min`;
}
