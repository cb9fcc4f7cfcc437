import Bell from "lucide-react/icons/bell";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import FileCheck2 from "lucide-react/icons/file-check-corner";
import LifeBuoy from "lucide-react/icons/life-buoy";
import Share2 from "lucide-react/icons/share-2";
import UserPlus from "lucide-react/icons/user-plus";
import Workflow from "lucide-react/icons/workflow";
import type { LucideIcon } from "lucide-react/types";
import { cn } from "../../../components/ui/cn.ts";

const ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  "document.processed": { icon: FileCheck2, tone: "text-success bg-success/10" },
  "document.failed": { icon: CircleAlert, tone: "text-destructive bg-destructive/10" },
  "share.received": { icon: Share2, tone: "text-primary bg-primary/10" },
  "module.finished": { icon: Workflow, tone: "text-primary bg-primary/10" },
  "invitation.accepted": { icon: UserPlus, tone: "text-primary bg-primary/10" },
  "support.answered": { icon: LifeBuoy, tone: "text-warning bg-warning/10" },
  "workflow.finished": { icon: Workflow, tone: "text-primary bg-primary/10" },
};

/** The round icon of a notification's kind. */
export function NotificationIcon({ kind, className }: { kind: string; className?: string }) {
  const { icon: Icon, tone } = ICONS[kind] ?? {
    icon: Bell,
    tone: "text-muted-foreground bg-muted",
  };
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-full",
        tone,
        className,
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

/** "just now", "5 min ago", "3 h ago", else a short date. */
export function timeAgo(timestamp: number, now = Date.now()): string {
  const minutes = Math.floor((now - timestamp) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(timestamp).toLocaleDateString([], { month: "short", day: "numeric" });
}
