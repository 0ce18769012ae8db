import { type RefObject, useEffect, useState } from 'react';

/** Which rows of a list of `count` rows, each `rowHeight` px, show in a viewport: `[first, end)`. */
export interface RowWindow {
  first: number;
  end: number;
}

/**
 * The rows of a list that meet the viewport, `overscan` more on each side: `top` is the list's top
 * edge relative to the viewport's (negative once scrolled past), `viewport` the viewport's height.
 */
export function rowWindow(
  { count, rowHeight, overscan }: { count: number; rowHeight: number; overscan: number },
  { top, viewport }: { top: number; viewport: number },
): RowWindow {
  if (count === 0 || rowHeight <= 0) return { first: 0, end: 0 };
  const seenFrom = Math.max(0, -top);
  const seenTo = Math.max(0, viewport - top);
  const first = Math.max(0, Math.floor(seenFrom / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil(seenTo / rowHeight) + overscan);
  return { first: Math.min(first, end), end };
}

/**
 * Windowing against the page's own scroll (the app scrolls the window, not a box): the rows of the
 * list at `ref` that are on screen, and `overscan` more, follow scrolling and resizing, measured
 * once a frame. Only those are mounted; the list keeps its full height so the scroll bar is true.
 * Answers the window and the rows truly in view (no overscan), e.g. to play only what is seen.
 */
export function useWindowedRows(
  ref: RefObject<HTMLElement | null>,
  { count, rowHeight, overscan = 1 }: { count: number; rowHeight: number; overscan?: number },
): { rows: RowWindow; seen: RowWindow } {
  const [place, setPlace] = useState({ top: 0, viewport: 800 });
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const top = Math.round(element.getBoundingClientRect().top);
      const viewport = window.innerHeight;
      setPlace((current) =>
        current.top === top && current.viewport === viewport ? current : { top, viewport },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    if (ref.current) observer.observe(ref.current);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [ref]);
  return {
    rows: rowWindow({ count, rowHeight, overscan }, place),
    seen: rowWindow({ count, rowHeight, overscan: 0 }, place),
  };
}
