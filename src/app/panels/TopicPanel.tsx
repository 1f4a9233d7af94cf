import { useMemo } from 'react';
import { topicsOf, type Isolation, type TopicView } from '../../engine';
import { useT, type LocalText } from '../i18n';
import { isolated } from '../../scenarios/text';
import { useStore } from '../store';
import { TRANSACTION_STATE } from '../graph/transactionView';
import { consumerViews, type ConsumerView, type ReadMark } from './topicView';
import './panels.css';

const ISOLATION_TEXT: Record<Isolation, { how: LocalText }> = {
  read_uncommitted: {
    how: {
      en: 'Reads each record as soon as the sink writes it, in transactions later aborted too.',
      zh: 'Sink 一写入就读到，也包括之后被中止的事务中的记录。',
    },
  },
  read_committed: {
    how: {
      en: 'Reads only committed records: those of a transaction once its checkpoint completed and the commit reached the broker.',
      zh: '只读已提交的记录：事务的检查点完成、提交到达 broker 之后才读到。',
    },
  },
};

const MARK_TEXT: Record<ReadMark, LocalText> = {
  committed: { en: 'committed', zh: '已提交' },
  uncommitted: { en: 'not committed yet', zh: '尚未提交' },
  aborted: {
    en: 'aborted: read_committed never reads it',
    zh: '已中止：read_committed 永远读不到',
  },
};

/** What read_committed waits for: the transaction at the last stable offset to commit. */
export function waitsText(waits: NonNullable<ConsumerView['waitsFor']>): LocalText {
  const { transaction, state, records } = waits;
  return {
    en: `Waits for transaction ${transaction} (${TRANSACTION_STATE[state].en}, ${records} ${records === 1 ? 'record' : 'records'}) to commit before it reads on.`,
    zh: `等待事务 ${transaction}（${TRANSACTION_STATE[state].zh}，${records} 条）提交后才继续读。`,
  };
}

function Consumer({ view }: { view: ConsumerView }) {
  const t = useT();
  const text = ISOLATION_TEXT[view.isolation];
  const n = view.records.length;
  return (
    <section className="cl-consumer" data-testid={`consumer-${view.isolation}`}>
      <h4>
        <code>{view.isolation}</code> {t({ en: 'consumer', zh: '消费者' })} ·{' '}
        <span data-testid="read-count">
          {t({ en: `read ${n} ${n === 1 ? 'record' : 'records'}`, zh: `已读 ${n} 条` })}
        </span>
      </h4>
      <p className="cl-note">{t(text.how)}</p>
      <div className="cl-reads">
        {view.records.map((r) => (
          <span
            key={r.key}
            className={`g-rec cl-read-${r.mark}`}
            data-mark={r.mark}
            title={`${r.transaction ?? ''} ${t(MARK_TEXT[r.mark])}`.trim()}
          >
            {r.value}
          </span>
        ))}
        {n === 0 && <span className="cl-muted">{t({ en: 'nothing yet', zh: '暂无' })}</span>}
      </div>
      {view.waitsFor && (
        <p className="cl-note" data-testid="waits-for">
          {t(waitsText(view.waitsFor))}
        </p>
      )}
    </section>
  );
}

function Topic({ topic, sinkName }: { topic: TopicView; sinkName: string }) {
  const t = useT();
  const views = useMemo(() => consumerViews(topic), [topic]);
  return (
    <div className="cl-topic">
      <h3>
        {t({ en: 'Topic', zh: '主题' })} <code>{topic.name}</code>
      </h3>
      <p className="cl-note">
        {t(
          topic.transactional
            ? {
                en: `${sinkName} writes into it in transactions (two-phase commit).`,
                zh: `${sinkName} 以事务（两阶段提交）写入。`,
              }
            : {
                en: `${sinkName} writes into it without transactions (at-least-once).`,
                zh: `${sinkName} 不用事务写入（至少一次）。`,
              },
        )}
      </p>
      <div className="cl-topic-legend">
        <span>
          <span className="g-rec cl-read-committed">n</span> {t(MARK_TEXT.committed)}
        </span>
        <span>
          <span className="g-rec cl-read-uncommitted">n</span> {t(MARK_TEXT.uncommitted)}
        </span>
        <span>
          <span className="g-rec cl-read-aborted">n</span> {t({ en: 'aborted', zh: '已中止' })}
        </span>
      </div>
      {views.map((v) => (
        <Consumer key={v.isolation} view={v} />
      ))}
    </div>
  );
}

/** The topics the sinks write into, and what each consumer of them has read at this tick. */
export function TopicPanel() {
  const t = useT();
  const state = useStore((s) => s.current);
  const topics = useMemo(() => topicsOf(state), [state]);
  return (
    <div className="cl-panel cl-scroll" data-testid="topic-panel">
      {topics.length === 0 && (
        <p className="cl-empty">
          {t({
            en: 'No sink of this job writes into a topic.',
            zh: '这个作业没有写入主题的 Sink。',
          })}
        </p>
      )}
      {topics.map((topic) => (
        <Topic
          key={topic.sink}
          topic={topic}
          sinkName={isolated(
            state.scenario.operators.find((op) => op.id === topic.sink)?.name ?? topic.sink,
          )}
        />
      ))}
    </div>
  );
}
