import { nextRandom, seedState } from './prng';
import { topologyOf, type TaskInfo } from './topology';
import type { ChannelState, InFlight, OperatorState, Scenario, SimState, TaskState } from './types';

/** The state a subtask starts with, and returns to when it is cancelled. */
export function emptyOperatorState(task: TaskInfo): OperatorState {
  switch (task.operator.kind) {
    case 'source':
      return { kind: 'source', offset: 0 };
    case 'sum':
      return { kind: 'sum', sum: 0, byKey: task.operator.keyBy ? {} : null };
    case 'sink':
      return { kind: 'sink', open: [], precommitted: [] };
    default:
      return { kind: 'stateless' };
  }
}

/**
 * A fresh task, its load counted from `since`; what a sink handed to the outside (output,
 * commits, transactions, topic) is carried over from `keep`.
 */
export function freshTask(task: TaskInfo, keep?: TaskState, since = 0): TaskState {
  return {
    status: 'RUNNING',
    state: emptyOperatorState(task),
    inputs: task.inputs.map(() => ({ blockedBy: null })),
    alignment: null,
    tracked: [],
    lastBarrier: 0,
    nextInput: 0,
    rebalance: task.outputs.map(() => task.subtask),
    nextReadTick: 0,
    paused: false,
    highWater: keep?.highWater ?? 0,
    output: keep?.output ?? [],
    committed: keep?.committed ?? [],
    load: { since, busy: 0, backpressured: 0, recent: [] },
    transactions: keep?.transactions ?? [],
    pendingTxns: keep?.pendingTxns ?? [],
    openTxn: null,
    topic: keep?.topic ?? [],
  };
}

/** Only ever in a queue for the moment emptyQueue takes to make it. */
const PLACEHOLDER: InFlight = {
  element: { kind: 'barrier', checkpoint: 0, savepoint: false },
  sentAt: 0,
  at: 0,
};

/**
 * An empty channel queue that V8 already stores as an array of objects. Made as `[]`, a queue
 * starts as an array of small integers and changes kind at its first push, and the push in
 * TickDraft.enqueue, meeting queues of both kinds, cost about 5% of a run of the large scenario.
 */
export function emptyQueue(): InFlight[] {
  const queue = [PLACEHOLDER];
  queue.pop();
  return queue;
}

export function emptyChannels(count: number): ChannelState[] {
  return Array.from({ length: count }, () => ({ queue: emptyQueue() }));
}

/**
 * Ticks between the starts of two periodic checkpoints, or null when they are off. Flink never
 * schedules them closer than the minimum pause, so a pause longer than the interval stretches
 * the interval.
 */
export function periodicIntervalTicks(scenario: Scenario): number | null {
  const { intervalMs, minPauseMs } = scenario.checkpoint;
  if (intervalMs === null) return null;
  return Math.ceil(Math.max(intervalMs, minPauseMs) / scenario.tickMs);
}

/**
 * The tick, counted from a (re)start at `tick`, of the first periodic trigger, or null when
 * periodic checkpoints are off. Flink's CheckpointCoordinator draws the delay at random in
 * [min pause, interval] (getRandomInitDelay) so that many jobs do not checkpoint in step; here
 * from `random`, the scenario's seeded generator, unless the scenario pins it. Pure.
 */
export function firstPeriodicTick(
  scenario: Scenario,
  tick: number,
  random: () => number,
): number | null {
  const interval = periodicIntervalTicks(scenario);
  if (interval === null) return null;
  const { intervalMs, minPauseMs, initialDelayMs } = scenario.checkpoint;
  const longest = Math.max(intervalMs!, minPauseMs);
  const delayMs =
    initialDelayMs !== undefined
      ? initialDelayMs
      : minPauseMs + Math.floor(random() * (longest - minPauseMs + 1));
  return tick + Math.max(1, Math.ceil(delayMs / scenario.tickMs));
}

/** The state at tick 0 of a job that starts with empty state, before anything happened. Pure. */
export function freshState(scenario: Scenario): SimState {
  const topology = topologyOf(scenario);
  let rng = seedState(scenario.seed);
  const first = firstPeriodicTick(scenario, 0, () => {
    const next = nextRandom(rng);
    rng = next.state;
    return next.value;
  });
  return {
    scenario,
    tick: 0,
    rng,
    job: {
      status: 'RUNNING',
      restarts: 0,
      restartAt: null,
      failureTicks: [],
      backoffMs: null,
      runningSince: 0,
      failReason: null,
      endOfInputTick: null,
    },
    tasks: topology.tasks.map((t) => freshTask(t)),
    channels: emptyChannels(topology.channels.length),
    coordinator: {
      nextId: 1,
      nextPeriodicTick: first,
      queued: [],
      lastCompleteTick: null,
      consecutiveFailures: 0,
      forgotten: { completed: 0, failed: 0 },
    },
    checkpoints: [],
    messages: [],
    writes: [],
    fired: scenario.actions.map(() => false),
    nextRecordId: 1,
    elementSteps: 0,
    restoredFrom: null,
    halted: null,
  };
}
