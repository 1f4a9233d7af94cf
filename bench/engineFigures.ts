import { getHeapStatistics } from 'node:v8';
import { RECORDING, recordTimeline, SEEKING, stateAt } from '../src/session/timeline';
import { judgingSteps } from '../src/session/verdict';
import {
  createInitialState,
  failureFree,
  isTerminal,
  step,
  WorkingSet,
  type Scenario,
  type SimState,
  type StepOptions,
} from '../src/engine';
import { flatReferenceLoop, referenceLoop } from './referenceLoop';
import { largeScenario } from './scenarios';
import { median, seededRandom } from './stats';

/** Wall-clock and CPU milliseconds (user + system, every thread of the process) of one part. */
interface Timed {
  ms: number;
  cpuMs: number;
}

export interface ThroughputRun {
  /** Stepped as the recorder steps: making only the events it keeps (the job's milestones). */
  engine: Timed & { elementSteps: number; ticks: number; events: number };
  /** Stepped making every event, as the event log's replay does. */
  everyEvent: Timed & { events: number };
  reference: Timed & { elementSteps: number; ticks: number };
  /** The same loop without an allocation per step (flatReferenceLoop). */
  flatReference: Timed;
}

function timed<T>(work: () => T): { result: T } & Timed {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const result = work();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Runs a scenario to its end through `step` with one working set, as the app's recorder does
 * between two keyframes, counting the events.
 */
function runToEnd(scenario: Scenario, options?: StepOptions): { state: SimState; events: number } {
  let state = createInitialState(scenario);
  const working = new WorkingSet();
  let events = 0;
  while (!isTerminal(state)) {
    const result = step(state, working, options);
    state = result.state;
    events += result.events.length;
  }
  return { state, events };
}

/** Timed passes of each part per round, interleaved: the round reports their medians. */
const TIMED_PASSES = 3;

function medianTimed(passes: Timed[]): Timed {
  return { ms: median(passes.map((p) => p.ms)), cpuMs: median(passes.map((p) => p.cpuMs)) };
}

/**
 * One round of the throughput figure: the large scenario to its end, then the bare reference
 * loop moving the same number of element-steps through as many stages over as many ticks.
 */
export function throughputRound(): ThroughputRun {
  const scenario = largeScenario();
  // Steady-state speed: one untimed pass of each first, so that neither is timed while the
  // JIT compiler is still at work on it; then each part several times, interleaved, so that a
  // garbage collection or a busy moment of the machine falls on one pass, not on one part.
  const warm = runToEnd(scenario, RECORDING);
  runToEnd(scenario);
  const { state, events } = warm;
  const stages = scenario.operators.length;
  // A record crossing the chain costs one push and one take per hop: 2 * (stages - 1) steps.
  const records = Math.ceil(state.elementSteps / (2 * (stages - 1)));
  const runReference = () => referenceLoop(stages, records, records / state.tick);
  runReference();
  const runFlat = () => flatReferenceLoop(stages, records, records / state.tick);
  const flatSum = runFlat().sum;
  if (flatSum !== runReference().sum) throw new Error('the two reference loops summed differently');
  const engines: Timed[] = [];
  const flats: Timed[] = [];
  const everyEvents: Timed[] = [];
  const references: Timed[] = [];
  let everyEventCount = 0;
  for (let pass = 0; pass < TIMED_PASSES; pass++) {
    const engine = timed(() => runToEnd(scenario, RECORDING));
    if (engine.result.state.elementSteps !== state.elementSteps) {
      throw new Error('two runs of the large scenario moved different numbers of elements');
    }
    engines.push(engine);
    const everyEvent = timed(() => runToEnd(scenario));
    everyEventCount = everyEvent.result.events;
    everyEvents.push(everyEvent);
    const reference = timed(runReference);
    if (reference.result.sum <= 0) throw new Error('the reference loop summed nothing');
    references.push(reference);
    flats.push(timed(runFlat));
  }
  const engine = medianTimed(engines);
  const everyEvent = medianTimed(everyEvents);
  const reference = { ...medianTimed(references), result: runReference() };
  return {
    engine: {
      ms: engine.ms,
      cpuMs: engine.cpuMs,
      elementSteps: state.elementSteps,
      ticks: state.tick,
      events,
    },
    everyEvent: { ms: everyEvent.ms, cpuMs: everyEvent.cpuMs, events: everyEventCount },
    flatReference: medianTimed(flats),
    reference: {
      ms: reference.ms,
      cpuMs: reference.cpuMs,
      elementSteps: reference.result.elementSteps,
      ticks: reference.result.ticks,
    },
  };
}

export interface SeekResult {
  ticks: number;
  recordMs: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  /** CPU time of each seek and replay: what it costs, whatever else the machine is doing. */
  seekMs: number[];
  replayMs: number[];
  /** The same, in wall-clock time: what a user waits on this machine as loaded as it was. */
  seekWallMs: number[];
  replayWallMs: number[];
}

export const RECORDED_TICKS = 10_000;
const SEEK_SAMPLES = 61;
const REPLAY_SAMPLES = 5;

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  gc();
  gc();
}

