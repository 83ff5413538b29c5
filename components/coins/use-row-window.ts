"use client";

// Which rows of a long list of fixed-height rows to render: those in the scroll box's view, a few
// beyond each way, and one row the caller must always keep (the active option). Every row has the
// same height, so the window is arithmetic on scrollTop; a general virtualiser (measuring rows of
// any size) would cost the coin picker's first load about 10 KB of script for nothing.
import { useCallback, useEffect, useState, type RefObject } from "react";

type Options = {
  count: number;
  rowHeight: number;
  /** Rows rendered beyond the view each way. */
  overscan: number;
  /** Assumed height of the box until it is measured (and where there is no layout, as in jsdom). */
  fallbackHeight: number;
  /** A row index always rendered, in view or not. */
  keep: number;
  scrollRef: RefObject<HTMLElement | null>;
};

export type Align = "auto" | "center";

export function useRowWindow({ count, rowHeight, overscan, fallbackHeight, keep, scrollRef }: Options) {
  const [view, setView] = useState({ top: 0, height: fallbackHeight });

  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => setView({ top: box.scrollTop, height: box.clientHeight || fallbackHeight });
    measure();
    box.addEventListener("scroll", measure, { passive: true });
    return () => box.removeEventListener("scroll", measure);
  }, [scrollRef, fallbackHeight]);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  const indexes: number[] = [];
  for (let i = first; i <= last; i++) indexes.push(i);
  if (keep >= 0 && keep < count && (keep < first || keep > last)) {
    if (keep < first) indexes.unshift(keep);
    else indexes.push(keep);
  }

  /** Scrolls the box so row `index` is in view: just enough ("auto") or in the middle ("center"). */
  const scrollToIndex = useCallback(
    (index: number, align: Align = "auto") => {
      const box = scrollRef.current;
      if (!box) return;
      const height = box.clientHeight || fallbackHeight;
      const rowTop = index * rowHeight;
      let top = box.scrollTop;
      if (align === "center") top = rowTop - (height - rowHeight) / 2;
      else if (rowTop < top) top = rowTop;
      else if (rowTop + rowHeight > top + height) top = rowTop + rowHeight - height;
      top = Math.max(0, Math.min(top, count * rowHeight - height));
      if (top !== box.scrollTop) box.scrollTo({ top });
    },
    [scrollRef, fallbackHeight, rowHeight, count],
  );

  return { indexes, totalHeight: count * rowHeight, scrollToIndex };
}
