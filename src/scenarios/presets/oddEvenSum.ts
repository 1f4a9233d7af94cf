import { withDefaults, WORKED_EXAMPLE_RESTART } from '../defaults';

const ONE_TO_NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * Seed section 1: one source reads 1..9; sum_even and sum_odd add the even and the odd numbers.
 * Checkpoint 1 is taken at offset 5 (sum_even 6, sum_odd 9); sum_odd fails just before adding 7
 * while sum_even is 12; the job restarts, restores (5, 6, 9) and replays 6 and 7 on.
 */
export const oddEvenSum = withDefaults({
  id: 'odd-even-sum',
  title: 'Odd/even sum: a consistent checkpoint and recovery',
  operators: [
    { id: 'source', kind: 'source', parallelism: 1, input: ONE_TO_NINE, period: 3 },
    { id: 'sum_even', kind: 'sum', parallelism: 1, accept: 'even' },
    { id: 'sum_odd', kind: 'sum', parallelism: 1, accept: 'odd' },
  ],
  edges: [
    { from: 'source', to: 'sum_even', partitioning: 'forward', latency: 1 },
    { from: 'source', to: 'sum_odd', partitioning: 'forward', latency: 1 },
  ],
  actions: [
    { type: 'checkpoint', when: { task: 'source#0', offset: 5 } },
    { type: 'fail-task', task: 'sum_odd#0', when: { beforeValue: 7 } },
  ],
  restart: WORKED_EXAMPLE_RESTART,
});
