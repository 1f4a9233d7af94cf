import { WorkingSet } from './draft';
import type { SimEvent, SimEventType } from './events';
import { DEFAULT_TICK_LIMIT } from './run';
import { createInitialState } from './start';
import { isTerminal, step, type StepOptions } from './step';
import { judgeConsumers, type ConsumerAccount } from './topic';
import { sourceInput, topologyOf, type TaskInfo } from './topology';
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
  /** Per topic and consumer: output records it read twice or missed, and why. */
  consumers: ConsumerAccount[];
}

const originKey = (o: Origin) => `${o.task}@${o.index}`;

type Ledger = Map<string, { origin: Origin; count: number }>;

/** The types of event the per-record account reads; a run stepped for judging makes no others. */
export const ACCOUNT_EVENTS: ReadonlySet<SimEventType> = new Set<SimEventType>([
  'RecordProcessed',
  'SnapshotTaken',
  'TasksCanceled',
  'StateRestored',
]);

/** Stepping options of a run whose only reader is the account, which counts applied records. */
export const ACCOUNTING: StepOptions = { events: ACCOUNT_EVENTS, appliedRecordsOnly: true };

/**
 * A stretch of one task's ledger: the records its state counted (one key per count) since the
 * stretch before. Never changed once a snapshot or a later stretch refers to it, so a snapshot
 * keeps the last stretch instead of a copy of the ledger, and a restore shares it again.
 */
interface Stretch {
  readonly before: Stretch | null;
  readonly keys: readonly number[];
}

/** A task's live ledger: the frozen stretches up to its last snapshot, and what it counted since. */
interface LiveLedger {
  base: Stretch | null;
  keys: number[];
}

/**
 * Source subtasks by ordinal, in the order any account first met them: shared by every account,
 * so that the keys of two runs compare. It grows only with the distinct source subtask ids ever
 * judged, a few dozen.
 */
const sourceOrdinals = new Map<string, number>();

/**
 * A key is a source's ordinal times this, plus the record's index: a small integer, which V8
 * keeps unboxed, for the first 512 source subtasks (a scenario has at most 128 tasks), and
 * unique for inputs of fewer than 2^21 values (a scenario holds at most 200,000).
 */
const POSITIONS = 2 ** 21;
const INDEX_MASK = POSITIONS - 1;

/** The source ordinal and the record index a key is made of. */
const sourceOf = (key: number) => Math.floor(key / POSITIONS);
const indexOf = (key: number) => key % POSITIONS;

/**
 * The last few source subtask ids looked up, with their ordinals: records from a handful of
 * sources come interleaved, and comparing the same id strings by identity is faster than
 * hashing one per record.
 */
const recentSources: string[] = [];
const recentOrdinals: number[] = [];
const RECENT = 16;

/** The number that names a source record in the account's ledgers. */
function recordKey(origin: Origin): number {
  if (origin.index > INDEX_MASK) throw new RangeError(`input position ${origin.index} too large`);
  const task = origin.task;
  for (let i = 0; i < recentSources.length; i++) {
    if (recentSources[i] === task) return recentOrdinals[i] * POSITIONS + origin.index;
  }
  let ordinal = sourceOrdinals.get(task);
  if (ordinal === undefined) sourceOrdinals.set(task, (ordinal = sourceOrdinals.size));
  if (recentSources.length === RECENT) {
    recentSources.shift();
    recentOrdinals.shift();
  }
  recentSources.push(task);
  recentOrdinals.push(ordinal);
  return ordinal * POSITIONS + origin.index;
}

/** An Int32Array at least `length` long holding `old`'s first `used` values. */
function grown(old: Int32Array, used: number, length: number): Int32Array {
  let size = Math.max(64, old.length);
  while (size < length) size *= 2;
  if (size === old.length) return old;
  const next = new Int32Array(size);
  next.set(old.subarray(0, used));
  return next;
}

/**
 * A count per record key, with the keys in the order they were first counted: counting is an
 * array access (a table of positions per source), not a hash lookup, and the keys and counts are
 * typed arrays, since judging a long run counts hundreds of thousands of records.
 */
