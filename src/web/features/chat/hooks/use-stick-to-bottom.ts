import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** Within this many pixels of the end counts as "at the bottom". */
const THRESHOLD_PX = 80;

/**
 * Keeps a scroll container at its end while its content grows (an answer
 * streaming in), unless the user scrolled up to read; scrolling back down, or
 * `scrollToBottom()`, pins it again.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
) {
  const pinned = useRef(true);
  const [atBottom, setAtBottom] = useState(true);

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = "auto") => {
      const element = scrollRef.current;
      pinned.current = true;
      setAtBottom(true);
      element?.scrollTo({ top: element.scrollHeight, behavior });
    },
    [scrollRef],
  );

  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    let lastTop = element.scrollTop;
    const onScroll = () => {
      const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
      const scrolledUp = element.scrollTop < lastTop - 2;
      lastTop = element.scrollTop;
      if (distance <= THRESHOLD_PX) pinned.current = true;
      else if (scrolledUp) pinned.current = false;
      setAtBottom(distance <= THRESHOLD_PX);
    };
    const observer = new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    });
    element.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(content);
    element.scrollTop = element.scrollHeight;
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [scrollRef, contentRef]);

  return { atBottom, scrollToBottom };
}
