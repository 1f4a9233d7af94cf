import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countDefined, type Scenario, type SimState, type TimedEvent } from '../../src/engine';
import { parseScenario } from '../../src/scenarios/schema';
import { scenarioArb } from '../helpers/arbitraries';
import { observedRun } from './support/observedRun';
import { DEFAULT_SEED, propertyParams } from './support/params';

// The property tests are only as good as the scenarios they draw: these check that every one is a
// scenario a user could load, and that the failures the issue lists do happen in the runs.
describe('random scenarios', () => {
  it('all pass parseScenario unchanged: complete, valid job graphs', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(scenarioArb({ stopWithSavepoint: true }), (scenario) => {
        const parsed = parseScenario(scenario);
        if (!parsed.ok) throw new Error(parsed.errors.join('; '));
        expect(parsed.scenario).toEqual(scenario);
      }),
      propertyParams(),
    );
  });

  it(
    'exercise every failure kind, mode and channel shape in a good share of runs',
    { timeout: 120_000 },
    () => {
      const runs = 400;
      const samples = fc.sample(scenarioArb(), { numRuns: runs, seed: DEFAULT_SEED });
      const seen = new Map<string, number>();
      const count = (what: string, yes: boolean) => {
        if (yes) seen.set(what, (seen.get(what) ?? 0) + 1);
      };
      for (const scenario of samples) {
        const states: SimState[] = [];
        const run = observedRun(scenario, [{ tick: (_p, next) => states.push(next) }]);
        const at = (tick: number) => states[tick - 2] ?? null;
        const failures = run.events.filter(
          (e): e is Extract<TimedEvent, { type: 'TaskFailed' }> => e.type === 'TaskFailed',
        );
        countScenario(scenario, count);
        count(
          'task failure while a checkpoint is being snapshotted',
          failures.some((f) =>
            at(f.tick)?.checkpoints.some(
              (c) => c.status === 'IN_PROGRESS' && countDefined(c.snapshots) > 0,
            ),
          ),
        );
        count(
          'task failure right after a restart',
          failures.some((f) =>
            run.events.some(
              (e) => e.type === 'JobRestarted' && f.tick - e.tick <= 2 && f.tick > e.tick,
            ),
          ),
        );
        count(
          'task failure just before a record',
          failures.some((f) => f.record !== undefined),
        );
        count(
          'backend write failure',
          run.events.some((e) => e.type === 'BackendWriteFailed'),
        );
        count(
          'lost ack',
          run.events.some((e) => e.type === 'AckLost'),
        );
        count(
          'checkpoint expired',
          run.events.some(
            (e) => e.type === 'CheckpointFailed' && e.reason.code === 'checkpoint-expired',
          ),
        );
        count('restart', run.state.job.restarts > 0);
        count('two restarts or more', run.state.job.restarts > 1);
        count('job failed for good', run.state.job.status === 'FAILED');
        count('job finished', run.state.job.status === 'FINISHED');
        count(
          'checkpoint completed',
          run.events.some((e) => e.type === 'CheckpointCompleted'),
        );
        count(
          'restore from a completed checkpoint',
          run.events.some((e) => e.type === 'JobRestarted' && e.checkpoint !== null),
        );
        count(
          'alignment blocked a channel',
          run.events.some((e) => e.type === 'ChannelBlocked'),
        );
      }
      const share = (what: string) => (seen.get(what) ?? 0) / runs;
      const report = [...seen.entries()].map(([k, n]) => `${k}: ${n}`).join('\n');
      for (const what of [
        'task failure while a checkpoint is being snapshotted',
        'task failure just before a record',
        'backend write failure',
        'lost ack',
        'checkpoint expired',
        'restart',
        'two restarts or more',
        'job failed for good',
        'restore from a completed checkpoint',
        'alignment blocked a channel',
        'exactly-once',
        'at-least-once',
        'stop-the-world',
        'forward edge',
        'rebalance edge',
        'hash edge',
        'broadcast edge',
        'keyed sum',
        'two-phase-commit sink',
        'channel with a capacity',
        'latency per sending subtask',
        'source with parallelism above 4',
      ]) {
        expect(share(what), `${what}\n${report}`).toBeGreaterThanOrEqual(0.03);
      }
      expect(share('task failure right after a restart'), report).toBeGreaterThan(0.01);
      expect(share('job finished'), report).toBeGreaterThanOrEqual(0.7);
    },
  );
});

function countScenario(s: Scenario, count: (what: string, yes: boolean) => void) {
  count(s.checkpoint.mode, true);
  for (const p of ['forward', 'rebalance', 'hash', 'broadcast']) {
    count(
      `${p} edge`,
      s.edges.some((e) => e.partitioning === p),
    );
  }
  count(
    'keyed sum',
    s.operators.some((o) => o.kind === 'sum' && o.keyBy !== undefined),
  );
  count(
    'two-phase-commit sink',
    s.operators.some((o) => o.kind === 'sink' && o.transactional),
  );
  count(
    'channel with a capacity',
    s.edges.some((e) => typeof e.capacity === 'number'),
  );
  count(
    'latency per sending subtask',
    s.edges.some((e) => Array.isArray(e.latency)),
  );
  count(
    'source with parallelism above 4',
    s.operators.some((o) => o.kind === 'source' && o.parallelism > 4),
  );
}