class Tally {
  /** How many distinct keys are counted: positions 0 to size - 1. */
  size = 0;
  private keys: Int32Array = new Int32Array(0);
  private counts: Int32Array = new Int32Array(0);
  /** Per source ordinal, per index: 1 + the key's position in `keys`, or 0. */
  private readonly at: Int32Array[] = [];

  /** Room for `more` keys besides the ones counted, so that counting them allocates nothing. */
  reserve(more: number): void {
    const length = this.size + more;
    if (length <= this.keys.length) return;
    this.keys = grown(this.keys, this.size, length);
    this.counts = grown(this.counts, this.size, length);
  }

  /** Adds `n` to the key's count and returns the key's position. */
  add(key: number, n: number): number {
    const source = sourceOf(key);
    const index = indexOf(key);
    let at = this.at[source];
    if (at === undefined || at.length <= index) at = this.grow(source, index);
    const p = at[index] - 1;
    if (p >= 0) {
      this.counts[p] += n;
      return p;
    }
    const q = this.size;
    if (q === this.keys.length) this.reserve(1);
    this.keys[q] = key;
    this.counts[q] = n;
    this.size = q + 1;
    at[index] = q + 1;
    return q;
  }

  keyAt(p: number): number {
    return this.keys[p];
  }

  countAt(p: number): number {
    return this.counts[p];
  }

  countOf(key: number): number {
    const at = this.at[sourceOf(key)];
    const index = indexOf(key);
    if (at === undefined || at.length <= index || at[index] === 0) return 0;
    return this.counts[at[index] - 1];
  }

  private grow(source: number, index: number): Int32Array {
    const old = this.at[source];
    const at = grown(old ?? new Int32Array(0), old?.length ?? 0, index + 1);
    this.at[source] = at;
    return at;
  }
}

/**
 * Which source records each stateful task's state counts, kept from the run's events as they
 * come: a snapshot keeps the task's ledger, a cancellation clears every ledger, a restore brings
 * the snapshot's ledger back. This is the engine's own per-record account, independent of the
 * sums it explains. Memory grows with the records counted, not with checkpoints times records:
 * a ledger is a chain of stretches that snapshots and restores share, summed when it is read.
 */
export class StateAccount {
  private live = new Map<string, LiveLedger>();
  /** Per task, by checkpoint id, the ledger its snapshot of that checkpoint holds. */
  private readonly saved = new Map<string, (Stretch | null)[]>();
  /** Per source ordinal, its origins by index: the record each key names. */
  private origins: Origin[][] = [];
  /** The task that counted a record last, and its ledger: a task counts its records in a row. */
  private lastTask = '';
  private lastLedger: LiveLedger | null = null;

  /** Reads one tick's events; events of other types than ACCOUNT_EVENTS are passed by. */
  add(events: Iterable<SimEvent>): void {
    for (const e of events) {
      if (e.type === 'RecordProcessed') {
        // Most events of a run: one per record and task, most of them not applied (a run
        // stepped with ACCOUNTING makes only the applied ones).
        if (e.applied) this.counted(e.task, e.origin);
        continue;
      }
      switch (e.type) {
        case 'SnapshotTaken': {
          let snapshots = this.saved.get(e.task);
          if (!snapshots) this.saved.set(e.task, (snapshots = []));
          snapshots[e.checkpoint] = this.freeze(this.ledger(e.task));
          break;
        }
        case 'TasksCanceled':
          this.live = new Map();
          this.lastLedger = null;
          break;
        case 'StateRestored': {
          const base = e.checkpoint === null ? null : this.saved.get(e.task)?.[e.checkpoint];
          this.live.set(e.task, { base: base ?? null, keys: [] });
          this.lastLedger = null;
          break;
        }
        default:
          break;
      }
    }
  }

  /** The tasks whose state counted anything since the job last started, in the order they did. */
  tasks(): IterableIterator<string> {
    return this.live.keys();
  }

  /**
   * Adds the records `task`'s state counts now to `tally`, oldest first, so that records are
   * listed in the order the task first counted them.
   */
  countInto(task: string, tally: Tally): void {
    const live = this.live.get(task);
    if (!live) return;
    const chain: Stretch[] = [];
    for (let s = live.base; s; s = s.before) chain.push(s);
    for (let k = chain.length - 1; k >= 0; k--) for (const key of chain[k].keys) tally.add(key, 1);
    for (const key of live.keys) tally.add(key, 1);
  }

