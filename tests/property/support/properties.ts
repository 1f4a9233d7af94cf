/**
 * The properties of the engine under random scenarios and failure schedules. Shared by the Vitest
 * files (1,000 runs each) and the soak sweep (tests/property/soak.ts), so both check the same.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  createInitialState,
  failureFree,
  isTerminal,
  step,
  type GroundTruth,
  type Scenario,
  type SimEvent,
  type SimState,
  type StepOptions,
  type TimedEvent,
  WorkingSet,
} from '../../../src/engine';
import { parseScenario } from '../../../src/scenarios/schema';
import { scenarioArb } from '../../helpers/arbitraries';
import { GraphModel } from './graphModel';
import {
  checkAtLeastOnce,
  checkExactlyOnce,
  checkpointLifecycle,
  consistentCuts,
  fifoChannels,
  neverCountedTwice,
} from './invariants';
import {
  InvariantViolation,
  LedgerTracker,
  observedRun,
  TICK_LIMIT,
  type ObservedRun,
  type TickObserver,
} from './observedRun';

/** The scenario as a user's file would load it: generated scenarios must all be valid. */
export function validated(generated: Scenario): Scenario {
  const parsed = parseScenario(generated);
  if (!parsed.ok) throw new Error(`a generated scenario is invalid: ${parsed.errors.join('; ')}`);
  return parsed.scenario;
}

/** The failure-free run, cut at the same tick limit as the run it is compared with. */
function boundedTruth(scenario: Scenario): GroundTruth {
  return observedRun(failureFree(scenario), []);
}

export interface NamedProperty {
  name: string;
  property: fc.IProperty<[Scenario]> | fc.IProperty<[Scenario, number]>;
}

/** Exactly-once and stop-the-world: no record counted twice at any tick; at the end, the failure-free result. */
export function exactlyOnceHolds(generated: Scenario): void {
  const scenario = validated(generated);
  const model = new GraphModel(scenario);
  const ledgers = new LedgerTracker();
  const run = observedRun(scenario, [ledgers, neverCountedTwice(scenario, model, ledgers)]);
  if (run.state.job.status === 'FINISHED') {
    checkExactlyOnce(run, model, ledgers, boundedTruth(scenario));
  }
}

export const exactlyOnce = fc.property(
  scenarioArb({ modes: ['exactly-once', 'stop-the-world'] }),
  exactlyOnceHolds,
);

/** At-least-once: nothing lost, and judge() names exactly the duplicates the validators count. */
export function atLeastOnceHolds(generated: Scenario): void {
  const scenario = validated(generated);
  const model = new GraphModel(scenario);
  const ledgers = new LedgerTracker();
  const run = observedRun(scenario, [ledgers, consistentCuts(scenario, model, ledgers)]);
  if (run.state.job.status === 'FINISHED') {
    checkAtLeastOnce(run, model, ledgers, boundedTruth(scenario));
  }
}

export const atLeastOnce = fc.property(scenarioArb({ modes: ['at-least-once'] }), atLeastOnceHolds);

/** Every completed checkpoint is a consistent cut (at-least-once: holds at least the cut). */
export function consistentCutHolds(generated: Scenario): void {
  const scenario = validated(generated);
  const model = new GraphModel(scenario);
  const ledgers = new LedgerTracker();
  observedRun(scenario, [ledgers, consistentCuts(scenario, model, ledgers)]);
}

export const consistentCut = fc.property(scenarioArb(), consistentCutHolds);

/** FIFO channels, checkpoints completing in order, restores only of completed checkpoints. */
export function channelsAndCheckpointsHold(generated: Scenario): void {
  const scenario = validated(generated);
  observedRun(scenario, [fifoChannels(scenario), checkpointLifecycle(scenario)]);
}

export const channelsAndCheckpoints = fc.property(
  scenarioArb({ stopWithSavepoint: true }),
  channelsAndCheckpointsHold,
);

