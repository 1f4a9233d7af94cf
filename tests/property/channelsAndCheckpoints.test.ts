import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { channelsAndCheckpoints } from './support/properties';

// A property of the engine checked over random scenarios and failure schedules; a failure prints
// the seed, the path and the shrunk scenario (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('channels, checkpoint order and restores', () => {
  it(
    'keep channels FIFO, complete checkpoints in order, restore only completed ones',
    { timeout: 600_000 },
    () => {
      fc.assert(channelsAndCheckpoints, propertyParams());
    },
  );
});
