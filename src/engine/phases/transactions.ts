import type { TickDraft } from '../draft';
import type { TaskInfo } from '../topology';
import type { BrokerTransaction, SinkSpec, TaskState, TransactionAbort } from '../types';

/**
 * `transaction.timeout.ms` when a sink sets none: KafkaSinkBuilder sets 1 h
 * (DEFAULT_KAFKA_TRANSACTION_TIMEOUT), not Kafka's producer default of 60 s.
 */
export const DEFAULT_TRANSACTION_TIMEOUT_MS = 3_600_000;

function sinkSpec(info: TaskInfo): SinkSpec | null {
  return info.operator.kind === 'sink' ? info.operator : null;
}

/** Rewrites transaction `txn` of task `t` on the broker; it leaves the pending list when it ends. */
function setTransaction(t: TaskState, txn: number, patch: Partial<BrokerTransaction>): void {
  const next = { ...t.transactions[txn], ...patch };
  t.transactions = t.transactions.slice();
  t.transactions[txn] = next;
  if (next.state === 'committed' || next.state === 'aborted') {
    t.pendingTxns = t.pendingTxns.filter((k) => k !== txn);
  }
}

/**
 * The open transaction of a two-phase-commit sink task, begun with its first record since the
 * last pre-commit. Named as KafkaSink names it: the prefix, the subtask and the checkpoint it is
 * meant to be committed with (the one after the last the task saw). Returns its index.
 */
export function openTransaction(d: TickDraft, info: TaskInfo, t: TaskState): number {
  if (t.openTxn !== null) return t.openTxn;
  const prefix = sinkSpec(info)?.transactionalIdPrefix ?? info.operator.id;
  const id = `${prefix}-${info.subtask}-${t.lastBarrier + 1}`;
  const index = t.transactions.length;
  t.transactions = t.transactions.concat([
    {
      id,
      state: 'open',
      checkpoint: null,
      startTick: d.tick,
      endTick: null,
      abort: null,
      records: [],
    },
  ]);
  t.pendingTxns = t.pendingTxns.concat([index]);
  t.openTxn = index;
  d.emit({ type: 'TransactionBegun', task: info.id, transaction: id });
  return index;
}

/** The sink's snapshot of checkpoint N pre-commits (flushes) its open transaction. */
export function preCommit(d: TickDraft, task: number, checkpoint: number): void {
  const t = d.task(task);
  const txn = t.openTxn;
  if (txn === null || t.state.kind !== 'sink') return;
  const records = t.state.open;
  setTransaction(t, txn, { state: 'pre-committed', checkpoint, records });
  t.openTxn = null;
  d.emit({
    type: 'TransactionPreCommitted',
    task: d.topology.tasks[task].id,
    transaction: t.transactions[txn].id,
    checkpoint,
    records: records.length,
  });
}

/** Whether the broker still lets transaction `txn` commit (it was not aborted). */
export function committable(t: TaskState, txn: number | undefined): boolean {
  return txn === undefined || t.transactions[txn]?.state !== 'aborted';
}

export function markCommitted(d: TickDraft, task: number, txn: number | undefined): void {
  if (txn === undefined) return;
  const t = d.task(task);
  if (t.transactions[txn].state === 'committed') return;
  setTransaction(t, txn, { state: 'committed', endTick: d.tick });
}

/** The broker aborts transaction `txn` of a task. */
export function abortTransaction(
  d: TickDraft,
  task: number,
  txn: number,
  reason: TransactionAbort,
  records = d.state.tasks[task].transactions[txn].records,
): void {
  const t = d.task(task);
  const before = t.transactions[txn];
  if (before.state === 'committed' || before.state === 'aborted') return;
  setTransaction(t, txn, { state: 'aborted', endTick: d.tick, abort: reason, records });
  if (t.openTxn === txn) t.openTxn = null;
  const completed =
    before.checkpoint !== null &&
    d.findCheckpoint(before.checkpoint)?.status === 'COMPLETED' &&
    d.findCheckpoint(before.checkpoint)?.kind !== 'savepoint'
      ? before.checkpoint
      : null;
  d.emit({
    type: 'TransactionAborted',
    task: d.topology.tasks[task].id,
    transaction: before.id,
    why: reason,
    records: records.length,
    completedCheckpoint: completed,
  });
}

