import type { Mode } from '../../engine';
import { withDefaults } from '../defaults';

const ONE_TO_TWELVE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function sumJob(id: string, title: string, mode: Mode) {
  return withDefaults({
    id,
    title,
    operators: [
      { id: 'source', kind: 'source', parallelism: 2, input: ONE_TO_TWELVE, period: 1 },
      { id: 'sum_even', kind: 'sum', parallelism: 1, accept: 'even' },
      { id: 'sum_odd', kind: 'sum', parallelism: 1, accept: 'odd' },
      { id: 'sink', kind: 'sink', parallelism: 1 },
    ],
    edges: [
      { from: 'source', to: 'sum_even', partitioning: 'rebalance', latency: 2 },
      { from: 'source', to: 'sum_odd', partitioning: 'rebalance', latency: 2 },
      { from: 'sum_even', to: 'sink', partitioning: 'forward', latency: 1 },
      { from: 'sum_odd', to: 'sink', partitioning: 'forward', latency: 1 },
    ],
    checkpoint: { mode, intervalMs: 800, initialDelayMs: 800 },
  });
}

/**
 * Seed section 2, the simple idea: every 800 ms the sources pause, the channels drain, every
 * task snapshots, and only when the checkpoint completes do the sources read again.
 */
export const stopTheWorld = sumJob(
  'stop-the-world',
  'The simple idea: stop the world, then snapshot',
  'stop-the-world',
);

/** The same job and interval with Flink's barriers: the sources never pause. */
export const barrierSnapshots = sumJob(
  'barrier-snapshots',
  'The same job with barrier snapshots',
  'exactly-once',
);