  /** An account whose ledgers are what each task's snapshot of `checkpoint` counts. */
  snapshot(checkpoint: number): StateAccount {
    const taken = new StateAccount();
    for (const [task, snapshots] of this.saved) {
      if (checkpoint in snapshots) taken.live.set(task, { base: snapshots[checkpoint], keys: [] });
    }
    taken.origins = this.origins;
    return taken;
  }

  /**
   * An account that goes on from where this one stands, apart from it: what either counts from
   * now on leaves the other as it is. The ledgers so far are shared, frozen, not copied; so are
   * the origins, since a key names the same record in every run.
   */
  fork(): StateAccount {
    const copy = new StateAccount();
    for (const [task, live] of this.live)
      copy.live.set(task, { base: this.freeze(live), keys: [] });
    for (const [task, snapshots] of this.saved) copy.saved.set(task, snapshots.slice());
    copy.origins = this.origins;
    return copy;
  }

  /** The source record a key names. */
  originOf(key: number): Origin {
    return this.origins[sourceOf(key)][indexOf(key)];
  }

  /** Per task, its ledger by record, as `stateLedgers` gives it. */
  ledgers(): Map<string, Ledger> {
    const all = new Map<string, Ledger>();
    for (const task of this.tasks()) {
      const tally = new Tally();
      this.countInto(task, tally);
      const ledger: Ledger = new Map();
      for (let p = 0; p < tally.size; p++) {
        const origin = this.originOf(tally.keyAt(p));
        ledger.set(originKey(origin), { origin, count: tally.countAt(p) });
      }
      all.set(task, ledger);
    }
    return all;
  }

  private counted(task: string, origin: Origin): void {
    if (task !== this.lastTask || this.lastLedger === null) {
      this.lastTask = task;
      this.lastLedger = this.ledger(task);
    }
    const key = recordKey(origin);
    const origins = (this.origins[sourceOf(key)] ??= []);
    origins[origin.index] ??= origin;
    this.lastLedger.keys.push(key);
  }

  private ledger(task: string): LiveLedger {
    let l = this.live.get(task);
    if (!l) this.live.set(task, (l = { base: null, keys: [] }));
    return l;
  }

  /** Closes the open stretch, so that what a snapshot refers to is never written again. */
  private freeze(live: LiveLedger): Stretch | null {
    if (live.keys.length > 0) {
      live.base = { before: live.base, keys: live.keys };
      live.keys = [];
    }
    return live.base;
  }
}

/**
 * Which source records each stateful task's state counts at the end of `events`: see
 * StateAccount, which keeps the same account as the events come.
 */
export function stateLedgers(events: Iterable<SimEvent>): Map<string, Ledger> {
  const account = new StateAccount();
  account.add(events);
  return account.ledgers();
}

/** What each task's snapshot for `checkpoint` counts, from the same account as stateLedgers. */
export function snapshotLedgers(
  events: Iterable<SimEvent>,
  checkpoint: number,
): Map<string, Ledger> {
  const account = new StateAccount();
  account.add(events);
  return account.snapshot(checkpoint).ledgers();
}

/**
 * The scenario without its failures: what the job computes when nothing goes wrong, with no
 * transaction timing out and no checkpoint expiring. Other checkpoint failures are tolerated
 * without end, since a failover they caused would replay records and show duplicates in the
 * very run meant to have none. A checkpoint slower than its timeout completes here: with
 * checkpoints after tasks finish (FLIP-147) a job whose every checkpoint expires waits for its
 * final checkpoint for ever, and the run meant to show what it computes would never end.
 */
export function failureFree(scenario: Scenario): Scenario {
  return {
    ...scenario,
    // A transaction that times out is a failure too: the intended run commits every one.
    operators: scenario.operators.map((op) =>
      op.kind === 'sink' && op.transactionTimeoutMs !== undefined
        ? { ...op, transactionTimeoutMs: Number.MAX_SAFE_INTEGER }
        : op,
    ),
    checkpoint: {
      ...scenario.checkpoint,
      timeoutMs: Number.MAX_SAFE_INTEGER,
      tolerableFailures: Number.MAX_SAFE_INTEGER,
    },
    actions: scenario.actions.filter(
      (a) =>
        a.type !== 'fail-task' &&
        a.type !== 'fail-backend-write' &&
        a.type !== 'lose-ack' &&
        a.type !== 'fail-sync-snapshot' &&
        a.type !== 'fail-checkpoint-metadata' &&
        a.type !== 'fail-while-restarting' &&
        a.type !== 'resume-from-checkpoint' &&
        a.type !== 'lose-commit-notification' &&
        a.type !== 'delay-commit-notification',
    ),
  };
}

