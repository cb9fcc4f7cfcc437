import {
  Blocks,
  Briefcase,
  Calculator,
  FileText,
  Gavel,
  Languages,
  ListChecks,
  type LucideIcon,
  Mail,
  Scale,
  Search,
  ShieldCheck,
  Sparkles,
  Workflow,
} from "lucide-react";
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
