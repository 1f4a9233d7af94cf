import type { OperatorSpec, Scenario } from '../../engine';
import { withDefaults, WORKED_EXAMPLE_RESTART } from '../defaults';

const NUMBERS = Array.from({ length: 30 }, (_, i) => i + 1);

/** The name of the savepoint version 1 stops with, and version 2 resumes from. */
export const UPGRADE_SAVEPOINT = 'before-upgrade';

function operators(version: 1 | 2): OperatorSpec[] {
  const v1 = version === 1;
  return [
    { id: 'source', uid: 'numbers', kind: 'source', parallelism: 1, input: NUMBERS, period: 2 },
    { id: 'enrich', uid: 'enrich', kind: 'map', parallelism: 1, add: v1 ? 0 : 100 },
    {
      id: 'sum_by_parity',
      uid: 'sum-by-parity',
      kind: 'sum',
      parallelism: v1 ? 1 : 2,
      accept: 'all',
      keyBy: 'parity',
    },
    ...(v1
      ? [{ id: 'total', uid: 'total', kind: 'sum', parallelism: 1, accept: 'all' } as const]
      : []),
    { id: 'sink', uid: 'sink', kind: 'sink', parallelism: 1 },
  ];
}

/**
 * Seed section 4, the job before its upgrade (version 1): a source reads 1..30, `enrich` passes
 * them on, `sum_by_parity` keeps one sum per key (even, odd), `total` sums everything. Periodic
 * checkpoints every second; the user takes savepoint "backup" at 1.6 s; a failure at 2.4 s
 * restores the latest checkpoint, not the newer savepoint (Flink 1.15 and later); at 4.6 s the
 * user stops the job with savepoint "before-upgrade".
 */
export const savepointUpgrade: Scenario = withDefaults({
  id: 'savepoint-upgrade',
  title: 'Savepoints: back up, stop, then upgrade the job',
  jobVersion: 'v1',
  operators: operators(1),
  edges: [
    { from: 'source', to: 'enrich', partitioning: 'forward', latency: 1 },
    { from: 'enrich', to: 'sum_by_parity', partitioning: 'hash', keyBy: 'parity', latency: 1 },
    { from: 'enrich', to: 'total', partitioning: 'forward', latency: 1 },
    { from: 'sum_by_parity', to: 'sink', partitioning: 'rebalance', latency: 1 },
    { from: 'total', to: 'sink', partitioning: 'forward', latency: 1 },
  ],
  checkpoint: { intervalMs: 1000, initialDelayMs: 1000 },
  restart: WORKED_EXAMPLE_RESTART,
  actions: [
    { type: 'savepoint', when: { atTick: 16 }, name: 'backup' },
    { type: 'fail-task', task: 'sum_by_parity#0', when: { atTick: 24 } },
    { type: 'savepoint', when: { atTick: 46 }, name: UPGRADE_SAVEPOINT, stop: true },
  ],
});

/**
 * The same job upgraded (version 2) and started from savepoint "before-upgrade": `enrich` now
 * adds 100 (new logic, no state, and the parity of every number is kept), `sum_by_parity` runs with parallelism 2 (its per-key
 * state is split: the even sum to one subtask, the odd sum to the other), and `total` is gone,
 * so its state can only be skipped with allowNonRestoredState. Operators are matched by uid.
 */
export const savepointUpgradeResumed: Scenario = withDefaults({
  id: 'savepoint-upgrade-v2',
  title: 'Savepoints: the upgraded job resumes from the savepoint',
  jobVersion: 'v2',
  operators: operators(2),
  edges: [
    { from: 'source', to: 'enrich', partitioning: 'forward', latency: 1 },
    { from: 'enrich', to: 'sum_by_parity', partitioning: 'hash', keyBy: 'parity', latency: 1 },
    { from: 'sum_by_parity', to: 'sink', partitioning: 'rebalance', latency: 1 },
  ],
  checkpoint: { intervalMs: 1000, initialDelayMs: 1000 },
  restart: WORKED_EXAMPLE_RESTART,
  restoreFrom: { job: savepointUpgrade, savepoint: UPGRADE_SAVEPOINT, allowNonRestoredState: true },
});
