/**
 * The invariants the property tests check, each as an observer of every tick or as a check of a
 * finished run. A broken one throws an InvariantViolation naming the tick and what broke.
 */
import {
  emptyOperatorState,
  judge,
  topologyOf,
  type GroundTruth,
  type Scenario,
  type SimState,
  type StreamElement,
} from '../../../src/engine';
import { GraphModel, originKey, type Ledger } from './graphModel';
import {
  InvariantViolation,
  type LedgerTracker,
  type ObservedRun,
  type TickObserver,
} from './observedRun';

/** Exactly-once and stop-the-world snapshot a consistent cut; at-least-once does not. */
export const alignedMode = (s: Scenario) => s.checkpoint.mode !== 'at-least-once';

const elementKey = (e: StreamElement) => (e.kind === 'record' ? `r${e.id}` : `b${e.checkpoint}`);

function describeLedgerDifference(actual: Ledger, expected: Ledger): string | null {
  for (const [key, n] of expected) {
    if ((actual.get(key) ?? 0) !== n)
      return `${key} counted ${actual.get(key) ?? 0}, expected ${n}`;
  }
  for (const [key, n] of actual) {
    if (n !== 0 && !expected.has(key)) return `${key} counted ${n}, expected 0`;
  }
  return null;
}

function describeMissing(actual: Ledger, expected: Ledger): string | null {
  for (const [key, n] of expected) {
    if ((actual.get(key) ?? 0) < n) return `${key} counted ${actual.get(key) ?? 0}, at least ${n}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Channels

/**
 * Channels are FIFO: per channel,
 * elements leave from the head only, in the order they were sent, nothing is reordered or lost
 * while the job runs, and barriers do not overtake records. Where a channel carries a source
 * subtask's records along a single path, they arrive in the order the source read them.
 */
export function fifoChannels(scenario: Scenario): TickObserver {
  const topology = topologyOf(scenario);
  const carriesMemo = new Map<string, boolean>();
  const carries = (task: number, source: string): boolean => {
    const key = `${task}|${source}`;
    let v = carriesMemo.get(key);
    if (v === undefined) {
      v =
        topology.tasks[task].id === source ||
        topology.tasks[task].inputs.some((c) => carries(topology.channels[c].from, source));
      carriesMemo.set(key, v);
    }
    return v;
  };
  const singlePath = (channel: number, source: string): boolean => {
    const sender = topology.tasks[topology.channels[channel].from];
    if (sender.id === source) return true;
    const paths = sender.inputs.filter((c) => carries(topology.channels[c].from, source));
    return paths.length === 1 && singlePath(paths[0], source);
  };
  const sequence = (state: SimState, channel: number): StreamElement[] =>
    state.channels[channel].queue.map((q) => q.element);
  const lastIndex = new Map<string, number>();

  return {
    tick(prev, next, events) {
      const reset = events.some((e) => e.type === 'TasksCanceled' || e.type === 'StateRestored');
      if (reset) lastIndex.clear();
      for (const info of topology.channels) {
        const queue = next.channels[info.index].queue;
        for (let i = 1; i < queue.length; i++) {
          if (queue[i].at < queue[i - 1].at) {
            throw new InvariantViolation(next.tick, `${info.id}: an element overtakes another`);
          }
        }
        const before = reset ? [] : sequence(prev, info.index).map(elementKey);
        const after = sequence(next, info.index);
        const afterKeys = after.map(elementKey);
        const present = new Set(afterKeys);
        if (present.size !== afterKeys.length) {
          throw new InvariantViolation(next.tick, `${info.id}: an element is in it twice`);
        }
        let first = before.findIndex((k) => present.has(k));
        if (first < 0) first = before.length;
        const survivors = before.slice(first);
        survivors.forEach((k, i) => {
          if (afterKeys[i] !== k) {
            throw new InvariantViolation(
              next.tick,
              `${info.id}: elements left out of order or were lost (${before.join(' ')} -> ${afterKeys.join(' ')})`,
            );
          }
        });
        for (const el of after.slice(survivors.length)) {
          if (el.kind !== 'record' || !singlePath(info.index, el.origin.task)) continue;
          const key = `${info.index}|${el.origin.task}`;
          const last = lastIndex.get(key) ?? -1;
          if (el.origin.index <= last) {
            throw new InvariantViolation(
              next.tick,
              `${info.id}: record ${el.origin.index} of ${el.origin.task} sent after record ${last}`,
            );
          }
          lastIndex.set(key, el.origin.index);
        }
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Checkpoints and restores

/**
 * A checkpoint ends once (COMPLETED or FAILED, never again IN_PROGRESS or the other), completes
 * only when every task acknowledged it, checkpoints complete in increasing id order (savepoints
 * are never subsumed, so they may complete after a newer checkpoint), and a restart restores the
 * latest completed checkpoint (or, with preferCheckpointForRecovery off, the latest completed of
 * checkpoints and savepoints), never one that did not complete, with exactly its snapshots.
 * A job that finished or failed has no checkpoint in progress and nothing in flight: its
 * coordinator shut down with it.
 */
export function checkpointLifecycle(scenario: Scenario): TickObserver {
  const topology = topologyOf(scenario);
  let lastCompleted = 0;
  return {
    tick(prev, next, events) {
      if (next.job.status === 'FINISHED' || next.job.status === 'FAILED') {
        const pending = next.checkpoints.filter((c) => c.status === 'IN_PROGRESS');
        const moving =
          next.channels.some((c) => c.queue.length > 0) ||
          next.messages.length > 0 ||
          next.writes.length > 0;
        if (pending.length > 0 || moving) {
          throw new InvariantViolation(
            next.tick,
            `the job is ${next.job.status} with checkpoints ${pending.map((c) => c.id).join(', ') || 'none'} in progress${moving ? ' and elements or messages in flight' : ''}`,
          );
        }
      }
      const before = new Map(prev.checkpoints.map((c) => [c.id, c]));
      for (const c of next.checkpoints) {
        const b = before.get(c.id);
        if (b && b.status !== 'IN_PROGRESS' && b.status !== c.status) {
          throw new InvariantViolation(
            next.tick,
            `checkpoint ${c.id} went from ${b.status} to ${c.status}`,
          );
        }
      }
      for (const e of events) {
        if (e.type === 'CheckpointCompleted') {
          const c = next.checkpoints.find((x) => x.id === e.checkpoint);
          if (c?.status !== 'COMPLETED') {
            throw new InvariantViolation(next.tick, `checkpoint ${e.checkpoint} completed twice`);
          }
          const missing = topology.tasks
            .filter((t) => typeof c.acks[t.index] !== 'number')
            .map((t) => t.id);
          if (missing.length > 0) {
            throw new InvariantViolation(
              next.tick,
              `checkpoint ${c.id} completed without the acks of ${missing.join(', ')}`,
            );
          }
          if (e.kind === 'checkpoint') {
            if (e.checkpoint <= lastCompleted) {
              throw new InvariantViolation(
                next.tick,
                `checkpoint ${e.checkpoint} completed after checkpoint ${lastCompleted}`,
              );
            }
            lastCompleted = e.checkpoint;
          }
        }
        if (e.type === 'JobRestarted') checkRecoveryPoint(scenario, prev, next.tick, e.checkpoint);
        if (e.type === 'StateRestored') {
          const info = topology.tasks[topology.taskIndex.get(e.task)!];
          const snapshot =
            e.checkpoint === null
              ? emptyOperatorState(info)
              : prev.checkpoints.find((c) => c.id === e.checkpoint)?.snapshots[info.index];
          if (snapshot && JSON.stringify(snapshot) !== JSON.stringify(e.state)) {
            throw new InvariantViolation(
              next.tick,
              `${e.task} restored ${JSON.stringify(e.state)}, its snapshot in ${e.checkpoint} is ${JSON.stringify(snapshot)}`,
            );
          }
        }
      }
    },
  };
}

function checkRecoveryPoint(
  scenario: Scenario,
  prev: SimState,
  tick: number,
  restored: number | null,
): void {
  if (restored !== null) {
    const c = prev.checkpoints.find((x) => x.id === restored);
    if (c?.status !== 'COMPLETED') {
      throw new InvariantViolation(
        tick,
        `the job restored checkpoint ${restored}, which is ${c?.status ?? 'unknown'}`,
      );
    }
  }
  const prefer = scenario.checkpoint.preferCheckpointForRecovery;
  const candidates = prev.checkpoints
    .filter((c) => c.status === 'COMPLETED' && (c.kind === 'checkpoint' || !prefer))
    .map((c) => c.id);
  const latest = candidates.length > 0 ? Math.max(...candidates) : null;
  if (restored !== latest) {
    throw new InvariantViolation(
      tick,
      `the job restored ${restored ?? 'nothing'}, the latest completed is ${latest ?? 'none'}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Consistent cuts and duplicates

/**
 * Every completed checkpoint is a cut of the sources: each sum's and sink's snapshotted account
 * holds exactly the records before the snapshotted source offsets, as many times as the graph
 * delivers them, and nothing read after them; each snapshotted sum equals what those records add
 * up to. At-least-once snapshots hold at least the records before the cut. Needs `ledgers` to
 * have seen the tick first.
 */
export function consistentCuts(
  scenario: Scenario,
  model: GraphModel,
  ledgers: LedgerTracker,
): TickObserver {
  const aligned = alignedMode(scenario);
  const topology = topologyOf(scenario);
  return {
    tick(_prev, next, events) {
      for (const e of events) {
        if (e.type !== 'CheckpointCompleted') continue;
        const record = next.checkpoints.find((c) => c.id === e.checkpoint)!;
        const cut = new Map<string, number>();
        for (const info of topology.tasks) {
          const s = record.snapshots[info.index];
          if (s?.kind === 'source') cut.set(info.id, s.offset);
        }
        const expected = model.ledgers(cut);
        for (const op of model.stateful) {
          const actual = ledgers.operatorLedger(op.id, op.parallelism, e.checkpoint);
          const want = expected.get(op.id)!;
          const problem = aligned
            ? describeLedgerDifference(actual, want)
            : describeMissing(actual, want);
          if (problem) {
            throw new InvariantViolation(
              next.tick,
              `${e.kind} ${e.checkpoint} is not a consistent cut at ${op.id}: ${problem}`,
            );
          }
        }
        if (!aligned) continue;
        for (const [operator, want] of model.sums(cut)) {
          const op = model.operators.find((o) => o.id === operator)!;
          let sum = 0;
          const byKey: Record<string, number> = {};
          for (let k = 0; k < op.parallelism; k++) {
            const s = record.snapshots[topology.taskIndex.get(`${operator}#${k}`)!];
            if (s?.kind !== 'sum') continue;
            sum += s.sum;
            for (const [key, v] of Object.entries(s.byKey ?? {}))
              byKey[key] = (byKey[key] ?? 0) + v;
          }
          if (sum !== want.sum || (want.byKey && !sameTotals(byKey, want.byKey))) {
            throw new InvariantViolation(
              next.tick,
              `${e.kind} ${e.checkpoint}: ${operator} snapshotted ${sum} ${JSON.stringify(byKey)}, the records before the cut add up to ${want.sum} ${JSON.stringify(want.byKey)}`,
            );
          }
        }
      }
    },
  };
}

function sameTotals(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? 0) === (b[k] ?? 0));
}

