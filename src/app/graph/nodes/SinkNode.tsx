import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useT } from '../../i18n';
import { describeOperator } from '../describe';
import { textWidth } from '../edges/chips';
import { TITLE_TEXT } from '../floors';
import { SIZE } from '../layout';
import type { OutputView, SinkNode as SinkNodeType } from '../toFlowElements';
import { recordCount, TRANSACTION_STATE, type SinkTransactions } from '../transactionView';
import { AlignmentLine, CheckpointTag, InputRows, TaskFrame, TickBadges } from './parts';

/** The latest outputs that fit on one line of a node this wide, their text `larger` times 15 px. */
function fitting(output: OutputView[], width: number, larger: number): OutputView[] {
  let used = 0;
  let k = output.length;
  while (k > 0) {
    const w = Math.max(24, textWidth(String(output[k - 1].value)) * larger + 12) + 4;
    if (used + w > width) break;
    used += w;
    k--;
  }
  return output.slice(k);
}

/**
 * A two-phase-commit sink's transactions, on rows of their own: the current one (its id, and its
 * state with how many records it holds, beside those pre-committed before it and waiting for
 * their commit), and how many were committed.
 */
function TransactionRows({ view }: { view: SinkTransactions }) {
  const t = useT();
  const current = view.current;
  return (
    <>
      <div className="g-state g-txn-row" style={{ height: SIZE.outputRow }}>
        {current ? (
          <b className="g-txn-id" data-testid="sink-txn">
            {current.id}
          </b>
        ) : (
          <span className="g-label">{t({ en: 'no transaction', zh: '没有事务' })}</span>
        )}
      </div>
      <div className="g-state g-txn-row" style={{ height: SIZE.outputRow }}>
        <span className="g-state-text">
          {current && (
            <span title={t(recordCount(current.records))} data-testid="sink-txn-state">
              <span className={`g-txn-state g-txn-${current.state}`}>
                {t(TRANSACTION_STATE[current.state])}
              </span>{' '}
              <b>{current.records}</b>
            </span>
          )}
          {view.waiting.map((txn) => (
            <span
              key={txn.id}
              className="g-txn"
              title={`${txn.id} ${t(TRANSACTION_STATE[txn.state])} · ${t(recordCount(txn.records))}`}
            >
              {txn.checkpoint !== null && <CheckpointTag id={txn.checkpoint} />} {txn.records}
            </span>
          ))}
        </span>
      </div>
      <div className="g-state g-txn-row" style={{ height: SIZE.outputRow }}>
        <span className="g-state-text" data-testid="sink-committed">
          <span
            className="g-label"
            title={t({ en: 'transactions committed', zh: '已提交的事务数' })}
          >
            {t({ en: 'commits', zh: '已提交事务' })}
          </span>{' '}
          <b>{view.committed}</b>
        </span>
      </div>
    </>
  );
}

/**
 * A sink: what the external system received, replayed outputs dashed and outputs received a
 * second time marked; a two-phase-commit sink also shows what waits for its checkpoint.
 */
function SinkNodeView({ data, selected }: NodeProps<SinkNodeType>) {
  const t = useT();
  // The row's padding and the node's border take their share of the width.
  const inner = data.box.width / data.box.scale - 22;
  const shown = fitting(
    data.output,
    inner,
    data.box.detail === 'compact' ? TITLE_TEXT.compact / TITLE_TEXT.full : 1,
  );
  return (
    <TaskFrame data={data} selected={selected} output={false}>
      <div className="g-state" style={{ height: SIZE.outputRow }}>
        {/* The count and the duplicates whole; where the row has no room for all, the label
            gives way, whole (lesson 6's compact sink: "received 40 · 10 dup." was cut at the
            number of duplicates). The title says it all. */}
        <span
          className="g-state-text g-sink-count"
          title={t(
            data.transactional
              ? {
                  en: `${data.outputCount} records in committed transactions: what a read_committed consumer reads`,
                  zh: `已提交事务中的记录 ${data.outputCount} 条：read_committed 消费者读到的数据`,
                }
              : data.duplicates > 0
                ? {
                    en: `received ${data.outputCount} output records, ${data.duplicates} of them a second time`,
                    zh: `收到 ${data.outputCount} 条输出记录，其中 ${data.duplicates} 条是第二次收到`,
                  }
                : {
                    en: `received ${data.outputCount} output records`,
                    zh: `收到 ${data.outputCount} 条输出记录`,
                  },
          )}
        >
          {/* A two-phase-commit sink's records count once committed: the ones in its open
              transaction are on their own row, and read_committed does not see them yet. */}
          <span className="g-label">
            {data.transactional
              ? t({ en: 'committed', zh: '已提交' })
              : t({ en: 'received', zh: '已收到' })}
          </span>{' '}
          {/* Spaces between the items, for the text read out; the flex layout drops them. */}
          <b className="g-value-small">{data.outputCount}</b>{' '}
          {data.duplicates > 0 && (
            <span className="g-dup-count">
              · {data.duplicates} {t({ en: 'dup.', zh: '重复' })}
            </span>
          )}
        </span>
        <TickBadges snapshot={data.snapshotNow} restored={data.restored?.checkpoint ?? null} />
      </div>
      <div className="g-output" style={{ height: SIZE.outputRow }}>
        {shown.map((o) => (
          <span
            key={o.key}
            className={['g-rec', o.replay ? 'g-rec-replay' : '', o.duplicate ? 'g-rec-dup' : '']
              .filter(Boolean)
              .join(' ')}
            title={
              o.duplicate
                ? t({ en: 'received a second time', zh: '第二次收到' })
                : o.replay
                  ? t({ en: 'replayed', zh: '重放的' })
                  : undefined
            }
          >
            {o.value}
          </span>
        ))}
        {shown.length === 0 && (
          <span className="g-label">{t({ en: 'nothing yet', zh: '暂无' })}</span>
        )}
      </div>
      {data.transactions && <TransactionRows view={data.transactions} />}
      <AlignmentLine
        data={data}
        fallback={t(
          describeOperator({
            kind: 'sink',
            id: data.operator,
            parallelism: data.parallelism,
            transactional: data.transactional,
          }),
        )}
      />
      <InputRows inputs={data.inputs} box={data.box} status={data.status} />
    </TaskFrame>
  );
}

export const SinkNode = memo(SinkNodeView);
