import { topologyOf } from './topology';
import type {
  Isolation,
  SimState,
  SinkSpec,
  TopicRecord,
  TransactionAbort,
  TransactionState,
} from './types';

/** One record of a topic as a reader of it is shown it: with its transaction and that one's state. */
export interface TopicEntry {
  value: number;
  /** The sink subtask that wrote it. */
  task: string;
  /** The source record it came from. */
  origin: TopicRecord['origin'];
  /** The operator that sent it to the sink. */
  from: string;
  /** The tick it was written to the topic. */
  tick: number;
  /** Its transactional id, null for a write outside transactions (an at-least-once sink). */
  transaction: string | null;
  /** Its transaction's state; `written` for a write outside transactions. */
  state: TransactionState | 'written';
  /** Why its transaction was aborted, when it was. */
  abort: TransactionAbort | null;
  /** Emitted again after a restore. */
  replay: boolean;
}

/** A Kafka-like topic a sink operator writes into. */
export interface TopicView {
  name: string;
  /** The sink operator that writes it. */
  sink: string;
  transactional: boolean;
  /** Every record written, in the order the broker appended them. */
  records: TopicEntry[];
}

/** The sink operators that write into a topic, with the topic's name. */
export function topicSinks(state: Pick<SimState, 'scenario'>): SinkSpec[] {
  return state.scenario.operators.filter(
    (op): op is SinkSpec => op.kind === 'sink' && op.topic !== undefined,
  );
}

/**
 * The topics of a state: per sink operator with a `topic`, what its subtasks wrote, in the order
 * written (by tick, then by subtask, then in the order each wrote them). Pure.
 */
export function topicsOf(state: SimState): TopicView[] {
  const topology = topologyOf(state.scenario);
  return topicSinks(state).map((op) => {
    const records: TopicEntry[] = [];
    const tasks = topology.tasks.filter((t) => t.operator.id === op.id);
    const lists = tasks.map((info) => {
      const task = state.tasks[info.index];
      return task.topic.map((r) => {
        const txn = r.txn === null ? null : task.transactions[r.txn];
        const entry: TopicEntry = {
          value: r.value,
          task: info.id,
          origin: r.origin,
          from: r.from,
          tick: r.tick,
          transaction: txn?.id ?? null,
          state: txn?.state ?? 'written',
          abort: txn?.abort ?? null,
          replay: r.replay,
        };
        return entry;
      });
    });
    // A merge by tick of lists that are each in tick order.
    const at = lists.map(() => 0);
    for (;;) {
      let best = -1;
      for (let k = 0; k < lists.length; k++) {
        if (at[k] >= lists[k].length) continue;
        if (best < 0 || lists[k][at[k]].tick < lists[best][at[best]].tick) best = k;
      }
      if (best < 0) break;
      records.push(lists[best][at[best]++]);
    }
    return { name: op.topic!, sink: op.id, transactional: op.transactional === true, records };
  });
}

/**
 * What a consumer of the topic has read by now, in order. `read_uncommitted` reads every record
 * as soon as it is written, of transactions later aborted too. `read_committed` reads up to the
 * last stable offset: it skips records of aborted transactions, and stops at the first record of
 * a transaction still open or pre-committed, whatever comes after it, until that one ends. Pure.
 */
export function consumed(topic: TopicView, isolation: Isolation): TopicEntry[] {
  if (isolation === 'read_uncommitted') return topic.records;
  const seen: TopicEntry[] = [];
  for (const r of topic.records) {
    if (r.state === 'open' || r.state === 'pre-committed') break;
    if (r.state === 'aborted') continue;
    seen.push(r);
  }
  return seen;
}

export const ISOLATIONS: readonly Isolation[] = ['read_uncommitted', 'read_committed'];

/**
 * Why a consumer missed an output record: its transaction outlived the transaction timeout and
 * the broker aborted it though its checkpoint completed (transaction-timeout); it is still in a
 * transaction not committed yet, or never committed because the job failed or ended first
 * (not-committed); the broker aborted it for another reason and it was never written again
 * (aborted); or no copy of it was ever written (not-written).
 */
export type MissedCause = 'transaction-timeout' | 'not-committed' | 'aborted' | 'not-written';

