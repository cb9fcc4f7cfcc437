import Calendar from "lucide-react/icons/calendar";
import CircleCheck from "lucide-react/icons/circle-check";
import Coins from "lucide-react/icons/coins";
import Hash from "lucide-react/icons/hash";
import List from "lucide-react/icons/list";
import ListChecks from "lucide-react/icons/list-checks";
import TextCursor from "lucide-react/icons/text-cursor";
import type { LucideIcon } from "lucide-react/types";
import { ANSWER_TYPE_LABELS, type AnswerType } from "#shared/schemas/review-table.ts";
import { cn } from "../../../components/ui/cn.ts";

const ICONS: Record<AnswerType, LucideIcon> = {
  text: TextCursor,
  yesNo: CircleCheck,
  date: Calendar,
  number: Hash,
  currency: Coins,
  choice: ListChecks,
  list: List,
};

/** The icon of a column's answer type, named for screen readers. */
export function AnswerTypeIcon({ type, className }: { type: AnswerType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <Icon
      role="img"
      aria-label={ANSWER_TYPE_LABELS[type]}
      className={cn("size-3.5 shrink-0 text-muted-foreground", className)}
    />
  );
}

export { ICONS as ANSWER_TYPE_ICONS };
