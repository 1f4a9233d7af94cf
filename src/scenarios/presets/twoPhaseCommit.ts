import type { Scenario, SinkSpec } from '../../engine';
import { withDefaults, WORKED_EXAMPLE_RESTART } from '../defaults';

const ONE_TO_NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The odd/even job with a two-phase-commit sink writing both sums into the topic `sums`, read by
 * a read_uncommitted and a read_committed consumer. Checkpoint 1 completes, but its commit
 * notification reaches the sink late; sum_odd fails before adding 7 while the sink's
 * transaction for checkpoint 1 is pre-committed and not committed yet, and the one after it is
 * open. The restore commits the pre-committed one and aborts the open one, whose records
 * read_uncommitted has read already.
 */
export const twoPhaseCommit = withDefaults({
  id: 'two-phase-commit',
  title: 'End-to-end exactly-once: a two-phase-commit sink and its readers',
  operators: [
    { id: 'source', kind: 'source', parallelism: 1, input: ONE_TO_NINE, period: 3 },
    { id: 'sum_even', kind: 'sum', parallelism: 1, accept: 'even' },
    { id: 'sum_odd', kind: 'sum', parallelism: 1, accept: 'odd' },
    { id: 'sink', kind: 'sink', parallelism: 1, transactional: true, topic: 'sums' },
  ],
  edges: [
    { from: 'source', to: 'sum_even', partitioning: 'forward', latency: 1 },
    { from: 'source', to: 'sum_odd', partitioning: 'forward', latency: 1 },
    { from: 'sum_even', to: 'sink', partitioning: 'forward', latency: 1 },
    { from: 'sum_odd', to: 'sink', partitioning: 'forward', latency: 1 },
  ],
  actions: [
    { type: 'checkpoint', when: { task: 'source#0', offset: 5 } },
    { type: 'delay-commit-notification', checkpoint: 1, delayMs: 2000 },
    { type: 'fail-task', task: 'sum_odd#0', when: { beforeValue: 7 } },
  ],
  restart: WORKED_EXAMPLE_RESTART,
});

/** The two-phase-commit job with its sink's options changed. */
function withSink(sink: Partial<SinkSpec>): Scenario['operators'] {
  return twoPhaseCommit.operators.map((op) => (op.kind === 'sink' ? { ...op, ...sink } : op));
}

/**
 * The same job writing outside transactions (KafkaSink's AT_LEAST_ONCE): both consumers read
 * every sum at once, and after the same failure both read the replayed 12 twice.
 */
export const atLeastOnceSink = withDefaults({
  ...twoPhaseCommit,
  id: 'at-least-once-sink',
  title: 'End-to-end: an at-least-once sink after the same failure',
  operators: withSink({ transactional: false }),
});

/**
 * The same job without a failure, with a checkpoint every second: read_committed reads the sums
 * in one batch per completed checkpoint, the last one in the final checkpoint at the end of input.
 */
export const twoPhaseCommitLatency = withDefaults({
  ...twoPhaseCommit,
  id: 'two-phase-commit-latency',
  title: 'End-to-end exactly-once: output latency and the checkpoint interval',
  checkpoint: { ...twoPhaseCommit.checkpoint, intervalMs: 1000, initialDelayMs: 1000 },
  actions: [],
});

/**
 * The transaction timeout trap: the failure of `twoPhaseCommit` with a 3 s transaction timeout and
 * a 3 s restart delay. The broker aborts checkpoint 1's pre-committed transaction while the job is
 * down, so the restore cannot commit it, and its records are lost though the checkpoint completed.
 */
export const twoPhaseCommitTimeout = withDefaults({
  ...twoPhaseCommit,
  id: 'two-phase-commit-timeout',
  title: 'End-to-end exactly-once: the transaction timeout trap',
  operators: withSink({ transactionTimeoutMs: 3000 }),
  restart: { type: 'fixed-delay', attempts: 3, delayMs: 3000 },
});
