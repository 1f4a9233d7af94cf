import type { TimedEvent } from './events';
import { runScenario } from './run';
import { sourceInput, topologyOf } from './topology';
import type { CheckpointRecord, Origin, Scenario, SimState } from './types';

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
  /**
   * The job was stopped with this savepoint: it is judged on the input it read up to it, and
   * what its sources had not read yet is left for the next job.
   */
  stopped: { savepoint: number; unread: { task: string; offset: number; count: number }[] } | null;
  /**
   * The job started from this savepoint of an earlier job, and is judged together with it:
   * the records before the savepoint as the earlier job's state counted them, the others as
   * this job did. `job` is the earlier job's title.
   */
  resumed: { savepoint: number; job: string } | null;
}

const originKey = (o: Origin) => `${o.task}@${o.index}`;

type Ledger = Map<string, { origin: Origin; count: number }>;

/**
 * Which source records each stateful task's state counts, replayed from the events: a snapshot
 * keeps a copy, a cancellation clears it, a restore brings the snapshot's copy back. This is the
 * engine's own per-record account, independent of the sums it explains.
 */
export function stateLedgers(events: readonly TimedEvent[]): Map<string, Ledger> {
  return replayLedgers(events).live;
}

/** What each task's snapshot for `checkpoint` counts, from the same replay as stateLedgers. */
export function snapshotLedgers(
  events: readonly TimedEvent[],
  checkpoint: number,
): Map<string, Ledger> {
  const snapshots = new Map<string, Ledger>();
  for (const [key, ledger] of replayLedgers(events).saved) {
    const slash = key.indexOf('/');
    if (Number(key.slice(0, slash)) === checkpoint) snapshots.set(key.slice(slash + 1), ledger);
  }
  return snapshots;
}

function replayLedgers(events: readonly TimedEvent[]) {
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
  return { live, saved };
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
      (a) => a.type !== 'fail-task' && a.type !== 'fail-backend-write' && a.type !== 'lose-ack',
    ),
  };
}

/** The stopping savepoint of a job that finished with it, if it did. */
function stoppedWith(state: SimState): CheckpointRecord | null {
  if (state.job.status !== 'FINISHED') return null;
  return state.checkpoints.find((c) => c.stop && c.status === 'COMPLETED') ?? null;
}

/** The scenario with each source subtask's input cut at the offset `checkpoint` holds for it. */
function inputUpTo(scenario: Scenario, checkpoint: CheckpointRecord): Scenario {
  const topology = topologyOf(scenario);
  const operators = scenario.operators.map((op) => {
    if (op.kind !== 'source') return op;
    const input = topology.tasks
      .filter((info) => info.operator.id === op.id)
      .map((info) => {
        const saved = checkpoint.snapshots[info.index];
        const offset = saved?.kind === 'source' ? saved.offset : 0;
        return sourceInput(info).slice(0, offset);
      });
    return { ...op, input };
  });
  return { ...scenario, operators };
}

/**
 * The scenario a run is judged against: its failure-free version (see failureFree) without a
 * stop, since a stop is an intent and not a failure. A job that was stopped with a savepoint is
 * judged on the input it read: its twin reads each source's input up to the offset the stopping
 * savepoint holds, and runs to the end of it. Pure.
 */
export function intendedScenario(final: SimState): Scenario {
  const free = withoutStop(failureFree(final.scenario));
  const stop = stoppedWith(final);
  return stop ? inputUpTo(free, stop) : free;
}

function withoutStop(scenario: Scenario): Scenario {
  const actions = scenario.actions.filter((a) => a.type !== 'savepoint' || a.stop !== true);
  return { ...scenario, actions };
}

type OperatorLedgers = Map<string, Map<string, { origin: Origin; count: number }>>;

function operatorLedgers(state: SimState, events: readonly TimedEvent[]): OperatorLedgers {
  return byOperator(state.scenario, stateLedgers(events));
}

/** Task ledgers merged per stateful operator (sums only). */
function byOperator(scenario: Scenario, tasks: Map<string, Ledger>): OperatorLedgers {
  const topology = topologyOf(scenario);
  const byOperator: OperatorLedgers = new Map();
  for (const [task, ledger] of tasks) {
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

/** The run a finished or failed run is judged against: its intended scenario, run to its end. */
export function intendedTruth(final: SimState): GroundTruth {
  return runScenario(intendedScenario(final));
}

/** Records one ledger counts more often than the other, or less often, per operator. */
function compareLedgers(actual: OperatorLedgers, expected: OperatorLedgers) {
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
  return { duplicates, lost };
}

/**
 * The part of a resumed job's account that the earlier job wrote: what the savepoint's state
 * counts, against what that job counts when it reads the same input without a failure. Both
 * jobs are deterministic, so the earlier one is run again, up to the savepoint. Operators keep
 * the earlier job's ids.
 */
function judgeSavepoint(state: SimState) {
  const restore = state.scenario.restoreFrom;
  const savepoint = state.restoredFrom?.savepoint;
  if (!restore || !savepoint) return null;
  // Its snapshots were all taken by the time it completed: the run can stop there.
  const earlier = runScenario(restore.job, savepoint.completeTick ?? undefined);
  const taken = earlier.state.checkpoints.find((c) => c.id === savepoint.id);
  if (!taken || taken.status !== 'COMPLETED') return null;
  const counted = byOperator(restore.job, snapshotLedgers(earlier.events, savepoint.id));
  const twin = runScenario(inputUpTo(withoutStop(failureFree(restore.job)), taken));
  return {
    job: restore.job.title,
    savepoint: savepoint.id,
    ...compareLedgers(counted, operatorLedgers(twin.state, twin.events)),
  };
}

/**
 * Compares a run with the run it was meant to be (intendedScenario: no failure, and for a job
 * stopped with a savepoint, the input it read): which records a state or a sink counted twice,
 * which it lost, and whether the sums agree. A job started from a savepoint of an earlier job is
 * judged together with it: what the savepoint counts is checked record by record against the
 * earlier job's own failure-free run over the same input. Operators are compared as a whole,
 * since a replayed record may be routed to another subtask than the first time. Pure.
 */
export function judge(
  run: { state: SimState; events: readonly TimedEvent[] },
  truth: GroundTruth = intendedTruth(run.state),
): Verdict {
  const actual = operatorLedgers(run.state, run.events);
  const expected = operatorLedgers(truth.state, truth.events);
  const own = compareLedgers(actual, expected);
  const earlier = judgeSavepoint(run.state);
  const duplicates = [...(earlier?.duplicates ?? []), ...own.duplicates];
  const lost = [...(earlier?.lost ?? []), ...own.lost];
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
  const stop = stoppedWith(run.state);
  const topology = topologyOf(run.state.scenario);
  const unread = stop
    ? topology.sources.flatMap((index) => {
        const info = topology.tasks[index];
        const saved = stop.snapshots[index];
        const offset = saved?.kind === 'source' ? saved.offset : 0;
        const count = sourceInput(info).length - offset;
        return count > 0 ? [{ task: info.id, offset, count }] : [];
      })
    : [];
  return {
    final: run.state.job.status === 'FINISHED',
    stateExactlyOnce:
      duplicates.length === 0 && lost.length === 0 && sums.every((s) => s.actual === s.expected),
    duplicates,
    lost,
    sinkDuplicates,
    sinkLost,
    sums,
    stopped: stop ? { savepoint: stop.id, unread } : null,
    resumed: earlier ? { savepoint: earlier.savepoint, job: earlier.job } : null,
  };
}