/** The stopping savepoint of a job that finished with it, if it did. */
export function stoppedWith(state: SimState): CheckpointRecord | null {
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

/** The scenario without its stopping savepoints. */
export function withoutStop(scenario: Scenario): Scenario {
  const actions = scenario.actions.filter((a) => a.type !== 'savepoint' || a.stop !== true);
  return { ...scenario, actions };
}

/** Per stateful operator (a sum), the count of each source record its subtasks hold together. */
function* operatorLedgers(
  scenario: Scenario,
  account: StateAccount,
): Generator<number, Map<string, Tally>, void> {
  const topology = topologyOf(scenario);
  const byOperator = new Map<string, Tally>();
  for (const task of account.tasks()) {
    const info = topology.tasks[topology.taskIndex.get(task) ?? -1];
    if (!info || info.operator.kind !== 'sum') continue;
    let merged = byOperator.get(info.operator.id);
    if (!merged) byOperator.set(info.operator.id, (merged = new Tally()));
    account.countInto(task, merged);
    yield 0;
  }
  return byOperator;
}

/** The records one sink operator received from one operator, by key in the order first received. */
interface SinkGroup {
  sink: string;
  from: string;
  tally: Tally;
}

/** A growable list of small integers in a typed array: appending a number allocates nothing. */
class IntList {
  length = 0;
  private items: Int32Array = new Int32Array(0);

  reserve(more: number): void {
    if (this.length + more > this.items.length)
      this.items = grown(this.items, this.length, this.length + more);
  }

  push(value: number): void {
    if (this.length === this.items.length) this.reserve(1);
    this.items[this.length++] = value;
  }

  at(i: number): number {
    return this.items[i];
  }
}

/**
 * Per sink operator and the operator that sent them, how often each source record reached the
 * sink, in the order the sinks first received them. A long run's sinks hold a hundred thousand
 * records, so a record is counted in typed tables, and only the ones a verdict names are read
 * again from the state's outputs and made into objects.
 */
class SinkCounts {
  private readonly groups = new Map<string, SinkGroup>();
  private readonly groupList: SinkGroup[] = [];
  /**
   * The order of first receipt, per distinct record: its group (by place in groupList), its
   * position in the group's tally, and where it was first received (sink task, output index).
   */
  private readonly orderGroups = new IntList();
  private readonly orderPositions = new IntList();
  private readonly firstTasks = new IntList();
  private readonly firstIndexes = new IntList();
  /** The group asked for last by `countIn`: a list is compared in runs of one group. */
  private asked: SinkGroup | undefined = undefined;

  constructor(private readonly state: SimState) {}

  /** Counts the output of one sink task. A plain method: V8 optimises a long loop in a generator less. */
  countTask(info: TaskInfo): void {
    const topology = topologyOf(this.state.scenario);
    const sink = info.operator.id;
    const output = this.state.tasks[info.index].output;
    for (const list of [this.orderGroups, this.orderPositions, this.firstTasks, this.firstIndexes])
      list.reserve(output.length);
    // The senders of a sink task are a few tasks whose records come interleaved: each one's
    // group is found by comparing its id (the same string every time), not by hashing it.
    const senders: string[] = [];
    const senderGroups: number[] = [];
    for (let i = 0; i < output.length; i++) {
      const r = output[i];
      let k = 0;
      while (k < senders.length && senders[k] !== r.from) k++;
      if (k === senders.length) {
        const index = topology.taskIndex.get(r.from);
        const from = index === undefined ? r.from.split('#')[0] : topology.tasks[index].operator.id;
        senders.push(r.from);
        senderGroups.push(this.group(sink, from));
      }
      const g = senderGroups[k];
      const tally = this.groupList[g].tally;
      const size = tally.size;
      const p = tally.add(recordKey(r.origin), 1);
      if (p === size) {
        this.orderGroups.push(g);
        this.orderPositions.push(p);
        this.firstTasks.push(info.index);
        this.firstIndexes.push(i);
      }
    }
  }

  /**
   * The records whose count here and in `other` `pick` accepts, in the order first received here,
   * each with the count `pick` gives it.
   */
  select(other: SinkCounts, pick: (mine: number, theirs: number) => number | null): SinkCount[] {
    const selected: SinkCount[] = [];
    for (let i = 0; i < this.orderGroups.length; i++) {
      const group = this.groupList[this.orderGroups.at(i)];
      const p = this.orderPositions.at(i);
      const count = pick(
        group.tally.countAt(p),
        other.countIn(group.sink, group.from, group.tally.keyAt(p)),
      );
      if (count === null) continue;
      const first = this.state.tasks[this.firstTasks.at(i)].output[this.firstIndexes.at(i)];
      const { sink, from } = group;
      selected.push({ sink, from, origin: first.origin, value: first.value, count });
    }
    return selected;
  }

  private countIn(sink: string, from: string, key: number): number {
    let group = this.asked;
    if (group === undefined || group.sink !== sink || group.from !== from) {
      this.asked = group = this.groups.get(`${sink}|${from}`);
    }
    return group?.tally.countOf(key) ?? 0;
  }

  /** The group's place in groupList. */
  private group(sink: string, from: string): number {
    const name = `${sink}|${from}`;
    let group = this.groups.get(name);
    if (!group) {
      group = { sink, from, tally: new Tally() };
      this.groups.set(name, group);
      this.groupList.push(group);
    }
    return this.groupList.indexOf(group);
  }
}

/** Every sink's output counted (see SinkCounts), yielding after each sink task. */
function* sinkCounts(state: SimState): Generator<number, SinkCounts, void> {
  const counts = new SinkCounts(state);
  for (const info of topologyOf(state.scenario).tasks) {
    if (info.operator.kind !== 'sink') continue;
    counts.countTask(info);
    yield 0;
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

/**
 * A run as judging reads it: its last state, and either its events (only ACCOUNT_EVENTS are read,
 * so an array, or any iterable that makes them as the run steps) or the account kept of them.
 */
export type JudgedRun =
  { state: SimState; events: Iterable<SimEvent> } | { state: SimState; account: StateAccount };

/** The failure-free run, judged against: its last state and its account. */
export type GroundTruth = JudgedRun;

function accountOf(run: JudgedRun): StateAccount {
  if ('account' in run) return run.account;
  const account = new StateAccount();
  account.add(run.events);
  return account;
}

/**
 * Steps a run from `start` until the job finishes or fails (or `limit` is reached), keeping its
 * account and no event list. A generator that yields the tick reached every `chunk` ticks, so
 * that a caller can spread the work over time; it returns the last state. Pure apart from
 * `account`, which it feeds.
 */
export function* accountedRun(
  start: SimState,
  account: StateAccount,
  limit = DEFAULT_TICK_LIMIT,
  chunk = 64,
): Generator<number, SimState, void> {
  let state = start;
  // Only the last state is read: every step may write in place what an earlier one copied.
  const working = new WorkingSet();
  while (state.tick < limit && !isTerminal(state)) {
    const result = step(state, working, ACCOUNTING);
    state = result.state;
    account.add(result.events);
    if (state.tick % chunk === 0) yield state.tick;
  }
  return state;
}

/** Runs a generator to its end and returns what it returns. */
export function drain<T>(steps: Generator<unknown, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The failure-free run of a scenario, stepped to its end in chunks (see accountedRun): its last
 * state and account, with no event list kept.
 */
export function* groundTruthSteps(scenario: Scenario): Generator<number, GroundTruth, void> {
  const account = new StateAccount();
  const state = yield* accountedRun(createInitialState(failureFree(scenario)), account);
  return { state, account };
}

/** Runs the failure-free version of a scenario to its end. */
export function groundTruth(scenario: Scenario): GroundTruth {
  return drain(groundTruthSteps(scenario));
}

/**
 * The run a finished or failed run is judged against, stepped in chunks (see accountedRun): its
 * intended scenario run to its end, with its account and no event list.
 */
export function* intendedTruthSteps(final: SimState): Generator<number, GroundTruth, void> {
  const account = new StateAccount();
  const state = yield* accountedRun(createInitialState(intendedScenario(final)), account);
  return { state, account };
}

/** The run a finished or failed run is judged against: its intended scenario, run to its end. */
export function intendedTruth(final: SimState): GroundTruth {
  return drain(intendedTruthSteps(final));
}

/** Records one ledger counts more often than the other, or less often, per operator. */
function compareLedgers(
  actual: Map<string, Tally>,
  actualAccount: StateAccount,
  expected: Map<string, Tally>,
  expectedAccount: StateAccount,
) {
  const duplicates: RecordCount[] = [];
  const lost: RecordCount[] = [];
  const operators = new Set([...actual.keys(), ...expected.keys()]);
  const none = new Tally();
  for (const operator of operators) {
    const a = actual.get(operator) ?? none;
    const e = expected.get(operator) ?? none;
    for (let p = 0; p < a.size; p++) {
      const key = a.keyAt(p);
      const count = a.countAt(p);
      if (count > e.countOf(key))
        duplicates.push({ operator, origin: actualAccount.originOf(key), count });
    }
    for (let p = 0; p < e.size; p++) {
      const key = e.keyAt(p);
      if (a.countOf(key) < e.countAt(p))
        lost.push({ operator, origin: expectedAccount.originOf(key), count: 0 });
    }
  }
  return { duplicates, lost };
}

/**
 * The part of a resumed job's account that the earlier job wrote: what the savepoint's state
 * counts, against what that job counts when it reads the same input without a failure. Both
 * jobs are deterministic, so the earlier one is run again, up to the savepoint. Operators keep
 * the earlier job's ids. In steps, as judging.
 */
function* judgeSavepoint(state: SimState) {
  const restore = state.scenario.restoreFrom;
  const savepoint = state.restoredFrom?.savepoint;
  if (!restore || !savepoint) return null;
  // Its snapshots were all taken by the time it completed: the run can stop there.
  const earlier = new StateAccount();
  const earlierState = yield* accountedRun(
    createInitialState(restore.job),
    earlier,
    savepoint.completeTick ?? undefined,
  );
  const taken = earlierState.checkpoints.find((c) => c.id === savepoint.id);
  if (!taken || taken.status !== 'COMPLETED') return null;
  const held = earlier.snapshot(savepoint.id);
  const counted = yield* operatorLedgers(restore.job, held);
  const twin = new StateAccount();
  const twinState = yield* accountedRun(
    createInitialState(inputUpTo(withoutStop(failureFree(restore.job)), taken)),
    twin,
  );
  const expected = yield* operatorLedgers(twinState.scenario, twin);
  return {
    job: restore.job.title,
    savepoint: savepoint.id,
    ...compareLedgers(counted, held, expected, twin),
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
export function judge(run: JudgedRun, truth: GroundTruth = intendedTruth(run.state)): Verdict {
  return drain(judging(run, truth));
}

/**
 * judge() in steps: a generator that yields after each task's ledger or output it counts, so
 * that a caller can spread a long run's comparison over time; returns the verdict.
 */
export function* judging(run: JudgedRun, truth: GroundTruth): Generator<number, Verdict, void> {
  const runAccount = accountOf(run);
  const truthAccount = accountOf(truth);
  const actual = yield* operatorLedgers(run.state.scenario, runAccount);
  const expected = yield* operatorLedgers(truth.state.scenario, truthAccount);
  const own = compareLedgers(actual, runAccount, expected, truthAccount);
  const earlier = yield* judgeSavepoint(run.state);
  const duplicates = [...(earlier?.duplicates ?? []), ...own.duplicates];
  const lost = [...(earlier?.lost ?? []), ...own.lost];
  yield 0;
  const got = yield* sinkCounts(run.state);
  const want = yield* sinkCounts(truth.state);
  yield 0;
  const sinkDuplicates = got.select(want, (mine, theirs) => (mine > theirs ? mine : null));
  const sinkLost = want.select(got, (mine, theirs) => (theirs < mine ? theirs : null));
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
    consumers: judgeConsumers(run.state, truth.state),
  };
}
