import { create } from 'zustand';
import type { Scenario } from '../../engine';
import { twinScenario, type TwinVariant } from '../../scenarios/twin';
import { useStore } from '../store';
import { startRecording, type Timeline, type TimelineRecorder } from '../../session/timeline';

/** The second run of the twin view: recorded from the first run's scenario and the variant. */
export interface TwinRun {
  /** The first run's scenario and the variant it was recorded for. */
  base: Scenario | null;
  variant: TwinVariant | null;
  timeline: Timeline | null;
}

export const useTwinRun = create<TwinRun>()(() => ({ base: null, variant: null, timeline: null }));

/** Time one piece of recording may take before the page gets to draw. */
const PIECE_MS = 12;

let recorder: TimelineRecorder | null = null;

/** Records the twin of `base` a piece at a time, between frames; a newer one replaces it. */
function record(base: Scenario, variant: TwinVariant): void {
  const mine = startRecording(twinScenario(base, variant));
  recorder = mine;
  const piece = () => {
    if (recorder !== mine) return;
    const started = performance.now();
    const timeline = mine.advance(() => performance.now() - started < PIECE_MS);
    useTwinRun.setState({ base, variant, timeline });
    if (!mine.done) setTimeout(piece, 0);
  };
  piece();
}

/** Keeps the twin in step with the first run's scenario and the variant asked for. */
function follow(): void {
  const { timeline, twin } = useStore.getState();
  const run = useTwinRun.getState();
  if (!twin) {
    recorder = null;
    if (run.timeline) useTwinRun.setState({ base: null, variant: null, timeline: null });
    return;
  }
  if (run.base === timeline.scenario && run.variant === twin) return;
  record(timeline.scenario, twin);
}

useStore.subscribe((now, before) => {
  if (now.twin !== before.twin || now.timeline.scenario !== before.timeline.scenario) follow();
});
follow();
