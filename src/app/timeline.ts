import {
  createInitialState,
  isTerminal,
  step,
  type Scenario,
  type SimEvent,
  type SimState,
} from '../engine';

/** Ticks between two stored states; any other tick is at most this many steps away. */
export const KEYFRAME_EVERY = 32;

/** Longest run the UI records. */
export const MAX_TICKS = 20_000;

/**
 * A recorded run: a keyframe every KEYFRAME_EVERY ticks plus the events of every tick. Every
 * state in between is one replay away, so seeking costs at most KEYFRAME_EVERY steps.
 */
export interface Timeline {
  scenario: Scenario;
  /** keyframes[i] is the state at tick i * KEYFRAME_EVERY. */
  keyframes: SimState[];
  /** events[t]: what happened in tick t (events[0] is empty: tick 0 is the start). */
  events: SimEvent[][];
  /** The last recorded tick: the job finished or failed there, or the limit was reached. */
  end: number;
  final: SimState;
}

/** Records a run from `start` (a state of `scenario`), keeping `prefix` before it. Pure. */
function recordFrom(
  scenario: Scenario,
  start: SimState,
  keyframes: SimState[],
  events: SimEvent[][],
  limit: number,
): Timeline {
  let state = start;
  while (!isTerminal(state) && state.tick < limit) {
    const result = step(state);
    state = result.state;
    events[state.tick] = result.events;
    if (state.tick % KEYFRAME_EVERY === 0) keyframes[state.tick / KEYFRAME_EVERY] = state;
  }
  return { scenario, keyframes, events, end: state.tick, final: state };
}

export function recordTimeline(scenario: Scenario, limit = MAX_TICKS): Timeline {
  const initial = createInitialState(scenario);
  return recordFrom(scenario, initial, [initial], [[]], limit);
}

/** The state at `tick`: the nearest keyframe at or before it, then replayed. */
export function stateAt(timeline: Timeline, tick: number): SimState {
  const t = Math.max(0, Math.min(tick, timeline.end));
  if (t === timeline.end) return timeline.final;
  let state = timeline.keyframes[Math.floor(t / KEYFRAME_EVERY)];
  while (state.tick < t) state = step(state).state;
  return state;
}

/**
 * The same run under a scenario that differs only from `tick` on (an action added that fires
 * after it): everything up to `tick` is kept, the future is recorded anew.
 */
export function forkTimeline(
  timeline: Timeline,
  tick: number,
  scenario: Scenario,
  limit = MAX_TICKS,
): Timeline {
  const t = Math.max(0, Math.min(tick, timeline.end));
  const rebase = (s: SimState): SimState => ({
    ...s,
    scenario,
    fired: scenario.actions.map((_, k) => s.fired[k] ?? false),
  });
  const keyframes = timeline.keyframes.slice(0, Math.floor(t / KEYFRAME_EVERY) + 1).map(rebase);
  const events = timeline.events.slice(0, t + 1);
  return recordFrom(scenario, rebase(stateAt(timeline, t)), keyframes, events, limit);
}
