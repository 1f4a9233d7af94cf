import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTING,
  createInitialState,
  isTerminal,
  step,
  WorkingSet,
  type Scenario,
  type SimEvent,
  type StepOptions,
} from '../../../src/engine';
import { PRESETS } from '../../../src/scenarios/presets';
import { parseScenario } from '../../../src/scenarios/schema';
import { scenarioArb } from '../../helpers/arbitraries';

function run(scenario: Scenario, options?: StepOptions) {
  let state = createInitialState(scenario);
  const working = new WorkingSet();
  const events: (SimEvent & { tick: number })[] = [];
  while (!isTerminal(state) && state.tick < 400) {
    const result = step(state, working, options);
    state = result.state;
    for (const e of result.events) events.push({ ...e, tick: state.tick });
  }
  return { state, events };
}

/** The run asked for applied records only is the full run, less what the account never reads. */
function sameButUnapplied(scenario: Scenario): void {
  const full = run(scenario, { events: ACCOUNTING.events });
  const applied = run(scenario, ACCOUNTING);
  expect(JSON.stringify(applied.state)).toBe(JSON.stringify(full.state));
  const kept = full.events.filter((e) => e.type !== 'RecordProcessed' || e.applied);
  expect(JSON.stringify(applied.events)).toBe(JSON.stringify(kept));
}

describe('a run stepped for the account (appliedRecordsOnly)', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s makes the same state and events, less the records nothing took in',
    (_, preset) => sameButUnapplied(preset),
  );

  it('does so for random jobs with failures', () => {
    fc.assert(
      fc.property(scenarioArb(), (generated) => {
        const parsed = parseScenario(generated);
        if (!parsed.ok) throw new Error(parsed.errors.join('; '));
        sameButUnapplied(parsed.scenario);
      }),
      { seed: 21, numRuns: 60 },
    );
  });
});
