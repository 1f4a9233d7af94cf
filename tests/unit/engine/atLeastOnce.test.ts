import { describe, expect, it } from 'vitest';
import { judge, type Mode, type Scenario } from '../../../src/engine';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { firstEvent, record, snapshotOf, sumOf } from '../../helpers/sim';

// Two sources, the second one's channels slower: records behind barrier 1 on the fast input are
// processed before the slow input's barrier arrives, unless the fast input is blocked.
function withFailure(mode: Mode): Scenario {
  return {
    ...barrierAlignment,
    operators: barrierAlignment.operators.map((op) =>
      op.kind === 'source' ? { ...op, period: 2 } : op,
    ),
    checkpoint: { ...barrierAlignment.checkpoint, mode },
    actions: [
      { type: 'checkpoint', when: { task: 'source#0', offset: 3 } },
      { type: 'fail-task', task: 'sum_odd#0', when: { beforeValue: 9, fromTask: 'source#1' } },
    ],
  };
}

describe('at-least-once against exactly-once after a failure', () => {
  it('at-least-once double-counts the records that slipped into the snapshot, and names them', () => {
    const run = record(withFailure('at-least-once'));
    const failed = firstEvent(run.events, 'TaskFailed');
    expect(firstEvent(run.events, 'CheckpointCompleted').tick).toBeLessThan(failed.tick);
    expect(run.events.some((e) => e.type === 'ChannelBlocked')).toBe(false);
    const end = run.states[run.states.length - 1];
    expect(end.job.status).toBe('FINISHED');
    const verdict = judge({ state: end, events: run.events });
    expect(verdict.stateExactlyOnce).toBe(false);
    expect(verdict.lost).toEqual([]);
    // The snapshot of checkpoint 1 holds records source#0 read after its barrier.
    const checkpoint = end.checkpoints.find((c) => c.id === 1)!;
    const offset0 = (snapshotOf(end.scenario, checkpoint, 'source#0') as { offset: number }).offset;
    const snapshotAt = (task: string) =>
      run.events.findIndex(
        (e) => e.type === 'SnapshotTaken' && e.task === task && e.checkpoint === 1,
      );
    const slipped = run.events.filter(
      (e, i) =>
        e.type === 'RecordProcessed' &&
        e.applied &&
        e.task.startsWith('sum_') &&
        e.origin.task === 'source#0' &&
        e.origin.index >= offset0 &&
        i < snapshotAt(e.task),
    );
    expect(slipped.length).toBeGreaterThan(0);
    const named = verdict.duplicates.map((d) => `${d.operator}:${d.origin.task}@${d.origin.value}`);
    const expected = slipped.map((e) =>
      e.type === 'RecordProcessed'
        ? `${e.task.split('#')[0]}:${e.origin.task}@${e.origin.value}`
        : '',
    );
    expect(named.sort()).toEqual(expected.sort());
    for (const d of verdict.duplicates) expect(d.count).toBe(2);
    const tooMuch = verdict.sums.find((s) => s.actual !== s.expected)!;
    expect(tooMuch.actual - tooMuch.expected).toBe(
      verdict.duplicates
        .filter((d) => d.operator === tooMuch.operator)
        .reduce((n, d) => n + d.origin.value, 0),
    );
  });

  it('exactly-once on the same scenario and failure ends with the failure-free result', () => {
    const run = record(withFailure('exactly-once'));
    expect(run.events.some((e) => e.type === 'TaskFailed')).toBe(true);
    const end = run.states[run.states.length - 1];
    expect(sumOf(end, 'sum_even#0')).toBe(40);
    expect(sumOf(end, 'sum_odd#0')).toBe(50);
    const verdict = judge({ state: end, events: run.events });
    expect(verdict.stateExactlyOnce).toBe(true);
    expect(verdict.duplicates).toEqual([]);
  });
});
