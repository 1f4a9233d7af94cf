import { AnimatePresence, domAnimation, LazyMotion, m, useReducedMotion } from 'framer-motion';
import { memo, useMemo, useState } from 'react';
import {
  CHECKPOINT_HISTORY,
  type CheckpointStatus,
  type CheckpointType,
  type OperatorState,
  type Scenario,
} from '../../engine';
import { useLanguage, useT, type LocalText } from '../i18n';
import { taskName } from '../../session/narration';
import { reasonText } from '../../session/reasons';
import { useStore, type Language } from '../store';
import { checkpointRows, type CheckpointRow } from './checkpointRows';
import { figuresOf, formatFigure } from './checkpointFigures';
import { formatBytes, formatMs } from './format';
import { checkpointColor } from '../graph/palette';
import './panels.css';

const TEXT = {
  title: { en: 'Checkpoint history', zh: '检查点历史' },
  none: {
    en: 'No checkpoint yet. The JobManager triggers one when the interval is due or a lesson asks for it.',
    zh: '还没有检查点。到了检查点间隔，或课程安排时，JobManager 会触发一个。',
  },
  triggered: { en: 'Triggered', zh: '已触发' },
  inProgress: { en: 'In progress', zh: '进行中' },
  completed: { en: 'Completed', zh: '已完成' },
  failed: { en: 'Failed', zh: '失败' },
  latest: { en: 'Latest', zh: '最近完成' },
  trigger: { en: 'Trigger time', zh: '触发时间' },
  duration: { en: 'End to end', zh: '端到端耗时' },
  alignment: { en: 'Alignment', zh: '对齐耗时' },
  size: { en: 'State size', zh: '状态大小' },
  acks: { en: 'acknowledged', zh: '已确认' },
  task: { en: 'Subtask', zh: '子任务' },
  snapshot: { en: 'Snapshot', zh: '快照' },
  stored: { en: 'Stored', zh: '已存储' },
  ack: { en: 'Ack', zh: '确认' },
  aligned: { en: 'Aligned', zh: '对齐' },
  seekTrigger: { en: 'Go to the tick it was triggered', zh: '跳到触发它的那一拍' },
  seekEnd: { en: 'Go to the tick it ended', zh: '跳到它结束的那一拍' },
  details: { en: 'Show each subtask', zh: '显示每个子任务' },
  older: { en: 'Show older checkpoints', zh: '显示更早的检查点' },
  savepoint: { en: 'savepoint', zh: '保存点' },
  type: { en: 'Type', zh: '类型' },
  startDelay: { en: 'Start delay', zh: '启动延迟' },
  startDelayHelp: {
    en: 'From the trigger until the first barrier reached a subtask: min / avg / max, as Flink’s web UI sums it up',
    zh: '从触发到第一个分界线到达子任务的时间：最小 / 平均 / 最大，与 Flink 网页界面中的汇总相同',
  },
  persisted: { en: 'In-flight data', zh: '在途数据' },
  persistedHelp: {
    en: 'Records persisted as channel state (Flink’s persisted in-flight data)',
    zh: '作为通道状态保存的数据条数（Flink 的 persisted in-flight data）',
  },
  records: { en: 'records', zh: '条' },
  summary: { en: 'Summary over the subtasks', zh: '各子任务汇总' },
  min: { en: 'Minimum', zh: '最小' },
  avg: { en: 'Average', zh: '平均' },
  max: { en: 'Maximum', zh: '最大' },
} satisfies Record<string, LocalText>;

/** Says how many ended checkpoints the run no longer keeps, as Flink's history does. */
const forgottenText = (n: number, history: number): LocalText => ({
  en: `${n} older ${n === 1 ? 'checkpoint is' : 'checkpoints are'} counted above but no longer listed: like Flink's web UI (web.checkpoints.history), the run keeps the last ${history} that ended, every savepoint, and the latest completed checkpoint for recovery.`,
  zh: `上面的计数包括 ${n} 个更早的检查点，但不再列出：与 Flink 的 Web UI（web.checkpoints.history）一样，运行只保留最近结束的 ${history} 个、所有保存点，以及用于恢复的最新已完成检查点。`,
});

