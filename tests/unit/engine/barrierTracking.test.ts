import { describe, expect, it } from 'vitest';
import type { Mode, Scenario } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { record } from '../../helpers/sim';

/**
 * Two sources into one sum: source 1's channel takes 1 tick, source 2's 5 ticks. Checkpoints
 * start every 300 ms (3 ticks), so barrier N+1 reaches the sum on the fast input before barrier
 * N arrives on the slow one: two checkpoints are pending at the sum at once.
 */
function overlapping(mode: Mode): Scenario {
  return withDefaults({
    id: 'overlap',
    title: 'overlapping checkpoints',
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 2,
        input: [
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
          [21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40],
        ],
      },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
    ],
    edges: [{ from: 'source', to: 'sum', partitioning: 'rebalance', latency: [1, 5] }],
    checkpoint: { mode, intervalMs: 300, maxConcurrent: 2, timeoutMs: 10_000 },
    restart: { type: 'none' },
  });
}

describe('CheckpointBarrierTracker and SingleCheckpointBarrierHandler with max concurrent 2', () => {
  it.each(['exactly-once', 'at-least-once'] as const)(
    'in %s mode every checkpoint completes although barrier N+1 overtakes barrier N at the sum',
    (mode) => {
      const { states, events } = record(overlapping(mode));
      const end = states[states.length - 1];
      expect(end.job.status).toBe('FINISHED');
      expect(end.checkpoints.length).toBeGreaterThanOrEqual(4);
      // Every checkpoint completes, but one still pending when the final checkpoint finished the
      // job: the coordinator shuts down with the job and aborts it.
      const unfinished = end.checkpoints.filter((c) => c.status !== 'COMPLETED');
      expect(unfinished.map((c) => c.failReason?.code)).toEqual(
        unfinished.map(() => 'coordinator-shutdown'),
      );
      expect(unfinished.every((c) => c.endTick === end.tick)).toBe(true);
      expect(unfinished.length).toBeLessThanOrEqual(1);
      // Two checkpoints were pending at once: the case where Flink's tracker counts per checkpoint.
      expect(
        Math.max(
          ...states.map((s) => s.checkpoints.filter((c) => c.status === 'IN_PROGRESS').length),
        ),
      ).toBe(2);
      // And barrier N+1 reached the sum before the last barrier N did.
      const arrivals = events.filter((e) => e.type === 'BarrierReceived' && e.task === 'sum#0');
      const overtaken = arrivals.some((e, i) =>
        arrivals
          .slice(i + 1)
          .some(
            (later) =>
              later.type === 'BarrierReceived' &&
              e.type === 'BarrierReceived' &&
              later.checkpoint < e.checkpoint,
          ),
      );
      expect(overtaken).toBe(mode === 'at-least-once');
      expect(events.some((e) => e.type === 'CheckpointDeclined')).toBe(false);
    },
  );
});
