import { withDefaults, WORKED_EXAMPLE_RESTART } from '../defaults';
import { barrierAlignment } from './barrierAlignment';

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
  operators: barrierAlignment.operators.map((op) =>
    op.kind === 'source' ? { ...op, period: 2 } : op,
  ),
  edges: barrierAlignment.edges,
  checkpoint: { mode: 'at-least-once' },
  actions: [
    { type: 'checkpoint', when: { task: 'source#0', offset: 3 } },
    { type: 'fail-task', task: 'sum_odd#0', when: { beforeValue: 9, fromTask: 'source#1' } },
  ],
  restart: WORKED_EXAMPLE_RESTART,
});