const seekTick = (tick: number): LocalText => ({
  en: `Go to tick ${tick}`,
  zh: `跳到第 ${tick} 拍`,
});

/**
 * A checkpoint the run has just triggered slides in at the top of the list, so the eye finds the
 * new entry while the job plays; rows already listed when the panel opens stay still, and so does
 * everything when the user asked for reduced motion.
 */
const ENTER = { opacity: 0, y: -12 } as const;
const SETTLE = { opacity: 1, y: 0, transition: { duration: 0.25, ease: 'easeOut' } } as const;

/** Rows rendered at first; Flink's web UI itself keeps only the latest few (web.checkpoints.history). */
const PAGE = 30;

const CHECKPOINT_TYPE: Record<CheckpointType, LocalText> = {
  aligned: { en: 'aligned', zh: '对齐' },
  unaligned: { en: 'unaligned', zh: '非对齐' },
  'aligned-timed-out': { en: 'aligned, timed out to unaligned', zh: '对齐超时，转为非对齐' },
};

const STATUS: Record<CheckpointStatus, { icon: string; text: LocalText }> = {
  IN_PROGRESS: { icon: '◔', text: TEXT.inProgress },
  COMPLETED: { icon: '✓', text: TEXT.completed },
  FAILED: { icon: '✗', text: TEXT.failed },
};

function stateText(state: OperatorState | null, language: Language): string {
  if (!state) return '–';
  switch (state.kind) {
    case 'source':
      return language === 'zh' ? `偏移量 ${state.offset}` : `offset ${state.offset}`;
    case 'sum': {
      const sum = language === 'zh' ? '和' : 'sum';
      return state.byKey
        ? Object.entries(state.byKey)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ') || `${sum} 0`
        : `${sum} ${state.sum}`;
    }
    case 'stateless':
      return '–';
    case 'sink': {
      const pending = state.precommitted.reduce((n, t) => n + t.records.length, 0);
      const n = state.open.length + pending;
      return language === 'zh' ? `待提交 ${n}` : `${n} pending`;
    }
  }
}

function TickButton({
  tick,
  tickMs,
  label,
}: {
  tick: number | null;
  tickMs: number;
  label: (tick: number) => string;
}) {
  const seek = useStore((s) => s.seek);
  if (tick === null) return <span className="cl-muted">–</span>;
  return (
    <button
      type="button"
      className="cl-link"
      title={`${label(tick)} (${formatMs(tick * tickMs)})`}
      onClick={(e) => {
        e.stopPropagation();
        seek(tick);
      }}
    >
      t{tick}
    </button>
  );
}

