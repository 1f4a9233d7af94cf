import type { Scenario } from '../../src/engine';

/**
 * Two levels of broadcast that pass every limit: about 4,000 element steps a tick for 1,000
 * ticks, seconds of work for the recorder, near the run's budget of element steps.
 */
export const costly = {
  version: 1,
  id: 'costly',
  title: 'Two levels of broadcast',
  tickMs: 100,
  seed: 1,
  operators: [
    {
      id: 'source',
      kind: 'source',
      parallelism: 8,
      input: Array.from({ length: 1000 }, (_, i) => (i % 9) + 1),
      rate: 1,
    },
    { id: 'a', kind: 'map', parallelism: 16, rate: 8 },
    { id: 'sink', kind: 'sink', parallelism: 16, rate: 128 },
  ],
  edges: [
    { from: 'source', to: 'a', partitioning: 'broadcast' },
    { from: 'a', to: 'sink', partitioning: 'broadcast' },
  ],
  checkpoint: { mode: 'exactly-once', intervalMs: 1000 },
} as unknown as Scenario;