/** Aborts every transaction of a task still open or pre-committed. */
export function abortPending(d: TickDraft, task: number, reason: TransactionAbort): void {
  const t = d.state.tasks[task];
  if (t.pendingTxns.length === 0) return;
  const open = t.state.kind === 'sink' ? t.state.open : [];
  for (const txn of t.pendingTxns.slice()) {
    abortTransaction(d, task, txn, reason, txn === t.openTxn ? open : undefined);
  }
}

/** The open transaction of a task, aborted as the task fails (its producer closes). */
export function abortOpen(d: TickDraft, task: number): void {
  const t = d.state.tasks[task];
  if (t.openTxn === null) return;
  const open = t.state.kind === 'sink' ? t.state.open : [];
  abortTransaction(d, task, t.openTxn, 'failover', open);
}

/**
 * The broker's side of a tick: it aborts every transaction older than its sink's transaction
 * timeout that was not committed, while the job runs and while it is down. A sink whose open
 * transaction was aborted cannot write on (its producer is fenced): the caller fails it.
 * Returns the task whose open transaction timed out, if one did.
 */
export function expireTransactions(d: TickDraft): { task: number; transaction: string } | null {
  let fenced: { task: number; transaction: string } | null = null;
  // Asked in every tick, while only a sink opens transactions (and a restart keeps its own).
  for (const index of d.topology.sinks) {
    const info = d.topology.tasks[index];
    const t = d.state.tasks[index];
    if (t.pendingTxns.length === 0) continue;
    const spec = sinkSpec(info);
    const timeout = d.ticks(spec?.transactionTimeoutMs ?? DEFAULT_TRANSACTION_TIMEOUT_MS);
    for (const txn of t.pendingTxns) {
      const record = t.transactions[txn];
      if (d.tick - record.startTick < timeout) continue;
      const open = txn === t.openTxn;
      abortTransaction(
        d,
        info.index,
        txn,
        'timeout',
        open && t.state.kind === 'sink' ? t.state.open : undefined,
      );
      if (open && fenced === null) fenced = { task: info.index, transaction: record.id };
    }
  }
  return fenced;
}

/**
 * A two-phase-commit sink makes every pre-committed transaction up to N visible, once: the
 * notification of N commits the earlier ones too, when theirs came late or never. A transaction
 * the broker already aborted (it outlived the transaction timeout) cannot commit: its records
 * are lost, and the job goes on, as KafkaSink's committer only warns of it.
 */
export function commitTransactions(d: TickDraft, task: number, upTo: number): void {
  const t = d.task(task);
  if (t.state.kind !== 'sink') return;
  const id = d.topology.tasks[task].id;
  const remaining = [];
  for (const txn of t.state.precommitted) {
    if (txn.checkpoint > upTo) {
      remaining.push(txn);
      continue;
    }
    if (!committable(t, txn.txn)) {
      if (!t.committed.includes(txn.checkpoint)) {
        d.emit({
          type: 'TransactionLost',
          task: id,
          transaction: t.transactions[txn.txn!].id,
          checkpoint: txn.checkpoint,
          records: txn.records.length,
        });
      }
      continue;
    }
    markCommitted(d, task, txn.txn);
    if (!t.committed.includes(txn.checkpoint)) {
      d.appendOutput(t, txn.records);
      t.committed = [...t.committed, txn.checkpoint];
      d.emit({
        type: 'SinkCommitted',
        task: id,
        checkpoint: txn.checkpoint,
        records: txn.records.length,
      });
    }
  }
  t.state = { ...t.state, precommitted: remaining };
}
