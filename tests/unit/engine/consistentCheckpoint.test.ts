import { describe, expect, it } from 'vitest';
import { judge } from '../../../src/engine';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import { firstEvent, offsetOf, record, snapshotOf, sumOf, taskState } from '../../helpers/sim';

// Seed section 1, moment by moment, with the seed's own numbers.
describe('odd/even sum: a consistent checkpoint and recovery from it', () => {
  const run = record(oddEvenSum);
  const { states, events } = run;

  it('takes checkpoint 1 at source offset 5 with sum_even 6 and sum_odd 9, and completes it', () => {
    const completed = firstEvent(events, 'CheckpointCompleted', (e) => e.checkpoint === 1);
    const checkpoint = states[completed.tick].checkpoints.find((c) => c.id === 1)!;
    expect(checkpoint.status).toBe('COMPLETED');
    expect(snapshotOf(oddEvenSum, checkpoint, 'source#0')).toEqual({ kind: 'source', offset: 5 });
    expect(snapshotOf(oddEvenSum, checkpoint, 'sum_even#0')).toMatchObject({ sum: 6 });
    expect(snapshotOf(oddEvenSum, checkpoint, 'sum_odd#0')).toMatchObject({ sum: 9 });
    expect(firstEvent(events, 'BarrierInjected').offset).toBe(5);
  });

  it('fails sum_odd just before it adds 7, while sum_even is already 12', () => {
    const failed = firstEvent(events, 'TaskFailed');
    expect(failed).toMatchObject({ task: 'sum_odd#0', record: 7 });
    const before = states[failed.tick - 1];
    expect(sumOf(before, 'sum_even#0')).toBe(12);
    expect(sumOf(before, 'sum_odd#0')).toBe(9);
    const completed = firstEvent(events, 'CheckpointCompleted');
    expect(completed.tick).toBeLessThan(failed.tick);
  });

  it('shows the failed task while the others still hold their state (sum_even 12)', () => {
    const failed = firstEvent(events, 'TaskFailed');
    const at = states[failed.tick];
    expect(at.job.status).toBe('RESTARTING');
    expect(at.tasks.map((t) => t.status).sort()).toEqual(['FAILED', 'RUNNING', 'RUNNING']);
    expect(sumOf(at, 'sum_even#0')).toBe(12);
  });

  it('clears every task on restart, the tick after the failure', () => {
    const failed = firstEvent(events, 'TaskFailed');
    const after = states[failed.tick + 1];
    expect(after.job.status).toBe('RESTARTING');
    expect(after.tasks.map((t) => t.status).sort()).toEqual(['CANCELED', 'CANCELED', 'FAILED']);
    expect(offsetOf(after, 'source#0')).toBe(0);
    expect(sumOf(after, 'sum_even#0')).toBe(0);
    expect(sumOf(after, 'sum_odd#0')).toBe(0);
  });

  it('restores (5, 6, 9) from checkpoint 1', () => {
    const restored = events.filter((e) => e.type === 'StateRestored');
    expect(restored.map((e) => [e.task, e.checkpoint])).toEqual([
      ['source#0', 1],
      ['sum_even#0', 1],
      ['sum_odd#0', 1],
    ]);
    const tick = restored[0].tick;
    expect(states[tick].job.status).toBe('RUNNING');
    expect(sumOf(states[tick], 'sum_even#0')).toBe(6);
    expect(sumOf(states[tick], 'sum_odd#0')).toBe(9);
    expect(firstEvent(events, 'SourceRewound')).toMatchObject({ task: 'source#0', offset: 5 });
  });

  it('replays 6 and 7, the records between the checkpoint and the failure, and reads on', () => {
    const restartTick = firstEvent(events, 'JobRestarted').tick;
    const afterRestart = events.filter((e) => e.type === 'RecordEmitted' && e.tick >= restartTick);
    expect(afterRestart.map((e) => e.type === 'RecordEmitted' && [e.record, e.replay])).toEqual([
      [6, true],
      [7, true],
      [8, false],
      [9, false],
    ]);
  });

  it('ends with sum_even 20 and sum_odd 25, each record counted exactly once', () => {
    const end = states[states.length - 1];
    expect(end.job).toMatchObject({ status: 'FINISHED', restarts: 1 });
    expect(sumOf(end, 'sum_even#0')).toBe(20);
    expect(sumOf(end, 'sum_odd#0')).toBe(25);
    expect(taskState(end, 'source#0')).toEqual({ kind: 'source', offset: 9 });
    const verdict = judge({ state: end, events });
    expect(verdict.stateExactlyOnce).toBe(true);
    expect(verdict.duplicates).toEqual([]);
    expect(verdict.lost).toEqual([]);
  });
});
