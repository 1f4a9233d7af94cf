import type { CheckpointConfig, Scenario, ScenarioAction } from '../../engine';
import { withDefaults, WORKED_EXAMPLE_RESTART } from '../defaults';

const INPUT = Array.from({ length: 30 }, (_, i) => i + 1);

/**
 * Lesson 8's job: two sources read 1..30 fast (two records a tick), a sum adds everything, and a
 * slow sink takes one record a tick. Every channel holds four records, so the sink's slowness
 * fills the channels and backpressures the sum and then the sources. Checkpoints every second,
 * with a 600 ms timeout: an aligned barrier queued behind full channels takes longer than that.
 */
function slowSinkJob(
  id: string,
  title: string,
  checkpoint: Partial<CheckpointConfig>,
  actions: ScenarioAction[] = [],
): Scenario {
  return withDefaults({
    id,
    title,
    operators: [
      { id: 'source', kind: 'source', parallelism: 2, input: INPUT, rate: 2 },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1, rate: 1 },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'rebalance', latency: [1, 2], capacity: 4 },
      { from: 'sum', to: 'sink', partitioning: 'forward', capacity: 4 },
    ],
    checkpoint: {
      intervalMs: 1000,
      initialDelayMs: 1000,
      timeoutMs: 600,
      tolerableFailures: 10,
      ...checkpoint,
    },
    restart: WORKED_EXAMPLE_RESTART,
    actions,
  });
}

/** Aligned checkpoints under backpressure: they start late and expire. */
export const slowSinkAligned = slowSinkJob(
  'slow-sink-aligned',
  'Backpressure: a slow sink, aligned checkpoints expire',
  {},
);

/** The same job with unaligned checkpoints, and a failure restored from one. */
export const slowSinkUnaligned = slowSinkJob(
  'slow-sink-unaligned',
  'Backpressure: unaligned checkpoints and a restore',
  { unaligned: true },
  [{ type: 'fail-task', task: 'sum#0', when: { atTick: 26 } }],
);

/** The compromise: start aligned, switch to unaligned after 300 ms. */
export const slowSinkTimeout = slowSinkJob(
  'slow-sink-aligned-timeout',
  'Backpressure: the aligned-checkpoint timeout',
  { unaligned: true, alignedCheckpointTimeoutMs: 300 },
);
