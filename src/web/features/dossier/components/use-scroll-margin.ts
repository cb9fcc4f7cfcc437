import { useEffect, useState } from "react";

/**
 * How far below the top of the scrolling area a virtual list starts (the
 * folders and headings above it scroll away first); re-measured on resize.
 * Takes elements, not refs: a parent's ref is attached only after its
 * children's effects run, so the list re-measures once both exist.
 * Measured in the ResizeObserver's reports only (its first comes after the browser's own
 * layout), never as the list mounts, where reading positions forced a layout (decision 016).
 */
export function useScrollMargin(list: HTMLElement | null, scroller: HTMLElement | null): number {
  const [margin, setMargin] = useState(0);
  useEffect(() => {
    if (!list || !scroller) return;
    const measure = () =>
      setMargin(
        Math.round(
          list.getBoundingClientRect().top -
            scroller.getBoundingClientRect().top +
            scroller.scrollTop,
        ),
      );
    const observer = new ResizeObserver(measure);
    observer.observe(scroller.firstElementChild ?? scroller);
    return () => observer.disconnect();
  }, [list, scroller]);
  return margin;
}
