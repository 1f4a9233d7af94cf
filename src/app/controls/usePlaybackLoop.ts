import { useEffect } from 'react';
import { offFrames, onFrames } from '../frameClock';
import { useStore } from '../store';
import { createPlaybackClock } from './pace';

/**
 * The fixed-step playback: on the app's frame clock while the run plays, it runs whole ticks at
 * the chosen speed, as many as its clock (pace.ts) gives each frame: one move of the cursor at
 * each tick, or every few ticks where moving it makes frames late or costs much. It reads the
 * store without subscribing to render, so frames without a tick re-render nothing; paused, it
 * asks for no frame at all.
 */
export function usePlaybackLoop(): void {
  useEffect(() => {
    const clock = createPlaybackClock();
    // A message posted in a frame is taken after the frame is rendered: the time from the
    // frame's start to then is the main-thread work of moving the cursor.
    const rendered = new MessageChannel();
    let began = 0;
    /** Whether the loop itself is moving the cursor, so that a move is not taken for a jump. */
    let stepping = false;
    rendered.port1.onmessage = () => clock.moveCost(performance.now() - began);
    const loop = (now: number): boolean => {
      const store = useStore.getState();
      if (!store.playing) return false;
      began = performance.now();
      const ticks = clock.frame(now, store.speed);
      if (ticks > 0) {
        rendered.port2.postMessage(null);
        const { cursor, timeline, loopFrom } = useStore.getState();
        // A looping embed starts its moment over instead of stopping.
        stepping = true;
        try {
          if (cursor < timeline.end) useStore.getState().stepForward(ticks);
          else if (loopFrom !== null) useStore.getState().play();
          else useStore.getState().pause();
        } finally {
          stepping = false;
        }
      }
      const after = useStore.getState();
      if (after.playing && after.cursor >= after.timeline.end && after.loopFrom === null) {
        after.pause();
      }
      return useStore.getState().playing;
    };
    const start = () => {
      clock.start(performance.now());
      onFrames(loop, true);
    };
    if (useStore.getState().playing) start();
    const unsubscribe = useStore.subscribe((now, before) => {
      if (now.cursor !== before.cursor && !stepping) clock.jumped(performance.now());
      if (now.playing && !before.playing) start();
    });
    return () => {
      unsubscribe();
      offFrames(loop);
      rendered.port1.close();
    };
  }, []);
}
