import { useRouter } from "@tanstack/react-router";
import type { ComponentProps, MouseEvent } from "react";

/**
 * A link to a path inside the app that navigates without a reload (a
 * modifier key or middle click still opens a new tab).
 */
export function InAppLink({ href, onClick, ...props }: ComponentProps<"a"> & { href: string }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
