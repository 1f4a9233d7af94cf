import {
  createInitialState,
  isTerminal,
  MILESTONE_EVENTS,
  RUN_BUDGET,
  type BudgetExceeded,
  step,
  type Scenario,
  type SimEvent,
  type SimEventType,
  type SimState,
  type StepOptions,
  type TimedEvent,
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
export interface OutputLine {
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
 * The events a timeline keeps for every tick: what happened to the job and its checkpoints, as
 * the markers and the schedule show it. A long run has about one event per element moved, and
 * keeping them all would take more memory than the states (100 MB for 10,000 ticks of 64
 * tasks); the others are replayed when asked for, as states are.
 */
export const MILESTONES: ReadonlySet<SimEventType> = MILESTONE_EVENTS;

/**
 * A recorded run: a keyframe every KEYFRAME_EVERY ticks plus the milestones of every tick. Every
 * state in between, and every event, is one replay away, so seeking costs at most
 * KEYFRAME_EVERY steps.
 */
export interface Timeline {
  scenario: Scenario;
  /** keyframes[i] holds the state at tick i * KEYFRAME_EVERY; read it with `stateAt`. */
  keyframes: Keyframe[];
  /**
   * milestones[t]: the events of tick t that are in MILESTONES (milestones[0] is empty: tick 0
   * is the start). All of a tick's events: `eventsAt`.
   */
  milestones: SimEvent[][];
  /**
   * The last recorded tick: the job finished or failed there, the run reached its limit or
   * budget, or (while `complete` is false) the recording has not gone further yet.
   */
  end: number;
  final: SimState;
  /** False while the recording goes on: `end` will move. */
  complete: boolean;
}

/**
 * Whether `of` extends `prefix`. A step appends to a sink's output (in place, or onto a copy of
 * it) and never changes what is there, so within one recording an output that holds the same
 * first and last record of `prefix` at the same places extends it: comparing every record cost
 * a pass over each sink's whole output at every keyframe.
 */
function isPrefix(prefix: readonly SinkRecord[], of: readonly SinkRecord[]): boolean {
  if (prefix.length > of.length) return false;
  const last = prefix.length - 1;
  return last < 0 || (prefix[0] === of[0] && prefix[last] === of[last]);
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

/** Recording keeps the milestones of every tick, so it makes no other events. */
export const RECORDING: StepOptions = { events: MILESTONES };
/** Seeking keeps no events at all. */
export const SEEKING: StepOptions = { events: new Set() };

const NO_EVENTS: SimEvent[] = [];

function elementsInFlight(state: SimState): number {
  let n = 0;
  for (const channel of state.channels) n += channel.queue.length;
  return n;
}

/**
 * Records a run a piece at a time, so the page can draw between pieces: `advance` steps until
 * the run ends or its `more` says stop (asked after every tick, with the state recorded so far), and returns the timeline so
 * far. What it returned is never written again: every piece starts a new working set. The
 * recording stops, as the engine does at its budget, once the elements in flight of its stored
 * keyframes pass RUN_BUDGET.recordedElements.
 */
export class TimelineRecorder {
  private state: SimState;
  private working = new WorkingSet();
  private readonly lines = new Map<number, OutputLine>();
  private kept = 0;
  private cancelled = false;
  timeline: Timeline;

  constructor(
    private readonly scenario: Scenario,
    start: SimState,
    private readonly keyframes: Keyframe[],
    private readonly milestones: SimEvent[][],
    private readonly limit: number,
    /** Elements in flight the stored keyframes may hold together. */
    private readonly keep: number = RUN_BUDGET.recordedElements,
    /** Elements in flight held by keyframes of this run stored elsewhere (by the page). */
    keptElsewhere = 0,
  ) {
    this.state = start;
    this.kept = keptElsewhere;
    for (const k of keyframes) if (k) this.kept += elementsInFlight(k.state);
    this.timeline = this.snapshot();
  }

  /** Whether the run is recorded to its end, its limit, its budget, or as far as cancelled. */
  get done(): boolean {
    return this.cancelled || isTerminal(this.state) || this.state.tick >= this.limit;
  }

  advance(more: (recorded: SimState) => boolean = () => true): Timeline {
    if (this.done) return this.timeline;
    let state = this.state;
    const { keyframes, milestones } = this;
    while (!isTerminal(state) && state.tick < this.limit) {
      const result = step(state, this.working, RECORDING);
      state = result.state;
      milestones[state.tick] = result.events.length === 0 ? NO_EVENTS : result.events;
      if (state.tick % KEYFRAME_EVERY === 0) {
        keyframes[state.tick / KEYFRAME_EVERY] = keyframeOf(state, this.lines);
        this.working = new WorkingSet();
        this.kept += elementsInFlight(state);
        if (this.kept > this.keep && !isTerminal(state)) {
          const halted: BudgetExceeded = {
            code: 'budget-exceeded',
            limit: 'recording',
            used: this.kept,
            max: this.keep,
          };
          state = { ...state, halted };
          milestones[state.tick] = [
            ...milestones[state.tick],
            { type: 'RunHalted', budget: halted },
          ];
          break;
        }
      }
      if (!more(state)) break;
    }
    // The state handed out is left alone from here on: the next piece copies what it writes.
    this.working = new WorkingSet();
    this.state = state;
    this.timeline = this.snapshot();
    return this.timeline;
  }

  /** Where recording stands: the last state recorded, and what a recording from it may still keep. */
  get position(): { state: SimState; limit: number; keep: number; kept: number } {
    return { state: this.state, limit: this.limit, keep: this.keep, kept: this.kept };
  }

  /**
   * Takes a piece recorded elsewhere (in a worker, from `position`) as if `advance` had recorded
   * it: its keyframes and milestones, and its last state as the place to go on from.
   */
  absorb(piece: {
    keyframes: { index: number; keyframe: Keyframe }[];
    milestones: { from: number; events: SimEvent[][] };
    final: SimState;
  }): Timeline {
    if (this.cancelled) return this.timeline;
    for (const { index, keyframe } of piece.keyframes) {
      if (this.keyframes[index] === undefined) this.kept += elementsInFlight(keyframe.state);
      this.keyframes[index] = keyframe;
    }
    piece.milestones.events.forEach((events, i) => {
      this.milestones[piece.milestones.from + i] = events.length === 0 ? NO_EVENTS : events;
    });
    this.working = new WorkingSet();
    this.state = piece.final;
    this.timeline = this.snapshot();
    return this.timeline;
  }

  /** Stops recording where it is: the timeline so far is the whole timeline. */
  cancel(): Timeline {
    this.cancelled = true;
    this.timeline = this.snapshot();
    return this.timeline;
  }

  private snapshot(): Timeline {
    return {
      scenario: this.scenario,
      keyframes: this.keyframes,
      // A copy per piece, so whatever is memoised on the milestones sees them grow.
      milestones: this.milestones.slice(),
      end: this.state.tick,
      final: this.state,
      complete: this.done,
    };
  }
}

/** A recorder of `scenario` from tick 0, with nothing recorded yet. */
export function startRecording(
  scenario: Scenario,
  limit = MAX_TICKS,
  keep: number = RUN_BUDGET.recordedElements,
): TimelineRecorder {
  const initial = createInitialState(scenario);
  const first = [keyframeOf(initial, new Map())];
  return new TimelineRecorder(scenario, initial, first, [[]], limit, keep);
}

/** The whole run of `scenario`, recorded at once. */
export function recordTimeline(scenario: Scenario, limit = MAX_TICKS): Timeline {
  return startRecording(scenario, limit).advance();
}

/** The state at `tick`: the nearest keyframe at or before it, then replayed. */
export function stateAt(timeline: Timeline, tick: number): SimState {
  const t = Math.max(0, Math.min(tick, timeline.end));
  if (t === timeline.end) return timeline.final;
  let state = stateOf(timeline.keyframes[Math.floor(t / KEYFRAME_EVERY)]);
  const working = new WorkingSet();
  while (state.tick < t) state = step(state, working, SEEKING).state;
  return state;
}

/**
 * A recorder of the same run under a scenario that differs only from `tick` on (an action added
 * that fires after it): everything up to `tick` is kept, the future is recorded anew.
 */
export function startFork(
  timeline: Timeline,
  tick: number,
  scenario: Scenario,
  limit = MAX_TICKS,
): TimelineRecorder {
  const t = Math.max(0, Math.min(tick, timeline.end));
  const rebase = (s: SimState): SimState => ({
    ...s,
    scenario,
    fired: scenario.actions.map((_, k) => s.fired[k] ?? false),
  });
  const keyframes = timeline.keyframes
    .slice(0, Math.floor(t / KEYFRAME_EVERY) + 1)
    .map((k) => ({ state: rebase(k.state), outputs: k.outputs }));
  const milestones = timeline.milestones.slice(0, t + 1);
  return new TimelineRecorder(scenario, rebase(stateAt(timeline, t)), keyframes, milestones, limit);
}

/** The forked run (see startFork), recorded at once. */
export function forkTimeline(
  timeline: Timeline,
  tick: number,
  scenario: Scenario,
  limit = MAX_TICKS,
): Timeline {
  return startFork(timeline, tick, scenario, limit).advance();
}

/** Keyframe intervals whose events are kept per recording, the most recently read last. */
const BLOCKS_KEPT = 16;

/** The events of the ticks of one keyframe interval, as far as they were recorded. */
interface Block {
  events: SimEvent[][];
}

/**
 * Kept per recording (its keyframes), not per timeline: a recording in progress hands out a new
 * timeline with every piece, and the events of a tick already recorded stay the same arrays, so
 * whatever shows them is not drawn again.
 */
const blocks = new WeakMap<Keyframe[], Map<number, Block>>();

/** The cached events of keyframe interval `block` of `timeline`'s recording, made if missing. */
function blockOf(timeline: Timeline, block: number): Block {
  let cache = blocks.get(timeline.keyframes);
  if (!cache) blocks.set(timeline.keyframes, (cache = new Map()));
  const hit = cache.get(block) ?? { events: [] };
  // The most recently used last, and only so many kept.
  cache.delete(block);
  cache.set(block, hit);
  if (cache.size > BLOCKS_KEPT) cache.delete(cache.keys().next().value!);
  return hit;
}

/** The events of the ticks after keyframe `block` up to the next one, replayed where missing. */
function eventsOfBlock(timeline: Timeline, block: number): SimEvent[][] {
  const { events } = blockOf(timeline, block);
  const first = block * KEYFRAME_EVERY;
  const last = Math.min(timeline.end, first + KEYFRAME_EVERY);
  let known = 0;
  while (known < last - first && events[known] !== undefined) known++;
  if (known === last - first) return events;
  let state = stateOf(timeline.keyframes[block]);
  const working = new WorkingSet();
  while (state.tick < last) {
    const result = step(state, working);
    state = result.state;
    const at = state.tick - 1 - first;
    // A tick's events already handed out stay the same array.
    if (events[at] === undefined) events[at] = result.events;
  }
  return events;
}

/**
 * Everything that happened in tick `tick` (nothing at tick 0 or past the end), replayed from the
 * nearest keyframe before it; the same array for the same tick while it stays in the cache.
 */
export function eventsAt(timeline: Timeline, tick: number): readonly SimEvent[] {
  if (!Number.isInteger(tick) || tick < 1 || tick > timeline.end) return NO_EVENTS;
  const block = Math.floor((tick - 1) / KEYFRAME_EVERY);
  const at = tick - 1 - block * KEYFRAME_EVERY;
  return blockOf(timeline, block).events[at] ?? eventsOfBlock(timeline, block)[at];
}

/**
 * Keeps the events a step from tick `tick - 1` of `timeline` made (playback steps the state on
 * screen), so that eventsAt gives them without replaying the interval they fall in. They must be
 * the run's own: the step from the recorded state at `tick - 1`.
 */
export function keepEvents(timeline: Timeline, tick: number, events: SimEvent[]): void {
  if (!Number.isInteger(tick) || tick < 1 || tick > timeline.end) return;
  const block = Math.floor((tick - 1) / KEYFRAME_EVERY);
  const { events: kept } = blockOf(timeline, block);
  const at = tick - 1 - block * KEYFRAME_EVERY;
  if (kept[at] === undefined) kept[at] = events;
}

/**
 * Reads a recorded run the way playback moves through it: the tick after the last one read is
 * one step from it (its events kept, see keepEvents); any other tick is sought with stateAt.
 * A run shown beside another follows the cursor with this rather than seeking every tick.
 */
export function follow(timeline: Timeline): (tick: number) => SimState {
  let last: SimState | null = null;
  return (tick) => {
    const t = Math.max(0, Math.min(tick, timeline.end));
    if (last?.tick === t) return last;
    if (last !== null && last.tick + 1 === t && t < timeline.end) {
      const stepped = step(last);
      keepEvents(timeline, t, stepped.events);
      last = stepped.state;
    } else {
      last = stateAt(timeline, t);
    }
    return last;
  };
}

/** Every event of the run with its tick, replayed from the start: for export. */
export function allEvents(timeline: Timeline): TimedEvent[] {
  const all: TimedEvent[] = [];
  let state = stateOf(timeline.keyframes[0]);
  const working = new WorkingSet();
  while (state.tick < timeline.end) {
    const result = step(state, working);
    state = result.state;
    for (const e of result.events) all.push({ ...e, tick: state.tick });
  }
  return all;
}
