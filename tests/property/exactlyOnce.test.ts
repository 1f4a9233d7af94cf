import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { exactlyOnce } from './support/properties';

// A property of the engine checked over random scenarios and failure schedules; a failure prints
// the seed, the path and the shrunk scenario (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('exactly-once (aligned) and stop-the-world', () => {
  it(
    'never count a record twice and end with the failure-free result',
    { timeout: 600_000 },
    () => {
      fc.assert(exactlyOnce, propertyParams());
    },
  );
});
