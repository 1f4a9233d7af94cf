import { intendedTruth, judge, type GroundTruth, type Verdict } from '../engine';
import { allEvents, recordTimeline, stateAt, type Timeline } from './timeline';

const verdicts = new WeakMap<Timeline, Verdict>();
const truths = new WeakMap<Timeline, { truth: GroundTruth; timeline: Timeline }>();

function truthOf(timeline: Timeline) {
  let t = truths.get(timeline);
  if (!t) {
    const truth = intendedTruth(timeline.final);
    t = { truth, timeline: recordTimeline(truth.state.scenario) };
    truths.set(timeline, t);
  }
  return t;
}

/**
 * The run judged against the run it was meant to be (see judge); computed once per recorded
 * timeline.
 */
export function verdictOf(timeline: Timeline): Verdict {
  let v = verdicts.get(timeline);
  if (!v) {
    v = judge({ state: timeline.final, events: allEvents(timeline) }, truthOf(timeline).truth);
    verdicts.set(timeline, v);
  }
  return v;
}

/** The failure-free run's state at a tick, for side-by-side comparison. */
export function failureFreeStateAt(timeline: Timeline, tick: number) {
  const twin = truthOf(timeline).timeline;
  return stateAt(twin, tick);
}
