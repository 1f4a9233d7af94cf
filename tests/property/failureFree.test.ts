import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { failureFreeFinishes } from './support/properties';

// A property of the engine checked over random scenarios and failure schedules; a failure prints
// the seed, the path and the shrunk scenario (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('a job without failures', () => {
  it('finishes, with what its graph computes', { timeout: 600_000 }, () => {
    fc.assert(failureFreeFinishes, propertyParams());
  });
});
