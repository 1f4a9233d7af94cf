import { withDefaults } from '../defaults';

/** Ten records of one key, then a new key with every record: the keyed state keeps growing. */
const GROWING_KEYS = [
  ...Array.from({ length: 10 }, () => 1),
  ...Array.from({ length: 35 }, (_, i) => i + 2),
];

/**
 * Seed section 3: the CheckpointConfig of the seed's code (interval 1000 ms, min pause 500 ms,
 * max concurrent 2, tolerable failures 3), with a timeout short enough to watch. The sum keeps one
 * entry per key and the backend writes 64 bytes per tick, so every checkpoint takes longer than
 * the one before: checkpoint 1 takes 400 ms (the next still starts 1000 ms after it), checkpoint
 * 2 takes 600 ms (the next starts 1100 ms after it, 500 ms after it ended), checkpoints 3 and 4
 * outgrow the 800 ms timeout and expire, which the job tolerates.
 */
export const checkpointConfig = withDefaults({
  id: 'checkpoint-config',
  title: 'CheckpointConfig: interval, minimum pause and timeout',
  tickMs: 100,
  operators: [
    { id: 'source', kind: 'source', parallelism: 1, input: GROWING_KEYS, period: 1 },
    { id: 'sum', name: 'sum per key', kind: 'sum', parallelism: 1, accept: 'all', keyBy: 'value' },
  ],
  edges: [{ from: 'source', to: 'sum', partitioning: 'hash', keyBy: 'value', latency: 1 }],
  checkpoint: {
    mode: 'exactly-once',
    intervalMs: 1000,
    // Flink draws the first trigger in [min pause, interval]; the lesson pins it at the interval.
    initialDelayMs: 1000,
    timeoutMs: 800,
    maxConcurrent: 2,
    minPauseMs: 500,
    tolerableFailures: 3,
    // The keyed state outgrows the timeout: a final checkpoint at the end of input (FLIP-147)
    // would expire every time and the job would fail over without end. Without a two-phase-commit
    // sink there is nothing for it to commit, so the lesson turns it off.
    checkpointsAfterTasksFinish: false,
  },
  backend: { writeLatency: 0, bandwidth: 64 },
});
