import fc from 'fast-check';
import { judge, runScenario, topicsOf, type Scenario } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';

// Random jobs whose two-phase-commit (or at-least-once) sink writes a topic, with task failures,
// slow restarts or none (the failed job submitted again from its checkpoint a while later), late
// and lost commit notifications and short transaction timeouts.

const twoPhaseArb = fc
  .record({
    seed: fc.integer({ min: 1, max: 1000 }),
    parallelism: fc.integer({ min: 1, max: 2 }),
    input: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 12 }),
    transactional: fc.boolean(),
    intervalMs: fc.integer({ min: 3, max: 12 }).map((n) => n * 100),
    timeoutMs: fc.constantFrom(500, 1000, 2000, 60_000),
    restartDelayMs: fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
    failAt: fc.array(fc.integer({ min: 2, max: 30 }), { maxLength: 2 }),
    failSink: fc.boolean(),
    lateNotice: fc.option(fc.integer({ min: 1, max: 3 })),
    lostNotice: fc.option(fc.integer({ min: 1, max: 3 })),
    // No restart strategy: the job fails for good and a new job starts from its checkpoint.
    newJobAt: fc.option(fc.integer({ min: 2, max: 80 })),
  })
  .map((p): Scenario =>
    withDefaults({
      id: 'random-two-phase',
      title: 'Random two-phase commit',
      seed: p.seed,
      operators: [
        { id: 'source', kind: 'source', parallelism: 1, input: p.input, period: 2 },
        { id: 'sum', kind: 'sum', parallelism: p.parallelism, accept: 'all', keyBy: 'parity' },
        {
          id: 'sink',
          kind: 'sink',
          parallelism: p.parallelism,
          topic: 'out',
          transactional: p.transactional,
          transactionTimeoutMs: p.timeoutMs,
        },
      ],
      edges: [
        { from: 'source', to: 'sum', partitioning: 'hash', keyBy: 'parity', latency: 1 },
        { from: 'sum', to: 'sink', partitioning: 'forward', latency: 1 },
      ],
      checkpoint: { intervalMs: p.intervalMs },
      restart:
        p.newJobAt === null
          ? { type: 'fixed-delay', attempts: 4, delayMs: p.restartDelayMs }
          : { type: 'none' },
      actions: [
        ...p.failAt.map((tick) => ({
          type: 'fail-task' as const,
          task: p.failSink ? 'sink#0' : 'sum#0',
          when: { atTick: tick },
        })),
        ...(p.lateNotice
          ? [
              {
                type: 'delay-commit-notification' as const,
                checkpoint: p.lateNotice,
                delayMs: 1500,
              },
            ]
          : []),
        ...(p.lostNotice
          ? [{ type: 'lose-commit-notification' as const, checkpoint: p.lostNotice }]
          : []),
        ...(p.newJobAt !== null
          ? [{ type: 'resume-from-checkpoint' as const, when: { atTick: p.newJobAt } }]
          : []),
      ],
    }),
  );

/** A check that failed, with what was expected. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

/** read_committed reads every record exactly once unless a transaction timed out; every loss and duplicate is named. */
export const endToEndExactlyOnce = fc.property(twoPhaseArb, (scenario) => {
  const run = runScenario(scenario);
  if (run.state.job.status !== 'FINISHED') return;
  const verdict = judge({ state: run.state, events: run.events });
  const committed = verdict.consumers.find((c) => c.isolation === 'read_committed')!;
  const uncommitted = verdict.consumers.find((c) => c.isolation === 'read_uncommitted')!;
  const records = topicsOf(run.state)[0].records;
  const timedOut = records.filter((r) => r.abort === 'timeout');
  const show = (xs: readonly unknown[]) => JSON.stringify(xs);
  if (scenario.operators[2].kind === 'sink' && scenario.operators[2].transactional) {
    // Nothing is ever read twice by read_committed, and every loss is a timeout's.
    check(
      committed.duplicates.length === 0,
      `read_committed read twice: ${show(committed.duplicates)}`,
    );
    if (timedOut.length === 0)
      check(
        committed.lost.length === 0,
        `read_committed lost with no timeout: ${show(committed.lost)}`,
      );
    for (const lost of committed.lost) {
      check(lost.cause === 'transaction-timeout', `a loss not named a timeout: ${show([lost])}`);
      check(
        timedOut.some(
          (r) => r.origin.task === lost.origin.task && r.origin.index === lost.origin.index,
        ),
        `a loss with no timed-out transaction holding it: ${show([lost])}`,
      );
    }
    // Every read_uncommitted duplicate has a copy in an aborted transaction.
    for (const d of uncommitted.duplicates)
      check(
        d.cause === 'aborted-transaction',
        `read_uncommitted duplicate not named aborted: ${show([d])}`,
      );
  } else {
    // At least once: nothing lost, replays named as such, both readers alike.
    check(committed.lost.length === 0, `an at-least-once sink lost: ${show(committed.lost)}`);
    check(
      show(uncommitted.duplicates) === show(committed.duplicates),
      'the two readers of an at-least-once sink differ',
    );
    for (const d of committed.duplicates)
      check(d.cause === 'replayed', `an at-least-once duplicate not named a replay: ${show([d])}`);
  }
});
