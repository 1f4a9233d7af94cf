import { describe, expect, it } from 'vitest';
import {
  createInitialState,
  step,
  topologyOf,
  type Scenario,
  type SimState,
  type TimedEvent,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';

const input = (from: number) => Array.from({ length: 30 }, (_, i) => from + i);

/** Two sources into a sum and a sink; source 2's channel to the sum is slow. */
function job(options: {
  slow: number;
  checkpoint: Partial<Scenario['checkpoint']>;
  controlLatency?: number;
}) {
  return withDefaults({
    id: 'abort',
    title: 'aborted alignments',
    controlLatency: options.controlLatency ?? 1,
    operators: [
      { id: 'source', kind: 'source', parallelism: 2, input: [input(1), input(101)] },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1 },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'rebalance', latency: [1, options.slow] },
      { from: 'sum', to: 'sink', partitioning: 'forward' },
    ],
    checkpoint: { mode: 'exactly-once', ...options.checkpoint },
    restart: { type: 'none' },
  });
}

function run(state: SimState, until: (s: SimState) => boolean, events: TimedEvent[]): SimState {
  while (!until(state) && state.tick < 2_000) {
    const result = step(state);
    state = result.state;
    for (const e of result.events) events.push({ ...e, tick: state.tick });
  }
  return state;
}

describe('a newer barrier supersedes an alignment (SingleCheckpointBarrierHandler)', () => {
  it('declines the older checkpoint as CHECKPOINT_DECLINED_SUBSUMED, uncounted, and cancels it downstream', () => {
    // Tolerable failures 0: a failure that counts would fail the job at once.
    const scenario = job({
      slow: 5,
      checkpoint: { intervalMs: 300, maxConcurrent: 2, tolerableFailures: 0, timeoutMs: 10_000 },
    });
    const topology = topologyOf(scenario);
    const sum = topology.taskIndex.get('sum#0')!;
    const slow = topology.channels.findIndex((c) => c.id === 'source#1->sum#0');
    const events: TimedEvent[] = [];
    let state = run(
      createInitialState(scenario),
      (s) =>
        s.tasks[sum].alignment?.checkpoint === 1 &&
        s.channels[slow].queue.some((q) => q.element.kind === 'barrier'),
      events,
    );
    // Barrier 1 never reaches the sum on the slow input (as if source 2 had skipped checkpoint
    // 1): barrier 2 is the next one there.
    const queue = state.channels[slow].queue.filter(
      (q) => !(q.element.kind === 'barrier' && q.element.checkpoint === 1),
    );
    state = {
      ...state,
      channels: state.channels.map((c, i) => (i === slow ? { queue } : c)),
    };
    const from = state.tick;
    state = run(state, (s) => s.job.status !== 'RUNNING', events);
    const later = events.filter((e) => e.tick > from);
    const declined = later.find((e) => e.type === 'CheckpointDeclined');
    expect(declined).toMatchObject({
      task: 'sum#0',
      checkpoint: 1,
      reason: { code: 'alignment-superseded', task: 'sum#0', by: 2 },
    });
    expect(
      later.some(
        (e) =>
          e.type === 'BarrierReceived' && e.task === 'sink#0' && e.checkpoint === 1 && e.cancel,
      ),
    ).toBe(true);
    const first = state.checkpoints.find((c) => c.id === 1)!;
    expect(first.status).toBe('FAILED');
    expect(first.failReason).toEqual({ code: 'alignment-superseded', task: 'sum#0', by: 2 });
    // Not counted: with no tolerable failure the job still finishes, and checkpoint 2 completes.
    expect(state.job.status).toBe('FINISHED');
    expect(state.checkpoints.find((c) => c.id === 2)!.status).toBe('COMPLETED');
  });
});

describe('the abort of a checkpoint reaches each task as a message (notifyCheckpointAborted)', () => {
  it('keeps the alignment of an expired checkpoint until the abort arrives, then cancels it downstream', () => {
    // The slow input takes 3 s: checkpoint 1 expires (1000 ms) while the sum aligns it.
    const scenario = job({
      slow: 30,
      controlLatency: 3,
      checkpoint: { intervalMs: 1_000, timeoutMs: 1_000, tolerableFailures: 5 },
    });
    const sum = topologyOf(scenario).taskIndex.get('sum#0')!;
    const events: TimedEvent[] = [];
    const states: SimState[] = [];
    let state = createInitialState(scenario);
    while (state.tick < 200 && state.job.status === 'RUNNING') {
      const result = step(state);
      state = result.state;
      states[state.tick] = state;
      for (const e of result.events) events.push({ ...e, tick: state.tick });
    }
    const expired = events.find((e) => e.type === 'CheckpointFailed' && e.checkpoint === 1)!;
    const aborted = events.find((e) => e.type === 'AlignmentAborted' && e.task === 'sum#0')!;
    expect(aborted.tick - expired.tick).toBe(3);
    for (let tick = expired.tick; tick < aborted.tick; tick++) {
      expect(states[tick].tasks[sum].alignment?.checkpoint).toBe(1);
    }
    expect(states[aborted.tick].tasks[sum].alignment).toBeNull();
    expect(states[aborted.tick].tasks[sum].inputs.every((i) => i.blockedBy === null)).toBe(true);
    expect(
      events.some(
        (e) =>
          e.type === 'BarrierReceived' &&
          e.task === 'sink#0' &&
          e.checkpoint === 1 &&
          e.cancel === true,
      ),
    ).toBe(true);
  });
});
