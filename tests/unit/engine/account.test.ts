import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountedRun,
  drain,
  failureFree,
  groundTruth,
  judge,
  runScenario,
  stateLedgers,
  StateAccount,
  topologyOf,
  createInitialState,
  type Origin,
  type RecordCount,
  type SimEvent,
  type SimState,
  type SinkCount,
  type TimedEvent,
  type Verdict,
} from '../../../src/engine';
import { scenarioArb } from '../../helpers/arbitraries';

// The straightforward account the incremental one must agree with: every snapshot copies the
// task's whole ledger, a restore copies the snapshot's back, and counts are keyed by strings.
type Ledger = Map<string, { origin: Origin; count: number }>;
const originKey = (o: Origin) => `${o.task}@${o.index}`;

function referenceLedgers(events: readonly SimEvent[]): Map<string, Ledger> {
  let live = new Map<string, Ledger>();
  const saved = new Map<string, Ledger>();
  const ledger = (task: string) => {
    let l = live.get(task);
    if (!l) live.set(task, (l = new Map()));
    return l;
  };
  for (const e of events) {
    if (e.type === 'RecordProcessed' && e.applied) {
      const l = ledger(e.task);
      const key = originKey(e.origin);
      l.set(key, { origin: e.origin, count: (l.get(key)?.count ?? 0) + 1 });
    } else if (e.type === 'SnapshotTaken') {
      saved.set(`${e.checkpoint}/${e.task}`, new Map(ledger(e.task)));
    } else if (e.type === 'TasksCanceled') {
      live = new Map();
    } else if (e.type === 'StateRestored') {
      const snapshot = e.checkpoint === null ? undefined : saved.get(`${e.checkpoint}/${e.task}`);
      live.set(e.task, new Map(snapshot ?? []));
    }
  }
  return live;
}

function referenceJudge(
  run: { state: SimState; events: readonly SimEvent[] },
  truth: { state: SimState; events: readonly SimEvent[] },
): Verdict {
  const operatorLedgers = (state: SimState, events: readonly SimEvent[]) => {
    const topology = topologyOf(state.scenario);
    const byOperator = new Map<string, Ledger>();
    for (const [task, ledger] of referenceLedgers(events)) {
      const info = topology.tasks[topology.taskIndex.get(task) ?? -1];
      if (!info || info.operator.kind !== 'sum') continue;
      const merged: Ledger = byOperator.get(info.operator.id) ?? new Map();
      for (const [key, entry] of ledger) {
        const had = merged.get(key);
        merged.set(key, { origin: entry.origin, count: (had?.count ?? 0) + entry.count });
      }
      byOperator.set(info.operator.id, merged);
    }
    return byOperator;
  };
  const sinkCounts = (state: SimState) => {
    const counts = new Map<string, SinkCount>();
    for (const info of topologyOf(state.scenario).tasks) {
      if (info.operator.kind !== 'sink') continue;
      for (const r of state.tasks[info.index].output) {
        const from = r.from.split('#')[0];
        const key = `${info.operator.id}|${from}|${originKey(r.origin)}`;
        const had = counts.get(key);
        counts.set(key, {
          sink: info.operator.id,
          from,
          origin: r.origin,
          value: had?.value ?? r.value,
          count: (had?.count ?? 0) + 1,
        });
      }
    }
    return counts;
  };
  const sumsOf = (state: SimState) => {
    const sums = new Map<string, number>();
    for (const info of topologyOf(state.scenario).tasks) {
      const s = state.tasks[info.index].state;
      if (s.kind === 'sum') sums.set(info.operator.id, (sums.get(info.operator.id) ?? 0) + s.sum);
    }
    return sums;
  };
  const actual = operatorLedgers(run.state, run.events);
  const expected = operatorLedgers(truth.state, truth.events);
  const duplicates: RecordCount[] = [];
  const lost: RecordCount[] = [];
  for (const operator of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(operator) ?? new Map();
    const e = expected.get(operator) ?? new Map();
    for (const [key, entry] of a) {
      if (entry.count > (e.get(key)?.count ?? 0))
        duplicates.push({ operator, origin: entry.origin, count: entry.count });
    }
    for (const [key, entry] of e) {
      if ((a.get(key)?.count ?? 0) < entry.count)
        lost.push({ operator, origin: entry.origin, count: 0 });
    }
  }
  const got = sinkCounts(run.state);
  const want = sinkCounts(truth.state);
  const actualSums = sumsOf(run.state);
  const sums = [...sumsOf(truth.state)].map(([operator, value]) => ({
    operator,
    actual: actualSums.get(operator) ?? 0,
    expected: value,
  }));
  return {
    final: run.state.job.status === 'FINISHED',
    stateExactlyOnce:
      duplicates.length === 0 && lost.length === 0 && sums.every((s) => s.actual === s.expected),
    duplicates,
    lost,
    sinkDuplicates: [...got]
      .filter(([key, c]) => c.count > (want.get(key)?.count ?? 0))
      .map(([, c]) => c),
    sinkLost: [...want]
      .filter(([key, c]) => (got.get(key)?.count ?? 0) < c.count)
      .map(([key, c]) => ({ ...c, count: got.get(key)?.count ?? 0 })),
    sums,
    // Random scenarios neither stop with a savepoint nor start from one.
    stopped: null,
    resumed: null,
    // Nor do their sinks write a topic.
    consumers: [],
  };
}

