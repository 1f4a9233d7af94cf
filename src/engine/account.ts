import type { TimedEvent } from './events';
import { runScenario } from './run';
import { topologyOf } from './topology';
import type { Origin, Scenario, SimState } from './types';

/** A source record, named the way a teacher would: "7 from source#1". */
export interface RecordCount {
  operator: string;
  origin: Origin;
  count: number;
}

export interface SinkCount {
  sink: string;
  /** Operator that produced the output record. */
  from: string;
  origin: Origin;
  value: number;
  count: number;
}

export interface Verdict {
  /** The job finished, so the comparison with the failure-free run is final. */
  final: boolean;
  /** Every operator's state counts every record exactly once. */
  stateExactlyOnce: boolean;
  /** Records a stateful operator's state counts more than once. */
  duplicates: RecordCount[];
  /** Records a stateful operator's state should count and does not. */
  lost: RecordCount[];
  /** Output records a sink received more than once. */
  sinkDuplicates: SinkCount[];
  /** Output records a sink should have received and did not. */
  sinkLost: SinkCount[];
  /** Per stateful operator: its total sum here, and in the failure-free run. */
  sums: { operator: string; actual: number; expected: number }[];
}

const originKey = (o: Origin) => `${o.task}@${o.index}`;

type Ledger = Map<string, { origin: Origin; count: number }>;

/**
 * Which source records each stateful task's state counts, replayed from the events: a snapshot
 * keeps a copy, a cancellation clears it, a restore brings the snapshot's copy back. This is the
 * engine's own per-record account, independent of the sums it explains.
 */
export function stateLedgers(events: readonly TimedEvent[]): Map<string, Ledger> {
  let live = new Map<string, Ledger>();
  const saved = new Map<string, Ledger>();
  const ledger = (task: string) => {
    let l = live.get(task);
    if (!l) live.set(task, (l = new Map()));
    return l;
  };
  for (const e of events) {
    switch (e.type) {
      case 'RecordProcessed':
        if (e.applied) {
          const l = ledger(e.task);
          const key = originKey(e.origin);
          const entry = l.get(key);
          l.set(key, { origin: e.origin, count: (entry?.count ?? 0) + 1 });
        }
        break;
      case 'SnapshotTaken':
        saved.set(`${e.checkpoint}/${e.task}`, new Map(ledger(e.task)));
        break;
      case 'TasksCanceled':
        live = new Map();
        break;
      case 'StateRestored': {
        const snapshot = e.checkpoint === null ? undefined : saved.get(`${e.checkpoint}/${e.task}`);
        live.set(e.task, new Map(snapshot ?? []));
        break;
      }
      default:
        break;
    }
  }
  return live;
}

/**
 * The scenario without its failures: what the job computes when nothing goes wrong. Checkpoint
 * failures (a timeout too short for the job) are tolerated without end, since a failover they
 * caused would replay records and show duplicates in the very run meant to have none.
 */
export function failureFree(scenario: Scenario): Scenario {
  return {
    ...scenario,
    checkpoint: { ...scenario.checkpoint, tolerableFailures: Number.MAX_SAFE_INTEGER },
    actions: scenario.actions.filter(
      (a) =>
        a.type !== 'fail-task' &&
        a.type !== 'fail-backend-write' &&
        a.type !== 'lose-ack' &&
        a.type !== 'fail-sync-snapshot' &&
        a.type !== 'fail-checkpoint-metadata' &&
        a.type !== 'fail-while-restarting',
    ),
  };
}

function operatorLedgers(state: SimState, events: readonly TimedEvent[]) {
  const topology = topologyOf(state.scenario);
  const byOperator = new Map<string, Map<string, { origin: Origin; count: number }>>();
  for (const [task, ledger] of stateLedgers(events)) {
    const info = topology.tasks[topology.taskIndex.get(task) ?? -1];
    if (!info || info.operator.kind !== 'sum') continue;
    const merged = byOperator.get(info.operator.id) ?? new Map();
    for (const [key, entry] of ledger) {
      const had = merged.get(key);
      merged.set(key, { origin: entry.origin, count: (had?.count ?? 0) + entry.count });
    }
    byOperator.set(info.operator.id, merged);
  }
  return byOperator;
}

function sinkCounts(state: SimState) {
  const topology = topologyOf(state.scenario);
  const counts = new Map<string, SinkCount>();
  for (const info of topology.tasks) {
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
}

function operatorSums(state: SimState): Map<string, number> {
  const topology = topologyOf(state.scenario);
  const sums = new Map<string, number>();
  for (const info of topology.tasks) {
    const s = state.tasks[info.index].state;
    if (s.kind === 'sum') sums.set(info.operator.id, (sums.get(info.operator.id) ?? 0) + s.sum);
  }
  return sums;
}

export interface GroundTruth {
  state: SimState;
  events: TimedEvent[];
}

/** Runs the failure-free version of a scenario to its end. */
export function groundTruth(scenario: Scenario): GroundTruth {
  return runScenario(failureFree(scenario));
}

/**
 * Compares a run with the failure-free run of the same scenario: which records a state or a sink
 * counted twice, which it lost, and whether the sums agree. Operators are compared as a whole,
 * since a replayed record may be routed to another subtask than the first time.
 */
export function judge(
  run: { state: SimState; events: readonly TimedEvent[] },
  truth: GroundTruth = groundTruth(run.state.scenario),
): Verdict {
  const actual = operatorLedgers(run.state, run.events);
  const expected = operatorLedgers(truth.state, truth.events);
  const duplicates: RecordCount[] = [];
  const lost: RecordCount[] = [];
  const operators = new Set([...actual.keys(), ...expected.keys()]);
  for (const operator of operators) {
    const a = actual.get(operator) ?? new Map();
    const e = expected.get(operator) ?? new Map();
    for (const [key, entry] of a) {
      const want = e.get(key)?.count ?? 0;
      if (entry.count > want)
        duplicates.push({ operator, origin: entry.origin, count: entry.count });
    }
    for (const [key, entry] of e) {
      if ((a.get(key)?.count ?? 0) < entry.count)
        lost.push({ operator, origin: entry.origin, count: 0 });
    }
  }
  const got = sinkCounts(run.state);
  const want = sinkCounts(truth.state);
  const sinkDuplicates = [...got.entries()]
    .filter(([key, c]) => c.count > (want.get(key)?.count ?? 0))
    .map(([, c]) => c);
  const sinkLost = [...want.entries()]
    .filter(([key, c]) => (got.get(key)?.count ?? 0) < c.count)
    .map(([key, c]) => ({ ...c, count: got.get(key)?.count ?? 0 }));
  const actualSums = operatorSums(run.state);
  const expectedSums = operatorSums(truth.state);
  const sums = [...expectedSums.entries()].map(([operator, value]) => ({
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
    sinkDuplicates,
    sinkLost,
    sums,
  };
}
