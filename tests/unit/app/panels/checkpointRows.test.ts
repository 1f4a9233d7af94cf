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
