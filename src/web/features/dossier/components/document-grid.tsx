import { elementScroll, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { startTransition, useEffect, useState } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { useDocumentCardActions } from "../hooks/use-document-card-actions.ts";
import { DocumentCard } from "./document-card.tsx";
import { GRID_GAP, GRID_MIN_CARD_WIDTH } from "./layout.ts";
import { CardSkeleton } from "./skeleton-parts.tsx";
import { GridSkeleton } from "./skeletons.tsx";
import { useScrollMargin } from "./use-scroll-margin.ts";

interface DocumentGridProps {
  documents: readonly DocumentSummary[];
  /** The element that scrolls (the folder page's content area). */
  scrollElement: HTMLElement | null;
  onOpen: (documentId: string) => void;
  /** Asked when the last rows come into view and more documents exist. */
  onNearEnd: () => void;
}

/**
 * The width of an element, kept current as it resizes; 0 until it is known. Read from a
 * ResizeObserver only, whose first report comes after the browser's own layout: reading
 * `clientWidth` as the grid mounts forced a layout of the whole page inside the task that
 * mounted it (decision 016, "no forced layout").
 */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The scrolling area's size for the virtualizer, from a ResizeObserver only: the default reads
 * `getBoundingClientRect()` as it mounts, which forces a layout. Until the first report the
 * virtualizer uses `initialRect` (the window's height, which needs no layout).
 */
function observeScrollerSize(
  instance: Virtualizer<HTMLElement, Element>,
  report: (rect: { width: number; height: number }) => void,
) {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize?.[0];
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
    const held = heldWrites.get(instance);
    if (held) {
      heldWrites.set(instance, () => {});
      held();
    }
  });
  observer.observe(element, { box: "border-box" });
  return () => observer.disconnect();
}

/** The first scroll write of each virtualizer, held until the scroller's first size report. */
const heldWrites = new WeakMap<object, () => void>();

/**
 * The virtualizer's scroll writes, except the first (it puts the area at its initial offset as
 * it mounts): `scrollTo` right after React's commit forced a layout of the page inside that
 * task. It is made in the scroller's first ResizeObserver report instead, when the layout is
 * fresh, and only if the area is not there already (a cold load's area is at the top).
 */
const scrollAfterFirstLayout = (
  offset: number,
  options: Parameters<typeof elementScroll>[1],
  instance: Virtualizer<HTMLElement, Element>,
) => {
  if (heldWrites.has(instance)) return elementScroll(offset, options, instance);
  heldWrites.set(instance, () => {
    const element = instance.scrollElement;
    if (element && Math.abs(element.scrollTop - offset) >= 1) {
      elementScroll(offset, options, instance);
    }
  });
};

/**
 * How many of the rows on screen show their cards yet: one more per task after the grid
 * mounts, then all of them. A row of cards is about a twentieth of a second of work on a slow
 * phone; drawing one per task keeps every task short (TBT), and the first rows paint first
 * (decision 016, "the first paint"). Rows not drawn yet hold skeleton cards of the same size.
 */
function useRevealedRows(rowsOnScreen: number): number {
  const [revealed, setRevealed] = useState(1);
  useEffect(() => {
    if (revealed >= rowsOnScreen) {
      if (rowsOnScreen > 0 && revealed !== Number.POSITIVE_INFINITY) {
        setRevealed(Number.POSITIVE_INFINITY);
      }
      return;
    }
    // A transition: React renders the row in slices of a few milliseconds, yielding between
    // them, so only the row's commit is one piece of work (decision 016, "smaller tasks").
    const timer = setTimeout(() => startTransition(() => setRevealed((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [revealed, rowsOnScreen]);
  return revealed;
}

/**
 * Document cards in rows; only the rows near the viewport are in the page,
 * so a folder of 10,000 documents scrolls as smoothly as one of ten.
 */
export function DocumentGrid({ documents, scrollElement, onOpen, onNearEnd }: DocumentGridProps) {
  const [list, setList] = useState<HTMLDivElement | null>(null);
  // One router subscription and one favourite mutation for all the cards; cards are memoized
  // and re-render only when their document changes (a new page leaves the rest alone).
  const actions = useDocumentCardActions(onOpen);
  const width = useWidth(list);
  const columns = Math.max(1, Math.floor((width + GRID_GAP) / (GRID_MIN_CARD_WIDTH + GRID_GAP)));
  const cardWidth = width > 0 ? (width - GRID_GAP * (columns - 1)) / columns : GRID_MIN_CARD_WIDTH;
  // The 4:3 preview plus the text below it.
  const rowHeight = Math.round(cardWidth * 0.75 + 68 + GRID_GAP);
  const rowCount = Math.ceil(documents.length / columns);

  const scrollMargin = useScrollMargin(list, scrollElement);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin,
    initialRect: { width: 0, height: typeof window === "undefined" ? 0 : window.innerHeight },
    observeElementRect: observeScrollerSize,
    scrollToFn: scrollAfterFirstLayout,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row height changes
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const rows = virtualizer.getVirtualItems();
  const measured = width > 0;
  const revealed = useRevealedRows(measured ? rows.length : 0);
  const lastRow = measured ? (rows.at(-1)?.index ?? -1) : -1;
  useEffect(() => {
    if (rowCount > 0 && lastRow >= rowCount - 3) onNearEnd();
  }, [lastRow, rowCount, onNearEnd]);

  return (
    <div
      ref={setList}
      data-testid="document-grid"
      className="relative w-full"
      style={measured ? { height: virtualizer.getTotalSize() } : undefined}
    >
      {/* Until the width is known (the observer's first report, a frame later): the same
          skeleton cards as while loading, laid out by CSS, so nothing moves. */}
      {measured ? null : <GridSkeleton />}
      {(measured ? rows : []).map((row, position) => (
        <div
          key={row.key}
          className="absolute inset-x-0 top-0 grid"
          style={{
            transform: `translateY(${row.start - scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: GRID_GAP,
            height: rowHeight - GRID_GAP,
          }}
        >
          {documents.slice(row.index * columns, row.index * columns + columns).map((document) => (
            <div key={document._id} className="min-w-0">
              {position < revealed ? (
                <DocumentCard document={document} actions={actions} />
              ) : (
                <CardSkeleton />
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