/**
 * Exactly-once at every tick: no sum or sink counts a record more often than the graph delivers
 * it, and a two-phase-commit sink never commits a record twice. Needs `ledgers` to have seen the
 * tick first.
 */
export function neverCountedTwice(
  scenario: Scenario,
  model: GraphModel,
  ledgers: LedgerTracker,
): TickObserver {
  const full = model.ledgers();
  const topology = topologyOf(scenario);
  const parallelism = new Map(scenario.operators.map((op) => [op.id, op.parallelism]));
  const expectedOutput = new Map<string, number>();
  for (const [key, n] of model.sinkCounts()) {
    const [sink, , origin] = key.split('|');
    expectedOutput.set(`${sink}|${origin}`, (expectedOutput.get(`${sink}|${origin}`) ?? 0) + n);
  }
  return {
    tick(_prev, next, events) {
      for (const e of events) {
        if (e.type === 'RecordProcessed' && e.applied) {
          const operator = e.task.split('#')[0];
          const key = originKey(e.origin);
          const n = ledgers.operatorLedger(operator, parallelism.get(operator)!).get(key) ?? 0;
          const want = full.get(operator)?.get(key) ?? 0;
          if (n > want) {
            throw new InvariantViolation(
              next.tick,
              `${operator} counts ${key} ${n} times, the graph delivers it ${want} times`,
            );
          }
        }
        if (e.type === 'SinkCommitted') {
          const operator = e.task.split('#')[0];
          const counts = new Map<string, number>();
          for (const info of topology.tasks) {
            if (info.operator.id !== operator) continue;
            for (const r of next.tasks[info.index].output) {
              const key = `${operator}|${originKey(r.origin)}`;
              counts.set(key, (counts.get(key) ?? 0) + 1);
            }
          }
          for (const [key, n] of counts) {
            if (n > (expectedOutput.get(key) ?? 0)) {
              throw new InvariantViolation(
                next.tick,
                `two-phase-commit sink committed ${key} ${n} times, the graph delivers it ${expectedOutput.get(key) ?? 0} times`,
              );
            }
          }
        }
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The end of a run

/** Per `sink|from|origin`: the records the sinks received (the validating sink's count). */
export function sinkOutputCounts(state: SimState): Map<string, number> {
  const topology = topologyOf(state.scenario);
  const counts = new Map<string, number>();
  for (const info of topology.tasks) {
    if (info.operator.kind !== 'sink') continue;
    for (const r of state.tasks[info.index].output) {
      const key = `${info.operator.id}|${r.from.split('#')[0]}|${originKey(r.origin)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

function operatorSums(state: SimState) {
  const topology = topologyOf(state.scenario);
  const sums = new Map<string, { sum: number; byKey: Record<string, number> }>();
  for (const info of topology.tasks) {
    const s = state.tasks[info.index].state;
    if (s.kind !== 'sum') continue;
    const t = sums.get(info.operator.id) ?? { sum: 0, byKey: {} };
    t.sum += s.sum;
    for (const [k, v] of Object.entries(s.byKey ?? {})) t.byKey[k] = (t.byKey[k] ?? 0) + v;
    sums.set(info.operator.id, t);
  }
  return sums;
}

const isTransactional = (scenario: Scenario, sink: string) =>
  scenario.operators.some((o) => o.id === sink && o.kind === 'sink' && o.transactional === true);

/**
 * Exactly-once (aligned, or stop-the-world), checked once the job FINISHED: every sum's state
 * and every two-phase-commit sink's output hold each record exactly as often as the graph
 * delivers it, so they equal the failure-free run; a non-transactional sink loses nothing, and
 * shows duplicates only after a replay. judge() must say the same.
 */
export function checkExactlyOnce(
  run: ObservedRun,
  model: GraphModel,
  ledgers: LedgerTracker,
  truth: GroundTruth,
): void {
  const { state } = run;
  if (state.job.status !== 'FINISHED') return;
  const tick = state.tick;
  const scenario = state.scenario;
  const full = model.ledgers();
  for (const op of model.stateful) {
    const problem = describeLedgerDifference(
      ledgers.operatorLedger(op.id, op.parallelism),
      full.get(op.id)!,
    );
    if (problem)
      throw new InvariantViolation(tick, `${op.id} does not count every record once: ${problem}`);
  }
  const sums = operatorSums(state);
  for (const [operator, want] of model.sums()) {
    const got = sums.get(operator) ?? { sum: 0, byKey: {} };
    if (got.sum !== want.sum || (want.byKey && !sameTotals(got.byKey, want.byKey))) {
      throw new InvariantViolation(
        tick,
        `${operator} ends at ${got.sum} ${JSON.stringify(got.byKey)}, the graph gives ${want.sum} ${JSON.stringify(want.byKey)}`,
      );
    }
  }
  const expected = model.sinkCounts();
  const received = sinkOutputCounts(state);
  for (const [key, want] of expected) {
    const got = received.get(key) ?? 0;
    const sink = key.split('|')[0];
    const exact = isTransactional(scenario, sink) || state.job.restarts === 0;
    if (got < want || (exact && got !== want)) {
      throw new InvariantViolation(tick, `sink output ${key}: ${got} records, expected ${want}`);
    }
  }
  for (const key of received.keys()) {
    if (!expected.has(key)) throw new InvariantViolation(tick, `sink output ${key} from nowhere`);
  }

  if (truth.state.job.status !== 'FINISHED') return;
  const verdict = judge(run, truth);
  const dupSinks = verdict.sinkDuplicates.filter((d) => isTransactional(scenario, d.sink));
  if (
    !verdict.final ||
    !verdict.stateExactlyOnce ||
    verdict.duplicates.length > 0 ||
    verdict.lost.length > 0 ||
    verdict.sinkLost.length > 0 ||
    dupSinks.length > 0
  ) {
    throw new InvariantViolation(
      tick,
      `judge() finds exactly-once broken: ${JSON.stringify(verdict)}`,
    );
  }
}

/**
 * At-least-once, checked once the job FINISHED: nothing is lost in any sum or sink; duplicates
 * are allowed, and judge()'s report of them equals what a validating sink and the per-record
 * account count independently; each sum is off by exactly the values of its duplicates.
 */
export function checkAtLeastOnce(
  run: ObservedRun,
  model: GraphModel,
  ledgers: LedgerTracker,
  truth: GroundTruth,
): void {
  const { state } = run;
  if (state.job.status !== 'FINISHED') return;
  const tick = state.tick;
  const full = model.ledgers();
  const records = new Map(model.records().map((r) => [originKey(r.origin), r]));
  const myDuplicates: string[] = [];
  for (const op of model.stateful) {
    const live = ledgers.operatorLedger(op.id, op.parallelism);
    const want = full.get(op.id)!;
    const missing = describeMissing(live, want);
    if (missing) throw new InvariantViolation(tick, `${op.id} lost a record: ${missing}`);
    if (op.kind !== 'sum') continue;
    let extra = 0;
    let arithmetic = true;
    for (const [key, n] of live) {
      const w = want.get(key) ?? 0;
      if (n <= w) continue;
      myDuplicates.push(`${op.id}|${key}|${n}`);
      const record = records.get(key)!;
      const applied = model.appliedValue(op.id, record.operator, record.origin.value);
      if (applied === null) arithmetic = false;
      else extra += (n - w) * applied;
    }
    const got = operatorSums(state).get(op.id)?.sum ?? 0;
    const expectedSum = model.sums().get(op.id)!.sum;
    if (arithmetic && got - expectedSum !== extra) {
      throw new InvariantViolation(
        tick,
        `${op.id} ends at ${got}: ${got - expectedSum} over the graph's ${expectedSum}, its duplicates add ${extra}`,
      );
    }
  }
  const expected = model.sinkCounts();
  const received = sinkOutputCounts(state);
  const validatingDuplicates: string[] = [];
  for (const [key, want] of expected) {
    const got = received.get(key) ?? 0;
    if (got < want)
      throw new InvariantViolation(tick, `sink output ${key} lost: ${got} of ${want}`);
    if (got > want) validatingDuplicates.push(`${key}|${got}`);
  }
  for (const key of received.keys()) {
    if (!expected.has(key)) throw new InvariantViolation(tick, `sink output ${key} from nowhere`);
  }

  if (truth.state.job.status !== 'FINISHED') return;
  const verdict = judge(run, truth);
  if (verdict.lost.length > 0 || verdict.sinkLost.length > 0) {
    throw new InvariantViolation(tick, `judge() reports lost records: ${JSON.stringify(verdict)}`);
  }
  const judged = verdict.sinkDuplicates
    .map((d) => `${d.sink}|${d.from}|${originKey(d.origin)}|${d.count}`)
    .sort();
  if (JSON.stringify(judged) !== JSON.stringify(validatingDuplicates.sort())) {
    throw new InvariantViolation(
      tick,
      `judge() reports sink duplicates ${JSON.stringify(judged)}, the validating sink counts ${JSON.stringify(validatingDuplicates)}`,
    );
  }
  const judgedState = verdict.duplicates
    .map((d) => `${d.operator}|${originKey(d.origin)}|${d.count}`)
    .sort();
  if (JSON.stringify(judgedState) !== JSON.stringify(myDuplicates.sort())) {
    throw new InvariantViolation(
      tick,
      `judge() reports state duplicates ${JSON.stringify(judgedState)}, the per-record account counts ${JSON.stringify(myDuplicates)}`,
    );
  }
}
