import type { ReactNode } from "react";
import { cn } from "./ui/cn.ts";

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  /** 2 for a section inside a page that has its own heading (the account pages' layout). */
  level?: 1 | 2;
}

/** The heading block at the top of a signed-in screen. */
export function PageHeader({ title, description, actions, className, level = 1 }: PageHeaderProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <header className={cn("flex flex-wrap items-end justify-between gap-4", className)}>
      <div className="min-w-0">
        <Heading
          className={cn("font-semibold tracking-tight", level === 1 ? "text-2xl" : "text-lg")}
        >
          {title}
        </Heading>
        {description ? <p className="mt-1.5 text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </header>
  );
}
