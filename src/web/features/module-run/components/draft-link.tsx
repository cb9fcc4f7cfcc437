import { useRouter } from "@tanstack/react-router";
import type { MouseEvent, ReactNode } from "react";

/** The drafts pane with one draft selected (/modules/drafts?id=…), without a page load. */
export function draftHref(draftId: string): string {
  return `/modules/drafts?id=${encodeURIComponent(draftId)}`;
}

export function DraftLink({
  draftId,
  className,
  children,
}: {
  draftId: string;
  className?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const href = draftHref(draftId);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    <a href={href} onClick={open} className={className} data-testid="execution-draft-link">
      {children}
    </a>
  );
}
