import { useEffect } from 'react';
import { useStore } from '../store';

/** Longest stretch of wall time one frame may catch up on, so a hidden tab does not fast-forward. */
const MAX_FRAME_MS = 250;
/** Most ticks one frame runs, so a slow machine drops ticks rather than frames. */
const MAX_TICKS_PER_FRAME = 4;

/**
 * The one fixed-step playback loop: it accumulates wall time and runs whole ticks at the chosen
 * speed. It owns requestAnimationFrame and reads the store without subscribing, so frames
 * without a tick re-render nothing.
 */
export function usePlaybackLoop(): void {
  useEffect(() => {
    let frame = 0;
    let last: number | null = null;
    let pending = 0;
    const loop = (now: number) => {
      const store = useStore.getState();
      if (store.playing) {
        pending += Math.min(now - (last ?? now), MAX_FRAME_MS);
        const tickMs = 1000 / store.speed;
        let ran = 0;
        while (pending >= tickMs && ran < MAX_TICKS_PER_FRAME) {
          pending -= tickMs;
          ran += 1;
          const { cursor, timeline, loopFrom } = useStore.getState();
          if (cursor >= timeline.end) {
            // A looping embed starts its moment over instead of stopping.
            if (loopFrom !== null) useStore.getState().play();
            else useStore.getState().pause();
            break;
          }
          useStore.getState().stepForward();
        }
        if (ran === MAX_TICKS_PER_FRAME) pending = 0;
        const after = useStore.getState();
        if (after.playing && after.cursor >= after.timeline.end && after.loopFrom === null) {
          after.pause();
        }
      } else {
        pending = 0;
      }
      last = now;
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, []);
}
