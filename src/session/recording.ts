import { estimateCost, type SimState } from '../engine';
import { host, soon } from './host';
import { MAX_TICKS, stateAt, type Timeline, type TimelineRecorder } from './timeline';

/** A recording going on elsewhere than the page (a worker); stopping it ends it. */
export interface RecordingElsewhere {
  stop: () => void;
}

/**
 * What records a run off the page, where the host has a way (the browser's workers): the rest of
 * `recorder`'s run, each piece absorbed into it and its timeline handed to `onPiece`; null where
 * it cannot, and `onFailure` if it fails later, with `recorder` holding what arrived.
 */
export interface OffThread {
  recordInWorker: (
    recorder: TimelineRecorder,
    onPiece: (timeline: Timeline) => void,
    onFailure: () => void,
  ) => RecordingElsewhere | null;
}

/** Time one piece of recording may take before the page gets to draw: well inside a frame. */
const PIECE_MS = 12;
/** How often the screen is given what was recorded meanwhile. */
const PUBLISH_MS = 250;
/** How long a run records on the page before the rest goes on in a worker. */
const HAND_OFF_MS = 300;

const now = () => host.performance.now();

/** What the rest of a recording needs from the session that began it. */
export interface Rest {
  recorder: TimelineRecorder;
  /** When the first piece began (performance.now()). */
  started: number;
  /** The tick to show once it is recorded, unless the user moved the cursor meanwhile. */
  wanted: number;
  /** Whether this recording is still the session's: a newer one replaces it. */
  isActive: () => boolean;
  cursor: () => number;
  /** Shows what is recorded: the timeline, the progress (null once done), maybe a new cursor. */
  show: (shown: {
    timeline: Timeline;
    recording: number | null;
    cursor?: number;
    current?: SimState;
  }) => void;
  /** The worker recording the rest, or null again. */
  elsewhere: (recording: RecordingElsewhere | null) => void;
  isElsewhere: () => boolean;
  /** The whole run is recorded. */
  finished: (timeline: Timeline) => void;
  offThread?: () => Promise<OffThread>;
}

/** How far along a recording is: by ticks, or by the estimated work when that says more. */
function progressOf(timeline: Timeline, estimate: number): number {
  const byTicks = timeline.end / MAX_TICKS;
  const byWork = estimate > 0 ? timeline.final.elementSteps / estimate : 0;
  return Math.min(0.99, Math.max(byTicks, byWork));
}

/**
 * Records the rest of a run whose first piece did not end it: on the page a piece between
 * frames, and after HAND_OFF_MS in a worker where there is one, so a costly run never holds the
 * page; a short run ends on the page sooner than a worker would start. Loaded only for such runs.
 */
export function recordTheRest(rest: Rest): void {
  const { recorder, started, wanted } = rest;
  const estimate = estimateCost(recorder.timeline.scenario).elementSteps;
  let shown = rest.cursor();
  let published = now();
  /** Gives the screen what is recorded: the progress, and the wanted tick once it is there. */
  const publish = (timeline: Timeline) => {
    published = now();
    const cursor = rest.cursor();
    const follow = cursor === shown && wanted > cursor && wanted <= timeline.end;
    rest.show({
      timeline,
      recording: recorder.done ? null : progressOf(timeline, estimate),
      ...(follow ? { cursor: wanted, current: stateAt(timeline, wanted) } : {}),
    });
    shown = rest.cursor();
    if (recorder.done) rest.finished(timeline);
  };
  /** The off-page recorder, once loaded; null while loading, or where there is none. */
  let offThread: OffThread | null = null;
  /** Hands the rest of the run to a worker; false where none can record it. */
  const handOff = (): boolean => {
    if (!offThread) return false;
    const elsewhere = offThread.recordInWorker(
      recorder,
      (timeline) => {
        if (rest.isActive()) publish(timeline);
      },
      () => {
        if (!rest.isActive()) return;
        // The page goes on from what the worker sent, and tries no other worker.
        rest.elsewhere(null);
        offThread = null;
        soon(onPage);
      },
    );
    rest.elsewhere(elsewhere);
    return elsewhere !== null;
  };
  const onPage = () => {
    if (!rest.isActive()) return;
    const began = now();
    if (began - started >= HAND_OFF_MS && !rest.isElsewhere() && handOff()) return;
    const timeline = recorder.advance(() => now() - began < PIECE_MS);
    // The screen takes the new part a few times a second: drawing a large graph after every
    // piece would take more of the frame than the recording.
    if (recorder.done || began - published >= PUBLISH_MS) publish(timeline);
    if (!recorder.done) soon(onPage);
  };
  rest.show({ timeline: recorder.timeline, recording: progressOf(recorder.timeline, estimate) });
  // The worker's code loads when a run first needs it: most runs are recorded in the first piece.
  rest.offThread?.().then(
    (module) => {
      offThread = module;
    },
    () => undefined,
  );
  soon(onPage);
}
