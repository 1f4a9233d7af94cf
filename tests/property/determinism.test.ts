import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { determinism } from './support/properties';

// A property of the engine checked over random scenarios and failure schedules; a failure prints
// the seed, the path and the shrunk scenario (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('determinism', () => {
  it(
    'gives the same trace hash for the same scenario, from the start or from a keyframe copy',
    { timeout: 600_000 },
    () => {
      fc.assert(determinism, propertyParams());
    },
  );
});