/** Flink's summary of a checkpoint's figures over its subtasks: minimum, average, maximum. */
function Summary({ row }: { row: CheckpointRow }) {
  const t = useT();
  const language = useLanguage();
  return (
    <table className="cl-cp-summary" data-testid={`checkpoint-summary-${row.id}`}>
      <caption>{t(TEXT.summary)}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{t(TEXT.min)}</th>
          <th scope="col">{t(TEXT.avg)}</th>
          <th scope="col">{t(TEXT.max)}</th>
        </tr>
      </thead>
      <tbody>
        {figuresOf(row.type).map((figure) => {
          const s = row.summary[figure.key];
          return (
            <tr key={figure.key} title={t(figure.help)}>
              <th scope="row">{t(figure.label)}</th>
              <td>{formatFigure(figure, s?.min ?? null, language)}</td>
              <td>{formatFigure(figure, s?.avg ?? null, language)}</td>
              <td>{formatFigure(figure, s?.max ?? null, language)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Of how many subtasks the start delays are: those a barrier reached. */
function reachedText(reached: number, total: number): LocalText {
  return {
    en: `barrier at ${reached} of ${total} subtasks`,
    zh: `分界线已到 ${total} 个子任务中的 ${reached} 个`,
  };
}

const Row = memo(function Row({ row, scenario }: { row: CheckpointRow; scenario: Scenario }) {
  const t = useT();
  const still = useReducedMotion();
  const language = useLanguage();
  const seek = useStore((s) => s.seek);
  const [open, setOpen] = useState(false);
  const color = checkpointColor(row.id);
  const status = STATUS[row.status];
  const { tickMs } = scenario;
  const reached = row.tasks.filter((task) => task.startDelayMs !== null).length;
  return (
    <m.li
      className={`cl-cp cl-cp-${row.status.toLowerCase()}`}
      initial={still ? false : ENTER}
      animate={SETTLE}
    >
      <div className="cl-cp-head">
        <button
          type="button"
          className="cl-chevron"
          aria-expanded={open}
          aria-label={t(TEXT.details)}
          title={t(TEXT.details)}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <span className="cl-cp-id" style={{ background: color.fill, color: color.text }}>
          {row.id}
        </span>
        {row.kind === 'savepoint' && (
          <span
            className="cl-cp-kind"
            title={`${t(TEXT.savepoint)}${row.name ? ` “${row.name}”` : ''}`}
          >
            {t(TEXT.savepoint)}
            {row.name ? ` “${row.name}”` : ''}
          </span>
        )}
        <span className={`cl-status cl-status-${row.status.toLowerCase()}`}>
          {/* Flink's own word in English, as its web UI shows it; translated in Chinese. */}
          <span aria-hidden="true">{status.icon}</span>{' '}
          {language === 'en' ? row.status : t(status.text)}
        </span>
        <span className="cl-cp-acks" title={t(TEXT.acks)}>
          <span className="cl-meter" aria-hidden="true">
            <span style={{ width: `${(100 * row.acknowledged) / Math.max(1, row.total)}%` }} />
          </span>
          {row.acknowledged}/{row.total}
        </span>
      </div>
      {row.failReason && (
        <p className="cl-cp-reason">{reasonText(row.failReason, language, scenario)}</p>
      )}
      <dl className="cl-cp-grid">
        <div>
          <dt>{t(TEXT.trigger)}</dt>
          <dd>
            <button
              type="button"
              className="cl-link"
              title={`${t(TEXT.seekTrigger)} (t${row.triggerTick})`}
              onClick={() => seek(row.triggerTick)}
            >
              {formatMs(row.triggerMs)}
            </button>
          </dd>
        </div>
        <div>
          <dt>{t(TEXT.duration)}</dt>
          <dd>
            {row.endTick === null ? (
              <span>{formatMs(row.durationMs)}…</span>
            ) : (
              <button
                type="button"
                className="cl-link"
                title={`${t(TEXT.seekEnd)} (t${row.endTick})`}
                onClick={() => seek(row.endTick!)}
              >
                {formatMs(row.durationMs)}
              </button>
            )}
          </dd>
        </div>
        <div>
          <dt>{t(TEXT.alignment)}</dt>
          <dd>{row.alignmentMs === null ? '–' : formatMs(row.alignmentMs)}</dd>
        </div>
        <div>
          <dt>{t(TEXT.size)}</dt>
          <dd>{formatBytes(row.stateBytes)}</dd>
        </div>
        <div>
          <dt>{t(TEXT.type)}</dt>
          <dd>{t(CHECKPOINT_TYPE[row.type])}</dd>
        </div>
        <div title={t(TEXT.startDelayHelp)}>
          <dt>{t(TEXT.startDelay)}</dt>
          <dd>
            {row.summary.startDelayMs === null
              ? '–'
              : `${formatMs(row.summary.startDelayMs.min)} / ${formatMs(Math.round(row.summary.startDelayMs.avg))} / ${formatMs(row.summary.startDelayMs.max)}`}
            {reached > 0 && reached < row.tasks.length && (
              // Over the subtasks a barrier reached only: one it never reached has no start
              // delay yet, and it may be the longest (a backpressured job's checkpoint expires so).
              <span className="cl-cp-reached">{t(reachedText(reached, row.tasks.length))}</span>
            )}
          </dd>
        </div>
        {row.type !== 'aligned' && (
          <div title={t(TEXT.persistedHelp)}>
            <dt>{t(TEXT.persisted)}</dt>
            <dd>
              {row.persisted} {t(TEXT.records)}
            </dd>
          </div>
        )}
      </dl>
      {open && <Summary row={row} />}
      {open && (
        <table className="cl-cp-tasks">
          <thead>
            <tr>
              <th>{t(TEXT.task)}</th>
              <th>{t(TEXT.snapshot)}</th>
              <th>{t(TEXT.startDelay)}</th>
              <th>{t(TEXT.aligned)}</th>
              {row.type !== 'aligned' && <th>{t(TEXT.persisted)}</th>}
              <th>{t(TEXT.stored)}</th>
              <th>{t(TEXT.ack)}</th>
            </tr>
          </thead>
          <tbody>
            {row.tasks.map((task) => (
              <tr key={task.task}>
                <th scope="row">{taskName(task.task, scenario)}</th>
                <td className="cl-snapshot">{stateText(task.snapshot, language)}</td>
                <td>{task.startDelayMs === null ? '–' : formatMs(task.startDelayMs)}</td>
                <td>
                  {task.alignment
                    ? formatMs((task.alignment.end - task.alignment.start) * tickMs)
                    : '–'}
                </td>
                {row.type !== 'aligned' && (
                  <td className="cl-inflight">
                    {task.persisted}
                    {task.persistedValues.length > 0 && (
                      <span className="cl-muted">
                        {t({ en: ': ', zh: '：' })}
                        {task.persistedValues.join(' ')}
                      </span>
                    )}
                  </td>
                )}
                <td>
                  <TickButton
                    tick={task.stored}
                    tickMs={tickMs}
                    label={(tick) => t(seekTick(tick))}
                  />
                </td>
                <td>
                  <TickButton tick={task.ack} tickMs={tickMs} label={(tick) => t(seekTick(tick))} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </m.li>
  );
});

/**
 * What Flink's web UI shows on its Checkpoints tab, at the cursor: the counts, then every
 * checkpoint and savepoint with its status, trigger time, end-to-end and alignment duration,
 * acknowledged subtasks and state size, expandable to each subtask.
 */
export function CheckpointHistory() {
  const t = useT();
  const current = useStore((s) => s.current);
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => checkpointRows(current, limit), [current, limit]);
  const all = current.checkpoints;
  const forgotten = current.coordinator.forgotten;
  const dropped = forgotten.completed + forgotten.failed;
  const count = (status: CheckpointStatus) =>
    all.filter((c) => c.status === status).length +
    (status === 'COMPLETED' ? forgotten.completed : status === 'FAILED' ? forgotten.failed : 0);
  const latest = all.findLast((c) => c.status === 'COMPLETED' && c.kind === 'checkpoint');
  return (
    <div className="cl-panel">
      <h2 className="cl-title">{t(TEXT.title)}</h2>
      <dl className="cl-counts">
        <div>
          <dt>{t(TEXT.triggered)}</dt>
          <dd>{all.length + dropped}</dd>
        </div>
        <div>
          <dt>{t(TEXT.inProgress)}</dt>
          <dd>{count('IN_PROGRESS')}</dd>
        </div>
        <div>
          <dt>{t(TEXT.completed)}</dt>
          <dd>{count('COMPLETED')}</dd>
        </div>
        <div>
          <dt>{t(TEXT.failed)}</dt>
          <dd>{count('FAILED')}</dd>
        </div>
        <div>
          <dt>{t(TEXT.latest)}</dt>
          <dd>{latest ? `#${latest.id}` : '–'}</dd>
        </div>
      </dl>
      <div className="cl-scroll">
        {rows.length === 0 && <p className="cl-empty">{t(TEXT.none)}</p>}
        <LazyMotion features={domAnimation} strict>
          <ol className="cl-cp-list">
            <AnimatePresence initial={false}>
              {rows.map((row) => (
                <Row key={row.id} row={row} scenario={current.scenario} />
              ))}
            </AnimatePresence>
          </ol>
        </LazyMotion>
        {dropped > 0 && all.length <= rows.length && (
          <p className="cl-empty" data-testid="forgotten-checkpoints">
            {t(forgottenText(dropped, current.scenario.checkpoint.history ?? CHECKPOINT_HISTORY))}
          </p>
        )}
        {all.length > rows.length && (
          <button type="button" className="cl-more" onClick={() => setLimit(limit + PAGE)}>
            {t(TEXT.older)} ({all.length - rows.length})
          </button>
        )}
      </div>
    </div>
  );
}
