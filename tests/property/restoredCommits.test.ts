import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyParams } from './support/params';
import { restoredPreCommitsCommitted, restoredTransactionsArb } from './support/restoredCommits';

// A property of the engine checked over random jobs with two-phase-commit sinks, failures and lost
// or late commit notifications; a failure prints the seed, the path and the shrunk scenario
// (replay: PROPERTY_SEED=... PROPERTY_PATH=...).
describe('a restore commits what the restored checkpoint pre-committed', () => {
  it(
    'every record before the cut of a checkpoint the job restored from is committed in the topic as often as the graph delivers it, also when the job then ends FAILED',
    { timeout: 600_000 },
    () => {
      const ends = { failed: 0, finished: 0 };
      fc.assert(
        fc.property(restoredTransactionsArb, (scenario) => {
          const run = restoredPreCommitsCommitted(scenario);
          if (run.commitsOnRestore === 0) return;
          if (run.status === 'FAILED') ends.failed++;
          if (run.status === 'FINISHED') ends.finished++;
        }),
        propertyParams({ numRuns: 500 }),
      );
      // Runs where a restore had pre-committed transactions to commit, ending either way.
      expect(ends.failed).toBeGreaterThan(20);
      expect(ends.finished).toBeGreaterThan(20);
    },
  );
});
