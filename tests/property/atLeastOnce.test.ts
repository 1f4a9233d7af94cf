import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { atLeastOnce } from './support/properties';

// A property of the engine checked over random scenarios and failure schedules; a failure prints
// the seed, the path and the shrunk scenario (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('at-least-once', () => {
  it(
    'loses nothing, and judge() names exactly the duplicates a validating sink counts',
    { timeout: 600_000 },
    () => {
      fc.assert(atLeastOnce, propertyParams());
    },
  );
});
