import type { EdgeSpec, OperatorSpec } from '../../engine';

/**
 * The job the restart-strategy presets break again and again: a source reading 1..length, one
 * record every `period` ticks, a running sum and a sink.
 */
export function restartJob(
  length: number,
  period: number,
): { operators: OperatorSpec[]; edges: EdgeSpec[] } {
  return {
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 1,
        input: Array.from({ length }, (_, i) => i + 1),
        period,
      },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1 },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'forward', latency: 1 },
      { from: 'sum', to: 'sink', partitioning: 'forward', latency: 1 },
    ],
  };
}
