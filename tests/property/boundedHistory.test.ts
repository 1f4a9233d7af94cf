import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_HISTORY,
  createInitialState,
  isTerminal,
  RETAINED_CHECKPOINTS,
  step,
  WorkingSet,
  type Scenario,
  type SimState,
} from '../../src/engine';
import { parseScenario } from '../../src/scenarios/schema';

/** Two sources into a keyed sum and a sink, reading `values` each; one tick is 100 ms. */
function job(
  values: number,
  checkpoint: Partial<Scenario['checkpoint']>,
  failAt: number | null,
): Scenario {
  const parsed = parseScenario({
    version: 1,
    id: 'long-run',
    title: 'long run',
    seed: 3,
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 2,
        input: Array.from({ length: values }, (_, i) => (i % 9) + 1),
      },
      { id: 'sum', kind: 'sum', parallelism: 2, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1 },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'hash' },
      { from: 'sum', to: 'sink', partitioning: 'rebalance' },
    ],
    checkpoint: { mode: 'exactly-once', ...checkpoint },
    restart: { type: 'fixed-delay', attempts: 100, delayMs: 500 },
    actions:
      failAt === null ? [] : [{ type: 'fail-task', task: 'sum#1', when: { atTick: failAt } }],
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.scenario;
}

/**
 * What the checkpoint history costs a tick: the records every tick carries, reads and (when
 * one changes) copies, each with a table entry per task.
 */
function historyWork(state: SimState): number {
  let n = 0;
  for (const c of state.checkpoints) n += 1 + c.snapshots.length;
  return n;
}

/** The most history work of any tick in `[from, to)` of the run, and the run's last tick. */
function mostWork(scenario: Scenario, from: number, to: number): { most: number; end: number } {
  let state = createInitialState(scenario);
  const working = new WorkingSet();
  let most = 0;
  while (!isTerminal(state) && state.tick < to) {
    state = step(state, working).state;
    if (state.tick >= from) most = Math.max(most, historyWork(state));
  }
  return { most, end: state.tick };
}

describe('the checkpoint history a run keeps', () => {
  it('does not grow with the run: a tick late in a run carries no more than one early on', () => {
    fc.assert(
      fc.property(
        fc.record({
          intervalMs: fc.integer({ min: 100, max: 600 }),
          maxConcurrent: fc.integer({ min: 1, max: 3 }),
          history: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
          retainedCheckpoints: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
          failAt: fc.option(fc.integer({ min: 50, max: 1500 }), { nil: null }),
        }),
        ({ failAt, ...checkpoint }) => {
          const scenario = job(2_000, { ...checkpoint, timeoutMs: 60_000 }, failAt);
          const history = checkpoint.history ?? CHECKPOINT_HISTORY;
          const retained = checkpoint.retainedCheckpoints ?? RETAINED_CHECKPOINTS;
          // What Flink keeps: the history, the retained completed ones, the ones in progress.
          const bound = (history + retained + checkpoint.maxConcurrent) * (1 + 5);
          const early = mostWork(scenario, 0, 400);
          const late = mostWork(scenario, 1_600, 2_000);
          expect(late.end).toBe(2_000);
          expect(early.most).toBeLessThanOrEqual(bound);
          expect(late.most).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('keeps what recovery needs: a failure late in a long run restores the latest checkpoint', () => {
    const scenario = job(2_000, { intervalMs: 200, history: 2 }, 1_500);
    let state = createInitialState(scenario);
    const working = new WorkingSet();
    let before: SimState | null = null;
    while (state.tick < 1_600) {
      const next = step(state, working).state;
      if (next.tick === 1_500) before = state;
      state = next;
    }
    const latest = before!.checkpoints.findLast((c) => c.status === 'COMPLETED')!;
    expect(latest.id).toBeGreaterThan(50);
    expect(state.job.restarts).toBe(1);
    const forgotten = state.coordinator.forgotten;
    expect(forgotten.completed).toBeGreaterThan(50);
    // Every checkpoint is either listed or counted: none is lost from the totals.
    const listed = state.checkpoints.filter((c) => c.status !== 'IN_PROGRESS').length;
    const lastId = state.checkpoints[state.checkpoints.length - 1].id;
    const inProgress = state.checkpoints.length - listed;
    expect(listed + forgotten.completed + forgotten.failed + inProgress).toBe(lastId);
  }, 120_000);
});
