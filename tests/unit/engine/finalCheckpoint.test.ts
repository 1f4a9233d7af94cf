import { describe, expect, it } from 'vitest';
import type { Scenario, TimedEvent } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { flinkCode } from '../../../src/scenarios/flinkCode';
import { record, taskState } from '../../helpers/sim';

// FLIP-147 (Flink 1.15 and later, execution.checkpointing.checkpoints-after-tasks-finish on by
// default): when every source reached the end of its input, the tasks wait for a final
// checkpoint before they finish, so that a two-phase-commit sink commits its last transaction.

/** Nine numbers read one per 2 ticks, summed and written by a two-phase-commit sink. */
function sumToSink(checkpoint: Partial<Scenario['checkpoint']> = {}): Scenario {
  return withDefaults({
    id: 'final-checkpoint',
    title: 'Final checkpoint',
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 1,
        input: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        period: 2,
      },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1, transactional: true },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'forward', latency: 1 },
      { from: 'sum', to: 'sink', partitioning: 'forward', latency: 1 },
    ],
    checkpoint: { intervalMs: 1000, initialDelayMs: 1000, ...checkpoint },
  });
}

const first = <T extends TimedEvent['type']>(events: TimedEvent[], type: T) =>
  events.find((e): e is Extract<TimedEvent, { type: T }> => e.type === type);

function outputOf(run: ReturnType<typeof record>): number[] {
  const end = run.states[run.states.length - 1];
  return end.tasks[2].output.map((r) => r.value);
}

describe('the final checkpoint at the end of input (FLIP-147)', () => {
  it('the tasks wait for a checkpoint taken after the input ended; its commit makes the last sums visible', () => {
    const run = record(sumToSink());
    const inputDone = first(run.events, 'InputFinished')!;
    const finished = first(run.events, 'JobFinished')!;
    expect(inputDone.awaitingCheckpoint).toBe(true);
    expect(finished.reason).toMatchObject({ code: 'input-exhausted' });
    const final = (finished.reason as { finalCheckpoint: number }).finalCheckpoint;
    const end = run.states[run.states.length - 1];
    const record_ = end.checkpoints.find((c) => c.id === final)!;
    // Taken with the source at the end of its input, completed after the input was processed.
    expect(record_.snapshots[0]).toEqual({ kind: 'source', offset: 9 });
    expect(record_.status).toBe('COMPLETED');
    expect(finished.tick).toBeGreaterThan(inputDone.tick);
    // The commit of the final checkpoint's transaction came before the job finished.
    const commit = run.events.find((e) => e.type === 'SinkCommitted' && e.checkpoint === final);
    expect(commit!.tick).toBeLessThanOrEqual(finished.tick);
    expect(outputOf(run)).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45]);
    expect(end.checkpoints.filter((c) => c.status !== 'COMPLETED')).toEqual([]);
  });

  it('with checkpoints-after-tasks-finish off the tasks finish at once and the last open transaction is aborted', () => {
    const run = record(sumToSink({ checkpointsAfterTasksFinish: false }));
    const inputDone = first(run.events, 'InputFinished')!;
    const finished = first(run.events, 'JobFinished')!;
    expect(inputDone.awaitingCheckpoint).toBe(false);
    expect(finished.tick).toBe(inputDone.tick);
    expect(finished.reason).toEqual({ code: 'input-exhausted' });
    const output = outputOf(run);
    // What the last completed checkpoint covered is there; the rest never became visible.
    expect(output.length).toBeLessThan(9);
    expect([1, 3, 6, 10, 15, 21, 28, 36, 45].slice(0, output.length)).toEqual(output);
    expect(taskState(run.states[run.states.length - 1], 'sink#0')).toMatchObject({ kind: 'sink' });
  });

  it('without periodic checkpoints nothing waits: the sink commits what is left as the input ends', () => {
    const run = record(sumToSink({ intervalMs: null }));
    expect(first(run.events, 'InputFinished')!.awaitingCheckpoint).toBe(false);
    expect(first(run.events, 'JobFinished')!.reason).toEqual({ code: 'input-exhausted' });
    expect(outputOf(run)).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45]);
  });

  it('a lost commit notification of the final checkpoint: the job waits for the next one, which commits it too', () => {
    const base = record(sumToSink());
    const final = (first(base.events, 'JobFinished')!.reason as { finalCheckpoint: number })
      .finalCheckpoint;
    const lossy = { ...sumToSink() };
    lossy.actions = [{ type: 'lose-commit-notification', checkpoint: final }];
    const run = record(lossy);
    const finished = first(run.events, 'JobFinished')!;
    expect(finished.reason).toMatchObject({ finalCheckpoint: final + 1 });
    expect(outputOf(run)).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45]);
    const commit = run.events.find((e) => e.type === 'SinkCommitted' && e.checkpoint === final);
    expect(commit!.tick).toBeGreaterThan(first(base.events, 'JobFinished')!.tick);
  });
});

describe('stop-with-savepoint, with and without --drain', () => {
  for (const drain of [false, true]) {
    it(`${drain ? 'with' : 'without'} --drain the job ends FINISHED and the savepoint's transaction is committed`, () => {
      const scenario = sumToSink();
      scenario.actions = [
        { type: 'savepoint', when: { atTick: 9 }, name: 'stop', stop: true, drain },
      ];
      const run = record(scenario);
      const end = run.states[run.states.length - 1];
      const stop = end.checkpoints.find((c) => c.name === 'stop')!;
      expect(end.job.status).toBe('FINISHED');
      expect(first(run.events, 'JobFinished')!.reason).toEqual({
        code: 'stopped-with-savepoint',
        savepoint: stop.id,
        ...(drain ? { drain: true } : {}),
      });
      // Everything read before the savepoint's barrier is committed, nothing after it was read.
      const offset = (stop.snapshots[0] as { offset: number }).offset;
      expect(outputOf(run)).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45].slice(0, offset));
      expect(flinkCode(scenario, 'java')).toContain(
        drain ? 'bin/flink stop --drain --savepointPath' : 'bin/flink stop --savepointPath',
      );
    });
  }
});
