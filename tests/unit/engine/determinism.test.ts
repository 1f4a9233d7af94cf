import { describe, expect, it } from 'vitest';
import { createInitialState, isTerminal, runScenario, step } from '../../../src/engine';
import { PRESETS } from '../../../src/scenarios/presets';

describe('determinism', () => {
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s gives the same event log and end state on every run',
    (_, preset) => {
      const a = runScenario(preset);
      const b = runScenario(structuredClone(preset));
      expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
      expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
    },
  );

  // Every state of the run is frozen before the engine steps from it: a write to it, or to a part
  // the next state shares with it, throws; a write the freeze cannot see (into a Map or Set)
  // still changes its serialised form, which is compared after the step.
  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s never modifies the state it steps from',
    (_, preset) => {
      let state = createInitialState(preset);
      while (!isTerminal(state)) {
        const before = JSON.stringify(state);
        deepFreeze(state);
        const next = step(state).state;
        expect(JSON.stringify(state)).toBe(before);
        state = next;
      }
      // Walked to the end, and stepping without a working set ends where the recorder's run does.
      expect(JSON.stringify(state)).toBe(JSON.stringify(runScenario(preset).state));
    },
  );
});

function deepFreeze(value: unknown, seen = new Set<object>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  Object.freeze(value);
}
