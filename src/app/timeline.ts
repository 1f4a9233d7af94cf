import {
  createInitialState,
  isTerminal,
  step,
  type Scenario,
  type SimEvent,
  type SimState,
  type SinkRecord,
  WorkingSet,
} from '../engine';

/** Ticks between two stored states; any other tick is at most this many steps away. */
export const KEYFRAME_EVERY = 32;

/** Longest run the UI records. */
export const MAX_TICKS = 20_000;

/**
 * The longest output of one sink seen so far while recording: every earlier keyframe's output
 * of that sink is a prefix of it, since a sink's output only ever grows.
 */
interface OutputLine {
  records: SinkRecord[];
}

/**
 * A stored state. A sink's output grows through the whole run and every state holds its own
 * copy, so keeping it in every keyframe would cost memory quadratic in the run's length (about
 * 100 MB for 10,000 ticks of 64 tasks). A keyframe therefore stores each non-empty sink output as
 * a length into one array shared by all keyframes of the recording; `stateAt` puts it back.
 */
export interface Keyframe {
  /** The state at the keyframe's tick, with every output in `outputs` left empty. */
  state: SimState;
  /** Task index to the output that task held: the first `length` records of `line`. */
  outputs: Map<number, { line: OutputLine; length: number }>;
}

/**
 * A recorded run: a keyframe every KEYFRAME_EVERY ticks plus the events of every tick. Every
 * state in between is one replay away, so seeking costs at most KEYFRAME_EVERY steps.
 */
export interface Timeline {
  scenario: Scenario;
  /** keyframes[i] holds the state at tick i * KEYFRAME_EVERY; read it with `stateAt`. */
  keyframes: Keyframe[];
  /** events[t]: what happened in tick t (events[0] is empty: tick 0 is the start). */
  events: SimEvent[][];
  /** The last recorded tick: the job finished or failed there, or the limit was reached. */
  end: number;
  final: SimState;
}

function isPrefix(prefix: readonly SinkRecord[], of: readonly SinkRecord[]): boolean {
  if (prefix.length > of.length) return false;
  for (let i = prefix.length - 1; i >= 0; i--) if (prefix[i] !== of[i]) return false;
  return true;
}

/**
 * Stores `state` as a keyframe, moving its sink outputs into `lines` (one per task, private to
 * the recording that owns it): a line grows while each output extends the last one, and starts
 * anew if an output ever does not.
 */
function keyframeOf(state: SimState, lines: Map<number, OutputLine>): Keyframe {
  const outputs: Keyframe['outputs'] = new Map();
  state.tasks.forEach((task, index) => {
    const records = task.output;
    if (records.length === 0) return;
    let line = lines.get(index);
    if (line && isPrefix(line.records, records)) line.records = records;
    else lines.set(index, (line = { records }));
    outputs.set(index, { line, length: records.length });
  });
  if (outputs.size === 0) return { state, outputs };
  const tasks = state.tasks.map((task, index) =>
    outputs.has(index) ? { ...task, output: [] } : task,
  );
  return { state: { ...state, tasks }, outputs };
}

function stateOf(keyframe: Keyframe): SimState {
  const { state, outputs } = keyframe;
  if (outputs.size === 0) return state;
  const tasks = state.tasks.map((task, index) => {
    const output = outputs.get(index);
    return output ? { ...task, output: output.line.records.slice(0, output.length) } : task;
  });
  return { ...state, tasks };
}

/** Records a run from `start` (a state of `scenario`), keeping `prefix` before it. Pure. */
function recordFrom(
  scenario: Scenario,
  start: SimState,
  keyframes: Keyframe[],
  events: SimEvent[][],
  limit: number,
): Timeline {
  const lines = new Map<number, OutputLine>();
  let state = start;
  // Written in place between two keyframes; a keyframe is stored, then left alone for good.
  let working = new WorkingSet();
  while (!isTerminal(state) && state.tick < limit) {
    const result = step(state, working);
    state = result.state;
    events[state.tick] = result.events;
    if (state.tick % KEYFRAME_EVERY === 0) {
      keyframes[state.tick / KEYFRAME_EVERY] = keyframeOf(state, lines);
      working = new WorkingSet();
    }
  }
  return { scenario, keyframes, events, end: state.tick, final: state };
}

export function recordTimeline(scenario: Scenario, limit = MAX_TICKS): Timeline {
  const initial = createInitialState(scenario);
  return recordFrom(scenario, initial, [keyframeOf(initial, new Map())], [[]], limit);
}

/** The state at `tick`: the nearest keyframe at or before it, then replayed. */
export function stateAt(timeline: Timeline, tick: number): SimState {
  const t = Math.max(0, Math.min(tick, timeline.end));
  if (t === timeline.end) return timeline.final;
  let state = stateOf(timeline.keyframes[Math.floor(t / KEYFRAME_EVERY)]);
  const working = new WorkingSet();
  while (state.tick < t) state = step(state, working).state;
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
  const keyframes = timeline.keyframes
    .slice(0, Math.floor(t / KEYFRAME_EVERY) + 1)
    .map((k) => ({ state: rebase(k.state), outputs: k.outputs }));
  const events = timeline.events.slice(0, t + 1);
  return recordFrom(scenario, rebase(stateAt(timeline, t)), keyframes, events, limit);
}
