import { describe, expect, it } from 'vitest';
import {
  groundTruth,
  judge,
  runScenario,
  snapshotLedgers,
  sourceInput,
  stateLedgers,
  topologyOf,
  type Origin,
  type RunResult,
  type Scenario,
  type SimState,
  type TimedEvent,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { atLeastOnceReplay } from '../../../src/scenarios/presets/atLeastOnceReplay';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';
import {
  savepointUpgrade,
  savepointUpgradeResumed,
} from '../../../src/scenarios/presets/savepointUpgrade';

// The verdict judges a run by what it was meant to do: a job stopped with a savepoint on the
// input it read, a job started from a savepoint together with the job that took it. Each test
// checks judge() against the engine's per-record account (the ledgers replayed from events),
// not against judge()'s own twin.

type Counts = Map<string, Map<string, { origin: Origin; count: number }>>;

/** Per sum operator, how often its state counts each source record. */
function counts(
  scenario: Scenario,
  ledgers: ReturnType<typeof stateLedgers>,
  into: Counts = new Map(),
) {
  const topology = topologyOf(scenario);
  for (const [task, ledger] of ledgers) {
    const info = topology.tasks[topology.taskIndex.get(task)!];
    if (info.operator.kind !== 'sum') continue;
    const op = into.get(info.operator.id) ?? new Map();
    for (const [key, entry] of ledger) {
      const had = op.get(key)?.count ?? 0;
      op.set(key, { origin: entry.origin, count: had + entry.count });
    }
    into.set(info.operator.id, op);
  }
  return into;
}

/** The source records (task, index) an operator of `scenario` takes, by its parity. */
function accepted(scenario: Scenario, operator: string, read: (task: string) => [number, number]) {
  const op = scenario.operators.find((o) => o.id === operator)!;
  const parity = op.kind === 'sum' ? op.accept : 'all';
  const wanted: string[] = [];
  const topology = topologyOf(scenario);
  for (const index of topology.sources) {
    const info = topology.tasks[index];
    const input = sourceInput(info);
    const [from, to] = read(info.id);
    for (let i = from; i < to; i++) {
      const even = input[i] % 2 === 0;
      if (parity === 'all' || (parity === 'even') === even) wanted.push(`${info.id}@${i}`);
    }
  }
  return wanted.sort();
}

function offsetAt(state: SimState, checkpoint: number, task: string): number {
  const c = state.checkpoints.find((x) => x.id === checkpoint)!;
  const s = c.snapshots[topologyOf(state.scenario).taskIndex.get(task)!];
  return s?.kind === 'source' ? s.offset : 0;
}

function stopAt(scenario: Scenario, tick: number): Scenario {
  return {
    ...scenario,
    actions: [
      ...scenario.actions,
      { type: 'savepoint', when: { atTick: tick }, name: 'stop', stop: true },
    ],
  };
}

const keysOnce = (op: Map<string, { count: number }> | undefined) =>
  [...(op ?? new Map()).entries()]
    .filter(([, e]) => e.count === 1)
    .map(([k]) => k)
    .sort();

describe('a job stopped with a savepoint is judged on the input it read', () => {
  it("lesson 6's version 1: nothing lost, nothing twice, the rest left for the next job", () => {
    const run = runScenario(savepointUpgrade);
    const stop = run.state.checkpoints.find((c) => c.stop)!;
    const offset = offsetAt(run.state, stop.id, 'source#0');
    expect(offset).toBe(15);
    // The engine's own account: every record before the stop counted once, none after it.
    const account = counts(run.state.scenario, stateLedgers(run.events));
    for (const operator of ['sum_by_parity', 'total']) {
      const wanted = accepted(savepointUpgrade, operator, () => [0, offset]);
      expect(keysOnce(account.get(operator))).toEqual(wanted);
      expect(account.get(operator)!.size).toBe(wanted.length);
    }
    const verdict = judge(run);
    expect(verdict).toMatchObject({
      final: true,
      stateExactlyOnce: true,
      duplicates: [],
      lost: [],
      stopped: { savepoint: stop.id, unread: [{ task: 'source#0', offset: 15, count: 15 }] },
      resumed: null,
    });
    expect(verdict.sums).toEqual([
      { operator: 'sum_by_parity', actual: 120, expected: 120 },
      { operator: 'total', actual: 120, expected: 120 },
    ]);
    // Judged against a run that reads to the end, the stop looked like loss (the old verdict).
    expect(judge(run, groundTruth(savepointUpgrade)).lost.length).toBeGreaterThan(0);
  });

  it('odd-even-sum stopped at tick 13, before its failure could fire', () => {
    const run = runScenario(stopAt(oddEvenSum, 13));
    const verdict = judge(run);
    const offset = offsetAt(run.state, verdict.stopped!.savepoint, 'source#0');
    const account = counts(run.state.scenario, stateLedgers(run.events));
    expect(keysOnce(account.get('sum_even'))).toEqual(
      accepted(oddEvenSum, 'sum_even', () => [0, offset]),
    );
    expect(verdict.stateExactlyOnce).toBe(true);
    expect(verdict.stopped!.unread).toEqual([{ task: 'source#0', offset, count: 9 - offset }]);
  });

  it('still names a record a stopped at-least-once job counted twice', () => {
    // The at-least-once replay of lesson 4, stopped once it restarted: its duplicate is real.
    const run = runScenario(stopAt(atLeastOnceReplay, 30));
    expect(run.state.job.status).toBe('FINISHED');
    expect(run.state.job.restarts).toBe(1);
    const account = counts(run.state.scenario, stateLedgers(run.events));
    const twice = [...account].flatMap(([operator, op]) =>
      [...op.values()]
        .filter((e) => e.count > 1)
        .map((e) => `${operator}:${e.origin.task}@${e.origin.index}`),
    );
    expect(twice.length).toBeGreaterThan(0);
    const verdict = judge(run);
    expect(verdict.stopped).not.toBeNull();
    expect(verdict.lost).toEqual([]);
    expect(
      verdict.duplicates.map((d) => `${d.operator}:${d.origin.task}@${d.origin.index}`).sort(),
    ).toEqual(twice.sort());
  });
});

/** The per-record account of a job started from a savepoint and of the job that took it. */
function together(run: RunResult) {
  const restore = run.state.scenario.restoreFrom!;
  const earlier = runScenario(restore.job);
  const id = run.state.restoredFrom!.savepoint.id;
  const both = counts(restore.job, snapshotLedgers(earlier.events as TimedEvent[], id));
  counts(run.state.scenario, stateLedgers(run.events), both);
  return { both, earlier, id };
}

describe('a job started from a savepoint is judged together with the job that took it', () => {
  it('the same job resumed: every record of the input counted once across both jobs', () => {
    const first = withDefaults({
      ...oddEvenSum,
      id: 'first',
      actions: [{ type: 'savepoint', when: { atTick: 10 }, name: 'sp' }],
    });
    const resumed = withDefaults({
      ...oddEvenSum,
      id: 'resumed',
      actions: [],
      restoreFrom: { job: first, savepoint: 'sp', allowNonRestoredState: false },
    });
    const run = runScenario(resumed);
    const { both, id } = together(run);
    for (const operator of ['sum_even', 'sum_odd']) {
      expect(keysOnce(both.get(operator))).toEqual(accepted(oddEvenSum, operator, () => [0, 9]));
    }
    const verdict = judge(run);
    expect(verdict).toMatchObject({
      stateExactlyOnce: true,
      duplicates: [],
      lost: [],
      resumed: { savepoint: id, job: oddEvenSum.title },
      stopped: null,
    });
  });

  it('names the record an at-least-once savepoint counted and the resumed job read again', () => {
    const first = withDefaults({
      ...atLeastOnceReplay,
      id: 'first',
      actions: [{ type: 'savepoint', when: { task: 'source#0', offset: 3 }, name: 'sp' }],
    });
    const resumed = withDefaults({
      ...atLeastOnceReplay,
      id: 'resumed',
      actions: [],
      restoreFrom: { job: first, savepoint: 'sp', allowNonRestoredState: false },
    });
    const run = runScenario(resumed);
    expect(run.state.job.status).toBe('FINISHED');
    const { both } = together(run);
    const twice = [...both].flatMap(([operator, op]) =>
      [...op.values()]
        .filter((e) => e.count > 1)
        .map((e) => `${operator}:${e.origin.task}@${e.origin.index}`),
    );
    // The savepoint's state holds a record from behind its barrier; the new job reads it again.
    expect(twice.length).toBeGreaterThan(0);
    const verdict = judge(run);
    expect(verdict.stateExactlyOnce).toBe(false);
    expect(
      verdict.duplicates.map((d) => `${d.operator}:${d.origin.task}@${d.origin.index}`).sort(),
    ).toEqual(twice.sort());
    // Each job alone looks right: only together is the duplicate visible.
    expect(verdict.sums.every((s) => s.actual === s.expected)).toBe(true);
  });

  it("lesson 6's upgraded version 2: records to 15 counted by version 1, from 16 by version 2, each once", () => {
    const run = runScenario(savepointUpgradeResumed);
    const { both } = together(run);
    expect(keysOnce(both.get('sum_by_parity'))).toEqual(
      accepted(savepointUpgrade, 'sum_by_parity', () => [0, 30]),
    );
    const verdict = judge(run);
    expect(verdict).toMatchObject({
      final: true,
      stateExactlyOnce: true,
      duplicates: [],
      lost: [],
      stopped: null,
      resumed: { savepoint: 5 },
    });
    // Against its own failure-free twin: version 2's logic (enrich adds 100) on 16..30.
    const plus100 = (even: boolean) =>
      Array.from({ length: 30 }, (_, i) => i + 1)
        .filter((v) => (v % 2 === 0) === even)
        .reduce((sum, v) => sum + (v > 15 ? v + 100 : v), 0);
    expect(verdict.sums).toEqual([
      { operator: 'sum_by_parity', actual: plus100(true) + plus100(false), expected: 1965 },
    ]);
  });

  it('version 2 with a failure of its own still holds in exactly-once mode', () => {
    const failing: Scenario = {
      ...savepointUpgradeResumed,
      actions: [{ type: 'fail-task', task: 'sum_by_parity#1', when: { atTick: 20 } }],
    };
    const run = runScenario(failing);
    expect(run.state.job.restarts).toBe(1);
    const { both } = together(run);
    expect(keysOnce(both.get('sum_by_parity'))).toEqual(
      accepted(savepointUpgrade, 'sum_by_parity', () => [0, 30]),
    );
    expect(judge(run)).toMatchObject({ stateExactlyOnce: true, lost: [], duplicates: [] });
  });
});