/**
 * Why a consumer read an output record more than once: a copy of it is in a transaction that was
 * aborted, which a read_uncommitted reader reads all the same (aborted-transaction); or it was
 * written again outside transactions after a replay, as an at-least-once sink does (replayed).
 */
export type TwiceCause = 'aborted-transaction' | 'replayed';

export interface ConsumerRecord {
  /** The operator that sent it to the sink. */
  from: string;
  origin: TopicRecord['origin'];
  value: number;
  /** How often the consumer read it, and how often the failure-free run writes it. */
  seen: number;
  expected: number;
}

export interface ConsumerAccount {
  topic: string;
  isolation: Isolation;
  /** Records read more often than the failure-free run writes them. */
  duplicates: (ConsumerRecord & { cause: TwiceCause })[];
  /** Records read less often than the failure-free run writes them. */
  lost: (ConsumerRecord & { cause: MissedCause })[];
}

const keyOf = (
  r: { from: string; origin: TopicRecord['origin'] },
  operatorOf: (task: string) => string,
) => `${operatorOf(r.from)}|${r.origin.task}@${r.origin.index}`;

/**
 * Each consumer of each topic of `run`, against what the failure-free run `truth` writes into
 * the same topic (every record of it, all committed): which records it read twice and why, and
 * which it missed and why. Records are matched by the source record they came from and the
 * operator that sent them, as the sinks' account matches them. Pure.
 */
export function judgeConsumers(run: SimState, truth: SimState): ConsumerAccount[] {
  const topology = topologyOf(run.scenario);
  const operatorOf = (task: string) => {
    const index = topology.taskIndex.get(task);
    return index === undefined ? task.split('#')[0] : topology.tasks[index].operator.id;
  };
  const expectedTopics = new Map(topicsOf(truth).map((t) => [t.sink, t]));
  const accounts: ConsumerAccount[] = [];
  for (const topic of topicsOf(run)) {
    const wanted = new Map<string, { record: TopicEntry; count: number }>();
    for (const r of expectedTopics.get(topic.sink)?.records ?? []) {
      if (r.state === 'aborted') continue;
      const key = keyOf(r, operatorOf);
      const entry = wanted.get(key);
      if (entry) entry.count++;
      else wanted.set(key, { record: r, count: 1 });
    }
    const copies = new Map<string, TopicEntry[]>();
    for (const r of topic.records) {
      const key = keyOf(r, operatorOf);
      const list = copies.get(key);
      if (list) list.push(r);
      else copies.set(key, [r]);
    }
    for (const isolation of ISOLATIONS) {
      const seen = new Map<string, { record: TopicEntry; count: number }>();
      for (const r of consumed(topic, isolation)) {
        const key = keyOf(r, operatorOf);
        const entry = seen.get(key);
        if (entry) entry.count++;
        else seen.set(key, { record: r, count: 1 });
      }
      const duplicates: ConsumerAccount['duplicates'] = [];
      const lost: ConsumerAccount['lost'] = [];
      for (const [key, { record, count }] of seen) {
        const expected = wanted.get(key)?.count ?? 0;
        if (count <= expected) continue;
        const inAborted = (copies.get(key) ?? []).some((r) => r.state === 'aborted');
        duplicates.push({
          ...describe(record, operatorOf),
          seen: count,
          expected,
          cause: inAborted && isolation === 'read_uncommitted' ? 'aborted-transaction' : 'replayed',
        });
      }
      for (const [key, { record, count }] of wanted) {
        const got = seen.get(key)?.count ?? 0;
        if (got >= count) continue;
        lost.push({
          ...describe(record, operatorOf),
          seen: got,
          expected: count,
          cause: missedCause(copies.get(key) ?? []),
        });
      }
      accounts.push({ topic: topic.name, isolation, duplicates, lost });
    }
  }
  return accounts;
}

function describe(r: TopicEntry, operatorOf: (task: string) => string) {
  return { from: operatorOf(r.from), origin: r.origin, value: r.value };
}

function missedCause(copies: readonly TopicEntry[]): MissedCause {
  if (copies.length === 0) return 'not-written';
  if (copies.some((r) => r.abort === 'timeout')) return 'transaction-timeout';
  if (copies.some((r) => r.state === 'open' || r.state === 'pre-committed')) return 'not-committed';
  if (copies.some((r) => r.abort === 'job-end')) return 'not-committed';
  return 'aborted';
}
