import { withDefaults, WORKED_EXAMPLE_RESTART } from '../defaults';

const ONE_TO_NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * Seed section 2: two parallel source subtasks each read 1..9; sum_even and sum_odd each read
 * from both, so each has two input channels, and a sink reads both sums. The channels from the
 * second source subtask are slower, so barrier 1 from the first arrives early and its input is
 * blocked while the other catches up.
 */
export const barrierAlignment = withDefaults({
  id: 'barrier-alignment',
  title: 'Barriers and alignment with two sources',
  operators: [
    { id: 'source', kind: 'source', parallelism: 2, input: ONE_TO_NINE, period: 1 },
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
  actions: [{ type: 'checkpoint', when: { task: 'source#0', offset: 3 } }],
  restart: WORKED_EXAMPLE_RESTART,
});
