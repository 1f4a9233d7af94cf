import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { consistentCut } from './support/properties';

// A property of the engine checked over random scenarios and failure schedules; a failure prints
// the seed, the path and the shrunk scenario (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('completed checkpoints', () => {
  it(
    'are consistent cuts of the sources, with no record from after the barrier',
    { timeout: 600_000 },
    () => {
      fc.assert(consistentCut, propertyParams());
    },
  );
});
