import fc from 'fast-check';
import { describe, it } from 'vitest';
import { propertyParams } from './support/params';
import { endToEndExactlyOnce } from './support/twoPhaseCommitProperty';

describe('end-to-end exactly-once through a topic, over random failures', () => {
  it(
    'read_committed reads every record exactly once unless a transaction timed out; every loss and duplicate is named',
    { timeout: 600_000 },
    () => {
      fc.assert(endToEndExactlyOnce, propertyParams({ numRuns: 60 }));
    },
  );
});
