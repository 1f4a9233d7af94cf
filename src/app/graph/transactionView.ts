import type { TaskState, TransactionAbort, TransactionState } from '../../engine';
import type { LocalText } from '../i18n';

/** One transaction of a two-phase-commit sink subtask as the graph and the inspector show it. */
export interface TransactionRow {
  /** KafkaSink's transactional id, as the broker knows it. */
  id: string;
  state: TransactionState;
  /** The records written into it so far. */
  records: number;
  /** The checkpoint that pre-committed it; null while it is open. */
  checkpoint: number | null;
  abort: TransactionAbort | null;
}

export interface SinkTransactions {
  /** The open transaction, or else the newest one pre-committed and waiting for its commit. */
  current: TransactionRow | null;
  /** Pre-committed transactions waiting for their commit, other than `current`, oldest first. */
  waiting: TransactionRow[];
  committed: number;
  /** Every transaction the sink began, oldest first. */
  all: TransactionRow[];
}

/**
 * A sink subtask's transactions as the broker keeps them. The broker holds an open transaction's
 * records as they are written (the topic); without a topic, the open records are those the
 * sink's state holds. Pure.
 */
export function sinkTransactions(task: TaskState): SinkTransactions {
  const openRecords = (index: number) => {
    const inTopic = task.topic.filter((r) => r.txn === index).length;
    if (inTopic > 0 || task.topic.length > 0) return inTopic;
    return task.state.kind === 'sink' ? task.state.open.length : 0;
  };
  const all = task.transactions.map((txn, index): TransactionRow => ({
    id: txn.id,
    state: txn.state,
    records: txn.state === 'open' ? openRecords(index) : txn.records.length,
    checkpoint: txn.checkpoint,
    abort: txn.abort,
  }));
  const pending = task.pendingTxns
    .map((index) => all[index])
    .filter((row): row is TransactionRow => row?.state === 'pre-committed');
  const open = task.openTxn === null ? null : (all[task.openTxn] ?? null);
  const current = open ?? pending[pending.length - 1] ?? null;
  return {
    current,
    waiting: pending.filter((row) => row !== current),
    committed: all.filter((row) => row.state === 'committed').length,
    all,
  };
}

export const TRANSACTION_STATE: Record<TransactionState, LocalText> = {
  open: { en: 'open', zh: '进行中' },
  'pre-committed': { en: 'pre-committed', zh: '已预提交' },
  committed: { en: 'committed', zh: '已提交' },
  aborted: { en: 'aborted', zh: '已中止' },
};

export function recordCount(n: number): LocalText {
  return { en: `${n} ${n === 1 ? 'record' : 'records'}`, zh: `${n} 条` };
}