/** A ledger as plain data, in its own order, so that two are equal only in the same order. */
const plain = (ledgers: Map<string, Ledger>) =>
  [...ledgers].map(([task, l]) => [task, [...l].map(([key, e]) => [key, e.count])]);

// Hand-made event streams: the account's rules alone, including restores from a checkpoint
// older than the last one, from a savepoint of another job (unknown here), and from none.
const tasks = ['sum#0', 'sum#1', 'sum_odd#0'];
const sources = ['source#0', 'source#1'];
const eventArb: fc.Arbitrary<SimEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        task: fc.constantFrom(...tasks),
        source: fc.constantFrom(...sources),
        index: fc.nat({ max: 30 }),
        applied: fc.boolean(),
      })
      .map(({ task, source, index, applied }) => ({
        type: 'RecordProcessed' as const,
        task,
        record: index,
        origin: { task: source, index, value: index + 1 },
        applied,
        replay: false,
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ task: fc.constantFrom(...tasks), checkpoint: fc.integer({ min: 1, max: 6 }) })
      .map(({ task, checkpoint }) => ({
        type: 'SnapshotTaken' as const,
        task,
        checkpoint,
        state: { kind: 'sum' as const, sum: 0, byKey: null },
      })),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'TasksCanceled' as const, tasks }) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        task: fc.constantFrom(...tasks),
        checkpoint: fc.option(fc.integer({ min: 1, max: 8 })),
      })
      .map(({ task, checkpoint }) => ({
        type: 'StateRestored' as const,
        task,
        checkpoint,
        state: { kind: 'sum' as const, sum: 0, byKey: null },
      })),
  },
);

describe('the per-record account', () => {
  it('gives the ledgers of copying each snapshot, after any snapshots, cancellations and restores', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 200 }), (events) => {
        const account = new StateAccount();
        events.forEach((e, k) => {
          account.add([e]);
          // Read after every event: reading must not change what comes next.
          if (k % 7 === 0) {
            expect(plain(account.ledgers())).toEqual(
              plain(referenceLedgers(events.slice(0, k + 1))),
            );
          }
        });
        expect(plain(stateLedgers(events))).toEqual(plain(referenceLedgers(events)));
      }),
      { numRuns: 500 },
    );
  });

  it('brings back an older checkpoint as it was, not as the task counted since', () => {
    const processed = (index: number): SimEvent => ({
      type: 'RecordProcessed',
      task: 'sum#0',
      record: index,
      origin: { task: 'source#0', index, value: index },
      applied: true,
      replay: false,
    });
    const snapshot = (checkpoint: number): SimEvent => ({
      type: 'SnapshotTaken',
      task: 'sum#0',
      checkpoint,
      state: { kind: 'sum', sum: 0, byKey: null },
    });
    const restore = (checkpoint: number): SimEvent => ({
      type: 'StateRestored',
      task: 'sum#0',
      checkpoint,
      state: { kind: 'sum', sum: 0, byKey: null },
    });
    const cancel: SimEvent = { type: 'TasksCanceled', tasks: ['sum#0'] };
    const counted = (events: SimEvent[]) =>
      [...(stateLedgers(events).get('sum#0') ?? new Map()).values()].map(
        (e) => `${e.origin.index}x${e.count}`,
      );
    const history = [processed(1), snapshot(1), processed(2), snapshot(2), processed(3)];
    expect(counted([...history, cancel, restore(1)])).toEqual(['1x1']);
    expect(counted([...history, cancel, restore(2)])).toEqual(['1x1', '2x1']);
    // Replayed after the restore of checkpoint 1: 2 counted again, on top of what 1 holds.
    expect(counted([...history, cancel, restore(1), processed(2), processed(2)])).toEqual([
      '1x1',
      '2x2',
    ]);
    // Checkpoint 2 stays as it was taken, whatever was counted after its restore.
    expect(counted([...history, cancel, restore(2), processed(1), cancel, restore(2)])).toEqual([
      '1x1',
      '2x1',
    ]);
  });

  it(
    'judges random runs with failures exactly as the copying account does',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(scenarioArb(), (scenario) => {
          const run = runScenario(scenario, 400);
          const truth = runScenario(failureFree(scenario), 400);
          const expected = referenceJudge(run, truth);
          expect(judge(run, truth)).toEqual(expected);
          // Streamed: neither run keeps its events.
          const account = new StateAccount();
          const state = drain(accountedRun(createInitialState(scenario), account, 400));
          const streamedTruth = new StateAccount();
          const truthState = drain(
            accountedRun(createInitialState(failureFree(scenario)), streamedTruth, 400),
          );
          expect(judge({ state, account }, { state: truthState, account: streamedTruth })).toEqual(
            expected,
          );
        }),
        { numRuns: 60 },
      );
    },
  );

  it('judges a run against the failure-free run it steps itself', () => {
    const scenario = fc.sample(scenarioArb(), { numRuns: 1, seed: 22 })[0];
    const run = runScenario(scenario);
    const events: TimedEvent[] = run.events;
    expect(judge(run)).toEqual(judge(run, groundTruth(scenario)));
    expect(judge(run)).toEqual(referenceJudge(run, runScenario(failureFree(scenario))));
    expect(events.length).toBeGreaterThan(0);
  });
});
