import type { Scenario } from '../src/engine';
import { parseScenario } from '../src/scenarios/schema';

export const LARGE_PARALLELISM = 8;
export const LARGE_RECORDS = 100_000;

/** One input list per source subtask, of values that vary without a pattern the engine could exploit. */
function inputs(subtasks: number, total: number): number[][] {
  const each = total / subtasks;
  return Array.from({ length: subtasks }, (_, s) =>
    Array.from({ length: each }, (_, i) => ((i * 7919 + s * 104_729) % 1000) + 1),
  );
}

function valid(draft: unknown): Scenario {
  const parsed = parseScenario(draft);
  if (!parsed.ok) throw new Error(`bench scenario is invalid: ${parsed.errors.join('; ')}`);
  return parsed.scenario;
}

/**
 * The large scenario of the throughput and seek figures: 8 operators of parallelism 8 (64
 * tasks) in a chain, 100,000 records read at one per source subtask per tick (so a run lasts
 * more than 12,500 ticks), all-to-all and forward channels, a checkpoint every 10 ticks, and
 * three task failures whose recoveries replay what the sources read since the last checkpoint.
 */
export function largeScenario(records = LARGE_RECORDS): Scenario {
  const p = LARGE_PARALLELISM;
  return valid({
    version: 1,
    id: 'bench-large',
    title: `Benchmark: 64 tasks, ${records.toLocaleString('en')} records`,
    tickMs: 100,
    seed: 7,
    operators: [
      { id: 'source', kind: 'source', parallelism: p, input: inputs(p, records), rate: 1 },
      { id: 'double', kind: 'map', parallelism: p, multiply: 2 },
      { id: 'plus_one', kind: 'map', parallelism: p, add: 1 },
      { id: 'running_sum', kind: 'sum', parallelism: p, accept: 'all' },
      { id: 'scale', kind: 'map', parallelism: p, multiply: 1, add: -1 },
      { id: 'keep_all', kind: 'filter', parallelism: p, predicate: 'all' },
      { id: 'relay', kind: 'map', parallelism: p },
      { id: 'sink', kind: 'sink', parallelism: p },
    ],
    edges: [
      {
        from: 'source',
        to: 'double',
        partitioning: 'rebalance',
        latency: [1, 2, 1, 3, 1, 2, 1, 2],
      },
      { from: 'double', to: 'plus_one', partitioning: 'forward', latency: 1 },
      { from: 'plus_one', to: 'running_sum', partitioning: 'hash', latency: 2 },
      { from: 'running_sum', to: 'scale', partitioning: 'forward', latency: 1 },
      { from: 'scale', to: 'keep_all', partitioning: 'rebalance', latency: 1, capacity: 64 },
      { from: 'keep_all', to: 'relay', partitioning: 'forward', latency: 1 },
      { from: 'relay', to: 'sink', partitioning: 'rebalance', latency: 1 },
    ],
    checkpoint: { mode: 'exactly-once', intervalMs: 1000 },
    restart: { type: 'fixed-delay', attempts: 10, delayMs: 500 },
    actions: [
      { type: 'fail-task', task: 'running_sum#3', when: { atTick: 2_500 } },
      { type: 'fail-task', task: 'sink#5', when: { atTick: 5_003 } },
      { type: 'fail-task', task: 'double#1', when: { atTick: 7_507 } },
    ],
  });
}

/** Ticks an element of the stress scenario spends in its channel. */
const STRESS_LATENCY = 10;

/** 1..9 over and over: a long input that a share link compresses to almost nothing. */
function digits(length: number): number[] {
  return Array.from({ length }, (_, i) => (i % 9) + 1);
}

/**
 * The frame-rate stress scenario: 8 sources emit 5 records per tick each into channels that take
 * 10 ticks to cross, so about 400 records are in flight at any moment once it warms up.
 */
export function stressScenario(): Scenario {
  const p = 8;
  return valid({
    version: 1,
    id: 'bench-stress',
    title: 'Benchmark: 400 elements in flight',
    tickMs: 100,
    seed: 1,
    operators: [
      { id: 'source', kind: 'source', parallelism: p, input: digits(1_000), rate: 5 },
      { id: 'sum', kind: 'sum', parallelism: p, accept: 'all' },
    ],
    edges: [{ from: 'source', to: 'sum', partitioning: 'forward', latency: STRESS_LATENCY }],
    checkpoint: { mode: 'exactly-once', intervalMs: 1000 },
  });
}

/**
 * A source of parallelism 16 and three levels of broadcast edges, 16 subtasks each, at rate 100
 * and with default channels: every record read becomes 16, then 256, then 4,096 elements.
 * Unvalidated, so a test can hand it to whatever refuses it.
 */
export function fanOutDraft(valuesPerSubtask: number): Record<string, unknown> {
  const p = 16;
  return {
    version: 1,
    id: 'fan-out',
    title: 'Three levels of broadcast',
    operators: [
      { id: 'source', kind: 'source', parallelism: p, rate: 100, input: digits(valuesPerSubtask) },
      { id: 'a', kind: 'map', parallelism: p, rate: 100 },
      { id: 'b', kind: 'map', parallelism: p, rate: 100 },
      { id: 'c', kind: 'sink', parallelism: p, rate: 100 },
    ],
    edges: [
      { from: 'source', to: 'a', partitioning: 'broadcast' },
      { from: 'a', to: 'b', partitioning: 'broadcast' },
      { from: 'b', to: 'c', partitioning: 'broadcast' },
    ],
    checkpoint: { mode: 'exactly-once', intervalMs: 1000 },
  };
}

/** Values per source subtask of the costliest fan-out the schema still accepts. */
export const WORST_CASE_VALUES = 35;

/** The fan-out with as much input as the cost budget allows: the worst case that passes validation. */
export function worstCaseScenario(): Scenario {
  return valid(fanOutDraft(WORST_CASE_VALUES));
}
