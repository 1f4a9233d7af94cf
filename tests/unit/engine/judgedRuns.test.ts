import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountedRun,
  createInitialState,
  drain,
  intendedTruth,
  judge,
  StateAccount,
  type Scenario,
} from '../../../src/engine';
import { judgedRuns } from '../../../src/engine/judgedRuns';
import { PRESETS } from '../../../src/scenarios/presets';
import { parseScenario } from '../../../src/scenarios/schema';
import { scenarioArb } from '../../helpers/arbitraries';

// Judging steps a run's replay and the run it was meant to be together while they are one run,
// and starts the intended run from where they part. Each test checks that against stepping the
// two apart, from tick 0: the same intended run, state for state, and the same verdict.

const LIMIT = 2_000;

function apart(scenario: Scenario) {
  const account = new StateAccount();
  const state = drain(accountedRun(createInitialState(scenario), account, LIMIT));
  const truth = intendedTruth(state);
  return { run: { state, account }, truth };
}

function sameAsApart(scenario: Scenario, forkEvery: number): number {
  const together = drain(judgedRuns(createInitialState(scenario), LIMIT, forkEvery));
  const alone = apart(scenario);
  expect(JSON.stringify(together.run.state)).toBe(JSON.stringify(alone.run.state));
  expect(JSON.stringify(together.truth.state)).toBe(JSON.stringify(alone.truth.state));
  expect(judge(together.run, together.truth)).toEqual(judge(alone.run, alone.truth));
  return together.sharedTicks;
}

function parsed(generated: Scenario): Scenario {
  const result = parseScenario(generated);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.scenario;
}

describe('judging a run and the run it was meant to be together', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s: the same intended run and verdict as stepping them apart',
    (_, preset) => {
      for (const every of [1, 5, 256]) sameAsApart(preset, every);
    },
  );

  it('shares the ticks before the first failure, and all of a run without one', () => {
    const clean = PRESETS.find((p) => p.actions.length === 0 && p.restoreFrom === undefined)!;
    const whole = drain(judgedRuns(createInitialState(clean), LIMIT));
    expect(whole.run.state.job.status).toBe('FINISHED');
    expect(whole.sharedTicks).toBe(whole.run.state.tick);
    // A job stopped with a savepoint is meant to read less input: nothing is shared.
    const stopped = PRESETS.find((p) => p.id === 'savepoint-upgrade')!;
    expect(sameAsApart(stopped, 1)).toBe(0);
    // Its first task fails at tick 12, and every tick before is shared.
    const failing = PRESETS.find((p) => p.id === 'restart-fixed-delay')!;
    const failure = failing.actions[0];
    const at = failure.type === 'fail-task' && 'atTick' in failure.when ? failure.when.atTick : 0;
    const shared = sameAsApart(failing, 1);
    expect(shared).toBe(at - 1);
  });

  it('does so for random jobs with failures, timeouts, savepoints and stops', () => {
    let forked = 0;
    fc.assert(
      fc.property(
        scenarioArb({ stopWithSavepoint: true }),
        fc.boolean(),
        fc.constantFrom(1, 2, 7),
        (generated, reversed, every) => {
          // Failures listed before the savepoints move an unnamed savepoint's place, and name.
          const actions = reversed ? [...generated.actions].reverse() : generated.actions;
          const shared = sameAsApart(parsed({ ...generated, actions }), every);
          if (shared > 0) forked++;
        },
      ),
      { seed: 22, numRuns: 120 },
    );
    // Most random jobs fail early, but not all: the stretch before a failure is shared.
    expect(forked).toBeGreaterThan(20);
  });
});
