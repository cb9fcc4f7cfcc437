import {
  Calendar,
  CircleCheck,
  Coins,
  Hash,
  List,
  ListChecks,
  type LucideIcon,
  TextCursor,
} from "lucide-react";
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