export function traceHash(run: { state: SimState; events: readonly TimedEvent[] }): string {
  return createHash('sha256')
    .update(JSON.stringify(run.events))
    .update('\n')
    .update(JSON.stringify(run.state))
    .digest('hex');
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Continues a run from `state` to the same end as observedRun; with `freeze`, every state is deep-frozen first. */
function continueRun(start: SimState, freeze: boolean): ObservedRun {
  let state = freeze ? deepFreeze(start) : start;
  const events: TimedEvent[] = [];
  while (!isTerminal(state) && state.tick < TICK_LIMIT) {
    const result = step(state);
    state = freeze ? deepFreeze(result.state) : result.state;
    for (const e of result.events) events.push({ ...e, tick: state.tick });
  }
  return { state, events };
}

/**
 * Runs from the start as the recorder does: one working set written in place between two stored
 * states, a new one after each; `every` ticks between stored states. Returns the run and the
 * stored states, read again only after the run went past them.
 */
function runInPlace(
  scenario: Scenario,
  every: number,
  options?: StepOptions,
): ObservedRun & { stored: SimState[] } {
  let state = createInitialState(scenario);
  const stored = [state];
  let working = new WorkingSet();
  const events: TimedEvent[] = [];
  while (!isTerminal(state) && state.tick < TICK_LIMIT) {
    const result = step(state, working, options);
    state = result.state;
    for (const e of result.events) events.push({ ...e, tick: state.tick });
    if (state.tick % every === 0) {
      stored.push(state);
      working = new WorkingSet();
    }
  }
  return { state, events, stored };
}

/**
 * The same scenario gives the same trace, bit for bit: run twice (the second time from a copy of
 * the scenario, every state deep-frozen so that a step writing into the state it steps from
 * throws), and resumed from a JSON copy of the state at a random tick, as a keyframe is.
 */
export function deterministic(generated: Scenario, at: number): void {
  const scenario = validated(generated);
  const states: SimState[] = [];
  const first = observedRun(scenario, [{ tick: (_prev, next) => states.push(next) }]);
  const second = continueRun(observedRun(validated(structuredClone(generated)), [], 0).state, true);
  if (traceHash(first) !== traceHash(second)) {
    throw new Error('two runs of the same scenario differ');
  }
  if (states.length === 0) return;
  // Written in place, the run is the same, and the states it stored were left as they were.
  const every = 1 + (at % 7);
  const inPlace = runInPlace(scenario, every);
  if (traceHash(inPlace) !== traceHash(first)) {
    throw new Error(`a run written in place (a new working set every ${every} ticks) differs`);
  }
  for (const kept of inPlace.stored) {
    const pure = kept.tick === 0 ? createInitialState(scenario) : states[kept.tick - 1];
    if (JSON.stringify(kept) !== JSON.stringify(pure)) {
      throw new Error(`the state stored at tick ${kept.tick} changed after it was stored`);
    }
  }
  // Asked for some types of event only, as the recorder asks for milestones, the run is the
  // same and its events are the others' of those types, in the same order.
  const types = [...new Set(first.events.map((e) => e.type))].sort();
  const only = new Set(types.filter((_, i) => i % 2 === at % 2));
  const some = runInPlace(scenario, every, { events: only });
  const wanted = { state: first.state, events: first.events.filter((e) => only.has(e.type)) };
  if (traceHash(some) !== traceHash(wanted)) {
    throw new Error(`a run asked for events of ${[...only].join(', ') || 'no type'} only differs`);
  }
  const keyframe = JSON.parse(JSON.stringify(states[at % states.length])) as SimState;
  const k = keyframe.tick;
  const resumed = continueRun(keyframe, false);
  const tail = { state: first.state, events: first.events.filter((e) => e.tick > k) };
  if (traceHash(resumed) !== traceHash(tail)) {
    throw new Error(`resuming from a copy of tick ${k} gives another trace`);
  }
}

export const determinism = fc.property(
  scenarioArb({ stopWithSavepoint: true }),
  fc.nat(),
  deterministic,
);

/** Ticks without a record or a checkpoint moving after which a job counts as stuck. */
const STUCK_TICKS = 200;

/**
 * What moves a job on, besides a snapshot being written: a record read or processed, a
 * checkpoint acknowledged or completed. Once the input has ended only the checkpoints move, and
 * the last one (which commits the sinks' transactions) may write for long on a slow backend.
 */
const MOVES = new Set<SimEvent['type']>([
  'RecordEmitted',
  'RecordProcessed',
  'CheckpointAcknowledged',
  'CheckpointCompleted',
]);

/**
 * Without failures, a job always finishes, with what its graph computes: the engine's dataflow
 * itself, and its liveness (no deadlock in alignment or backpressure, no checkpoint that holds
 * the job forever, no stop-the-world pause that never lets the sources read). A job that is
 * slow but moving (a sink of rate 1 behind a broadcast, a slow backend writing the last
 * checkpoint) runs on; one where neither a record nor a checkpoint moves for
 * longer than any checkpoint timeout here is stuck. Checkpoint failures are tolerated, as in
 * the failure-free run judge() uses.
 */
export function failureFreeFinishesWithGraphResult(generated: Scenario): void {
  const scenario = failureFree(validated(generated));
  const model = new GraphModel(scenario);
  const ledgers = new LedgerTracker();
  let moved = 0;
  const progress: TickObserver = {
    tick(_prev, next, events) {
      if (next.writes.length > 0 || events.some((e) => MOVES.has(e.type))) {
        moved = next.tick;
      } else if (next.tick - moved > STUCK_TICKS) {
        throw new InvariantViolation(next.tick, `nothing moved since tick ${moved}: stuck`);
      }
    },
  };
  const run = observedRun(scenario, [ledgers, progress], 50 * TICK_LIMIT);
  if (run.state.job.status !== 'FINISHED') {
    throw new Error(`the job is ${run.state.job.status} at tick ${run.state.tick}`);
  }
  checkExactlyOnce(run, model, ledgers, run);
}

export const failureFreeFinishes = fc.property(
  scenarioArb({ failures: false }),
  failureFreeFinishesWithGraphResult,
);

export const PROPERTIES: readonly NamedProperty[] = [
  { name: 'exactly-once', property: exactlyOnce },
  { name: 'at-least-once', property: atLeastOnce },
  { name: 'consistent cut', property: consistentCut },
  { name: 'channels and checkpoints', property: channelsAndCheckpoints },
  { name: 'determinism', property: determinism },
  { name: 'failure-free finishes', property: failureFreeFinishes },
];
