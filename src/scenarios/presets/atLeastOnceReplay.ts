import { withDefaults } from '../defaults';

const ONE_TO_NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * Seed sections 2 and 4: the two-source job of barrier-alignment, each source reading every
 * other tick, in AT_LEAST_ONCE mode. Nothing blocks, so sum_even adds a record that came behind
 * barrier 1 before it snapshots; sum_odd fails just before 9 from source#1, the job restores
 * checkpoint 1, and the replay counts that record a second time. Switched to EXACTLY_ONCE, the
 * same failure ends with the failure-free sums.
 */
export const atLeastOnceReplay = withDefaults({
  id: 'at-least-once-replay',
  title: 'At-least-once against exactly-once after a failure',
  operators: [
    { id: 'source', kind: 'source', parallelism: 2, input: ONE_TO_NINE, period: 2 },
    { id: 'sum_even', kind: 'sum', parallelism: 1, accept: 'even' },
    { id: 'sum_odd', kind: 'sum', parallelism: 1, accept: 'odd' },
    { id: 'sink', kind: 'sink', parallelism: 1 },
  ],
  edges: [
    { from: 'source', to: 'sum_even', partitioning: 'rebalance', latency: [1, 3] },
    { from: 'source', to: 'sum_odd', partitioning: 'rebalance', latency: [1, 3] },
    { from: 'sum_even', to: 'sink', partitioning: 'forward', latency: 1 },
    { from: 'sum_odd', to: 'sink', partitioning: 'forward', latency: 1 },
  ],
  checkpoint: { mode: 'at-least-once' },
  actions: [
    { type: 'checkpoint', when: { task: 'source#0', offset: 3 } },
    { type: 'fail-task', task: 'sum_odd#0', when: { beforeValue: 9, fromTask: 'source#1' } },
  ],
});