const mb = (bytes: number) => bytes / (1024 * 1024);

export interface MemoryResult {
  heapBeforeMb: number;
  heapAfterMb: number;
}

/** Records the first 10,000 ticks of the large scenario and weighs the heap before and after. */
function recordAndWeigh() {
  const scenario = largeScenario();
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const recording = timed(() => recordTimeline(scenario, RECORDED_TICKS));
  collectGarbage();
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    scenario,
    timeline: recording.result,
    recordMs: recording.ms,
    heapBeforeMb: mb(heapBefore),
    heapAfterMb: mb(heapAfter),
  };
}

/** The memory figure alone, for the runs beyond the one the seek figure makes. */
export function memory(): MemoryResult {
  const { timeline, heapBeforeMb, heapAfterMb } = recordAndWeigh();
  if (timeline.end !== RECORDED_TICKS) throw new Error(`recorded ${timeline.end} ticks`);
  return { heapBeforeMb, heapAfterMb };
}

/**
 * The seek and memory figures: records the first 10,000 ticks of the large scenario with the
 * app's recorder, measures the JS heap after a full collection, then lands on random ticks with
 * `stateAt` and, for a few of the same ticks, by replaying from tick 0.
 */
export function seekAndMemory(): SeekResult {
  const { scenario, timeline, recordMs, heapBeforeMb, heapAfterMb } = recordAndWeigh();

  const random = seededRandom(8);
  const ticks = Array.from({ length: SEEK_SAMPLES }, () => Math.floor(random() * timeline.end));
  for (const tick of ticks.slice(0, 5)) stateAt(timeline, tick);
  const seeks = ticks.map((tick) => {
    const seek = timed(() => stateAt(timeline, tick));
    if (seek.result.tick !== tick)
      throw new Error(`stateAt(${tick}) landed on ${seek.result.tick}`);
    return seek;
  });
  const replays = ticks.slice(0, REPLAY_SAMPLES).map((tick) => {
    // Stepped as stateAt steps (one working set, no events): the seek saves the distance only.
    const replay = timed(() => {
      let state = createInitialState(scenario);
      const working = new WorkingSet();
      while (state.tick < tick) state = step(state, working, SEEKING).state;
      return state;
    });
    if (replay.result.elementSteps !== stateAt(timeline, tick).elementSteps) {
      throw new Error(`replaying to ${tick} and seeking to it disagree`);
    }
    return replay;
  });
  return {
    ticks: timeline.end,
    recordMs,
    heapBeforeMb,
    heapAfterMb,
    seekMs: seeks.map((x) => x.cpuMs),
    replayMs: replays.map((x) => x.cpuMs),
    seekWallMs: seeks.map((x) => x.ms),
    replayWallMs: replays.map((x) => x.ms),
  };
}

export interface JudgingResult {
  ticks: number;
  /** Judging the recorded run, as the result strip does when the cursor reaches the end. */
  ms: number;
  cpuMs: number;
  /** The heap in use, collected or not, at its highest while judging. */
  peakHeapMb: number;
  /** The heap with the recorded timeline alive, before judging. */
  heapBeforeMb: number;
  /** The reference: one run of the failure-free scenario to its end, making no events. */
  referenceMs: number;
  referenceCpuMs: number;
  duplicates: number;
}

/**
 * The judging figure: records the whole large scenario as the app does, then judges it with
 * the steps the app runs in slices (src/session/verdict.ts), weighing the heap between two slices;
 * the reference is one bare run of the failure-free scenario, which judging steps once and the
 * recorded run's replay a second time.
 */
export function judging(): JudgingResult {
  const scenario = largeScenario();
  const timeline = recordTimeline(scenario);
  collectGarbage();
  const heapBefore = getHeapStatistics().used_heap_size;
  let peak = heapBefore;
  const judged = timed(() => {
    const steps = judgingSteps(timeline);
    for (;;) {
      const next = steps.next();
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
      if (next.done) return next.value;
    }
  });
  const reference = timed(() => runToEnd(failureFree(scenario), SEEKING));
  return {
    ticks: timeline.end,
    ms: judged.ms,
    cpuMs: judged.cpuMs,
    peakHeapMb: mb(peak),
    heapBeforeMb: mb(heapBefore),
    referenceMs: reference.ms,
    referenceCpuMs: reference.cpuMs,
    duplicates: judged.result.sinkDuplicates.length,
  };
}
