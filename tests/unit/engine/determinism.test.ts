import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../src/engine';
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

  it('never modifies the state it steps from', () => {
    for (const preset of PRESETS) {
      const a = runScenario(preset, 15);
      const frozen = JSON.stringify(a.state);
      runScenario(preset, 30);
      expect(JSON.stringify(a.state)).toBe(frozen);
    }
  });
});
