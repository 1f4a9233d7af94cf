import fc from 'fast-check';
import { describe, it } from 'vitest';
import { alignedCutUnderBackpressure, flowControl } from './support/flowProperties';
import { propertyParams } from './support/params';

// Credit-based flow control and unaligned checkpoints over random scenarios and failure
// schedules; a failure prints the seed, the path and the shrunk scenario.
describe('credit-based flow control and unaligned checkpoints', () => {
  it(
    'no channel over capacity, no blocked input read, exactly-once against the failure-free twin, channel state = the records that crossed the cut',
    { timeout: 600_000 },
    () => {
      fc.assert(flowControl, propertyParams({ numRuns: 300 }));
    },
  );

  it(
    'an aligned checkpoint under backpressure is a consistent cut: no record sent after its barrier',
    { timeout: 600_000 },
    () => {
      fc.assert(alignedCutUnderBackpressure, propertyParams({ numRuns: 300 }));
    },
  );
});
