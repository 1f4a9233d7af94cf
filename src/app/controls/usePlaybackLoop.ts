import { useEffect } from 'react';
import { offFrames, onFrames } from '../frameClock';
import { useStore } from '../store';

/** Longest stretch of wall time one frame may catch up on, so a hidden tab does not fast-forward. */
const MAX_FRAME_MS = 250;
/** Most ticks one frame runs, so a slow machine drops ticks rather than frames. */
const MAX_TICKS_PER_FRAME = 4;

/**
 * The fixed-step playback: on the app's frame clock while the run plays, it accumulates wall
 * time and runs whole ticks at the chosen speed. It reads the store without subscribing to
 * render, so frames without a tick re-render nothing; paused, it asks for no frame at all.
 */
export function usePlaybackLoop(): void {
  useEffect(() => {
    let last: number | null = null;
    let pending = 0;
    const loop = (now: number): boolean => {
      const store = useStore.getState();
      if (!store.playing) return false;
      pending += Math.min(now - (last ?? now), MAX_FRAME_MS);
      last = now;
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
      return useStore.getState().playing;
    };
    const start = () => {
      last = null;
      pending = 0;
      onFrames(loop, true);
    };
    if (useStore.getState().playing) start();
    const unsubscribe = useStore.subscribe((now, before) => {
      if (now.playing && !before.playing) start();
    });
    return () => {
      unsubscribe();
      offFrames(loop);
    };
  }, []);
}
