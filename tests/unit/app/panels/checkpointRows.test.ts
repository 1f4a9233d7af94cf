import { describe, expect, it } from 'vitest';
import { checkpointRows } from '../../../../src/app/panels/checkpointRows';
import { formatBytes, formatMs } from '../../../../src/app/panels/format';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../../src/scenarios/presets/oddEvenSum';
import { firstEvent, record } from '../../../helpers/sim';

describe('checkpoint history rows', () => {
  const { states, events } = record(barrierAlignment);
  const triggered = firstEvent(events, 'CheckpointTriggered').tick;
  const completed = firstEvent(events, 'CheckpointCompleted').tick;

  it('show a checkpoint in progress with the acknowledgements so far, and its running duration', () => {
    for (let t = triggered; t < completed; t++) {
      const [row] = checkpointRows(states[t]);
      const acks = events.filter((e) => e.type === 'CheckpointAcknowledged' && e.tick <= t);
      expect(row.status).toBe('IN_PROGRESS');
      expect(row.acknowledged).toBe(acks.length);
      expect(row.total).toBe(5);
      expect(row.durationMs).toBe((t - triggered) * 100);
    }
  });

  it("show what Flink's web UI shows once every subtask acknowledged", () => {
    const [row] = checkpointRows(states[completed]);
    expect(row).toMatchObject({
      id: 1,
      kind: 'checkpoint',
      status: 'COMPLETED',
      triggerTick: triggered,
      triggerMs: triggered * 100,
      endTick: completed,
      durationMs: (completed - triggered) * 100,
      acknowledged: 5,
      total: 5,
    });
    // Alignment duration is the longest of any task: from its first barrier to its last.
    const aligned = ['sum_even#0', 'sum_odd#0', 'sink#0'].map((task) => {
      const blocked = firstEvent(events, 'ChannelBlocked', (e) => e.task === task).tick;
      const unblocked = firstEvent(events, 'ChannelUnblocked', (e) => e.task === task).tick;
      return (unblocked - blocked) * 100;
    });
    expect(row.alignmentMs).toBe(Math.max(...aligned));
    expect(row.alignmentMs).toBeGreaterThan(0);
    expect(row.stateBytes).toBeGreaterThan(0);
    const sumEven = row.tasks.find((t) => t.task === 'sum_even#0')!;
    const snapshot = firstEvent(events, 'SnapshotTaken', (e) => e.task === 'sum_even#0');
    expect(sumEven.snapshot).toEqual(snapshot.state);
    expect(sumEven.ack).toBe(
      firstEvent(events, 'CheckpointAcknowledged', (e) => e.task === 'sum_even#0').tick,
    );
    expect(sumEven.stored!).toBeLessThanOrEqual(sumEven.ack!);
  });

  it("sum up each of Flink's figures over the subtasks as its web UI does, from the run's own events", () => {
    const [row] = checkpointRows(states[completed]);
    const ackAt = (task: string) =>
      firstEvent(events, 'CheckpointAcknowledged', (e) => e.task === task).tick;
    // End to end per subtask: from the trigger to its acknowledgement; the checkpoint completes
    // with its last acknowledgement, so the largest is the checkpoint's own duration.
    const endToEnd = row.tasks.map((t) => (ackAt(t.task) - triggered) * 100);
    expect(row.summary.endToEndMs).toEqual({
      min: Math.min(...endToEnd),
      avg: endToEnd.reduce((a, b) => a + b, 0) / endToEnd.length,
      max: row.durationMs,
    });
    // Alignment: from a task's first barrier to its snapshot; the longest is the row's alignment.
    expect(row.summary.alignmentMs?.max).toBe(row.alignmentMs);
    // Nothing is persisted as channel state by an aligned checkpoint.
    expect(row.summary.persistedRecords).toEqual({ min: 0, avg: 0, max: 0 });
    // Every subtask's figures are the ones summed up.
    for (const task of row.tasks) {
      expect(task.metrics?.endToEndMs).toBe((ackAt(task.task) - triggered) * 100);
    }
  });

  it('keep the recovery of the first example: checkpoint 1 completed, the newest first', () => {
    const run = record(oddEvenSum);
    const rows = checkpointRows(run.states[run.states.length - 1]);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    const first = rows.find((r) => r.id === 1)!;
    expect(first.status).toBe('COMPLETED');
    const source = first.tasks.find((t) => t.task === 'source#0')!;
    expect(source.snapshot).toEqual({ kind: 'source', offset: 5 });
  });

  it('print sizes and times as the web UI does', () => {
    expect(formatBytes(48)).toBe('48 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatMs(600)).toBe('600 ms');
    expect(formatMs(60_000)).toBe('60 s');
    expect(formatMs(600_000)).toBe('10 min');
  });
});
