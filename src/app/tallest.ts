import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps an element as tall as it has been since `key` last changed, at its present width, when
 * that is at most a line of its text taller than it has been at its shortest: a box whose text
 * grows and shrinks by a line as the user moves about (the run's result: one line at the start,
 * the verdict's two at the end) then stops resizing what lies beside it. Moving between the start
 * and the end of a run resized the graph above it, which framed the job again each time. A longer
 * difference is given back to the graph, whose room counts more on a small screen. A new key
 * (another run, another language) or another width starts over.
 */
export function useTallest(ref: RefObject<HTMLElement | null>, key: unknown): void {
  useLayoutEffect(() => {
    const el = ref.current;
    el?.style.removeProperty('min-height');
    if (!el) return;
    let shortest = Infinity;
    let tallest = 0;
    let width = -1;
    let frame = 0;
    const measure = ([entry]: ResizeObserverEntry[]) => {
      const box = entry.borderBoxSize?.[0];
      const w = box ? box.inlineSize : el.offsetWidth;
      const h = box ? box.blockSize : el.offsetHeight;
      if (width >= 0 && w !== width) {
        // Another width wraps the text otherwise: start over from its natural height, in the
        // next frame (a change of size made here would be refused by the observer as a loop).
        width = -1;
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => {
          shortest = Infinity;
          tallest = 0;
          el.style.removeProperty('min-height');
        });
        return;
      }
      width = w;
      shortest = Math.min(shortest, h);
      tallest = Math.max(tallest, h);
      // Only ever set to the height it has now, so that setting it resizes nothing; and only
      // once it has been seen shorter, so that it can be let go of when the difference is long.
      if (h !== tallest || shortest === tallest) return;
      const style = getComputedStyle(el);
      const line = parseFloat(style.lineHeight) || 1.25 * parseFloat(style.fontSize);
      if (tallest - shortest <= line + 0.5) el.style.minHeight = `${h}px`;
      else el.style.removeProperty('min-height');
    };
    let observer: ResizeObserver;
    try {
      observer = new ResizeObserver(measure);
      observer.observe(el);
    } catch {
      // A browser whose observer fails leaves the element to size itself, as before.
      return;
    }
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [ref, key]);
}
