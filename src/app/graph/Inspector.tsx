import { useMemo } from 'react';
import {
  arrivedOn,
  backpressureOf,
  channelStateByTask,
  checkpointMetrics,
  type Backpressure,
  type BackpressureStatus,
  topologyOf,
  type CheckpointStatus,
  type SimState,
  type TaskState,
  type TaskStatus,
  type TransactionAbort,
} from '../../engine';
import { useLanguage, useT, type LocalText } from '../i18n';
import { figuresOf, formatFigure } from '../panels/checkpointFigures';
import { taskName as taskLabel } from '../../session/narration';
import { useStore } from '../store';
import { describeOperator, describeState, TASK_STATUS } from './describe';
import { msPerSecond } from './taskLoad';
import './graph.css';
import { CheckpointTag, ElementChip, PauseIcon } from './nodes/parts';
import { elementView, latestOutputs } from './toFlowElements';
import { sinkTransactions, TRANSACTION_STATE } from './transactionView';
import { upcomingValues } from './upcomingValues';

/** Why the broker aborted a transaction, as a phrase after its state. */
const ABORT_CAUSE: Record<TransactionAbort, LocalText> = {
  failover: { en: 'the task failed', zh: '任务失败' },
  recovery: { en: 'not in the restored checkpoint', zh: '恢复的检查点中没有它' },
  timeout: { en: 'transaction timeout', zh: '事务超时' },
  'job-end': { en: 'the job ended', zh: '作业结束' },
};

function StatusPill({ status }: { status: TaskStatus }) {
  const t = useT();
  return (
    <span className={`g-status g-status-${status.toLowerCase()}`}>{t(TASK_STATUS[status])}</span>
  );
}

/**
 * Flink's figures for one subtask in the newest checkpoint it started (the web UI's checkpoint
 * details for that subtask); nothing before it started one.
 */
function LatestFigures({ state, task }: { state: SimState; task: { id: string; index: number } }) {
  const t = useT();
  const language = useLanguage();
  const latest = state.checkpoints.findLast((c) => c.subtasks[task.index]);
  const metrics = useMemo(
    () => (latest ? checkpointMetrics(state.scenario, latest).find((m) => m.id === task.id) : null),
    [state.scenario, latest, task.id],
  );
  if (!latest || !metrics) return null;
  return (
    <>
      <h4>
        {t({ en: 'Checkpoint figures', zh: '检查点指标' })} <CheckpointTag id={latest.id} />
      </h4>
      <table className="g-table" data-testid="inspector-figures">
        <tbody>
          {figuresOf(latest.type).map((figure) => (
            <tr key={figure.key} title={t(figure.help)}>
              <th scope="row">{t(figure.label)}</th>
              <td>{formatFigure(figure, metrics[figure.key], language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** What an unaligned snapshot holds besides the state: the in-flight records it persisted. */
export function inFlightText(values: readonly number[]): LocalText {
  const n = values.length;
  if (n === 0) return { en: 'unaligned, no in-flight records', zh: '非对齐，没有在途数据' };
  return {
    en: `+ ${n} in-flight ${n === 1 ? 'record' : 'records'} as channel state: ${values.join(' ')}`,
    zh: `+ ${n} 条在途数据（通道状态）：${values.join(' ')}`,
  };
}

const CHECKPOINT_STATUS: Record<CheckpointStatus, LocalText> = {
  IN_PROGRESS: { en: 'in progress', zh: '进行中' },
  COMPLETED: { en: 'completed', zh: '已完成' },
  FAILED: { en: 'failed', zh: '失败' },
};

/** The selected task in detail: state, inputs and buffers, snapshots, and failure injection. */
export function Inspector() {
  const t = useT();
  const selected = useStore((s) => s.selectedTask);
  const state = useStore((s) => s.current);
  const cursor = useStore((s) => s.cursor);
  const timeline = useStore((s) => s.timeline);
  const inject = useStore((s) => s.inject);
  const select = useStore((s) => s.select);
  const topology = topologyOf(state.scenario);
  const index = selected === null ? undefined : topology.taskIndex.get(selected);
  const upcoming = useMemo(
    () => (selected === null ? [] : upcomingValues(timeline, selected, cursor)),
    [timeline, selected, cursor],
  );

  if (selected === null || index === undefined) {
    return (
      <div className="g-inspector">
        <p className="g-hint">
          {t({
            en: 'Click a task in the graph to see its state, its inputs and its snapshots.',
            zh: '点击图中的任务，查看它的状态、输入和快照。',
          })}
        </p>
        <div className="g-task-list">
          {topology.tasks.map((info) => (
            <button type="button" key={info.id} onClick={() => select(info.id)}>
              {taskLabel(info.id, state.scenario)}
            </button>
          ))}
        </div>
      </div>
    );
  }

  const info = topology.tasks[index];
  const task = state.tasks[index];
  const described = describeState(task.state);
  const running = state.job.status === 'RUNNING' || state.job.status === 'RESTARTING';
  const isSource = info.operator.kind === 'source';

  return (
    <div className="g-inspector">
      <div className="g-inspector-title">
        <h3>{taskLabel(info.id, state.scenario)}</h3>
        <StatusPill status={task.status} />
      </div>
      <p className="g-label">
        {/* The task by its name alone, as the graph names it: no second, internal name. */}
        {t(describeOperator(info.operator))} ·{' '}
        {t({
          en: `subtask ${info.subtask + 1} of ${info.operator.parallelism}`,
          zh: `子任务 ${info.subtask + 1} / ${info.operator.parallelism}`,
        })}
      </p>

      <h4>{t({ en: 'State', zh: '状态' })}</h4>
      {task.state.kind === 'stateless' ? (
        <p className="g-label">{t(described.label)}</p>
      ) : (
        <p>
          {t(described.label)} <b className="g-value">{described.value}</b>
          {task.status === 'FAILED' || task.status === 'CANCELED' ? (
            <span className="g-cleared"> · {t({ en: 'cleared', zh: '已清空' })}</span>
          ) : null}
        </p>
      )}
      {task.state.kind === 'source' && (
        <p className="g-label">
          {t({
            en: `read ${task.state.offset} of ${info.operator.kind === 'source' ? inputLength(info.operator.input, info.subtask) : 0}; furthest ever read ${task.highWater}`,
            zh: `已读 ${task.state.offset} / ${info.operator.kind === 'source' ? inputLength(info.operator.input, info.subtask) : 0}；最远读到 ${task.highWater}`,
          })}
        </p>
      )}
      {info.operator.kind === 'sink' && (
        <SinkOutput
          state={state}
          index={index}
          transactional={info.operator.transactional === true}
        />
      )}

      {task.status === 'RUNNING' && <LoadFigures load={backpressureOf(state, index)} />}

      {info.inputs.length > 0 && (
        <>
          <h4>{t({ en: 'Inputs', zh: '输入' })}</h4>
          <table className="g-table">
            <thead>
              <tr>
                <th>{t({ en: 'from', zh: '来自' })}</th>
                <th>{t({ en: 'status', zh: '状态' })}</th>
                <th>{t({ en: 'held behind barrier', zh: '分界线后等待' })}</th>
                <th>{t({ en: 'in channel', zh: '通道中' })}</th>
              </tr>
            </thead>
            <tbody>
              {info.inputs.map((channel, k) => {
                const input = task.inputs[k];
                const from = topology.tasks[topology.channels[channel].from].id;
                const id = topology.channels[channel].id;
                const queue = state.channels[channel].queue;
                const held = input.blockedBy === null ? [] : arrivedOn(state, index, k);
                return (
                  <tr key={channel}>
                    <td>{taskLabel(from, state.scenario)}</td>
                    <td>
                      {input.blockedBy === null ? (
                        <span className="g-flowing">{t({ en: 'flowing', zh: '流动' })}</span>
                      ) : (
                        <span>
                          <CheckpointTag id={input.blockedBy} prefix={<PauseIcon />} />{' '}
                          {t({ en: 'blocked', zh: '阻塞' })}
                        </span>
                      )}
                    </td>
                    <td>
                      <span className="g-chip-list">
                        {held.map((el, i) => (
                          <ElementChip key={i} element={elementView(el, id)} />
                        ))}
                        {held.length === 0 && '–'}
                      </span>
                    </td>
                    <td>
                      <span className="g-chip-list">
                        {queue.map((f, i) => (
                          <span
                            key={i}
                            title={t({ en: `arrives at tick ${f.at}`, zh: `在第 ${f.at} 拍到达` })}
                          >
                            <ElementChip element={elementView(f.element, id)} />
                          </span>
                        ))}
                        {queue.length === 0 && '–'}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {task.alignment && (
            <p>
              <CheckpointTag id={task.alignment.checkpoint} />{' '}
              {t({
                en: `aligning since tick ${task.alignment.startTick}: barrier arrived on ${task.alignment.arrived.filter(Boolean).length} of ${task.alignment.arrived.length} inputs`,
                zh: `自第 ${task.alignment.startTick} 拍起对齐：分界线已到达 ${task.alignment.arrived.filter(Boolean).length} / ${task.alignment.arrived.length} 个输入`,
              })}
            </p>
          )}
        </>
      )}

      <h4>{t({ en: 'Snapshots', zh: '快照' })}</h4>
      {state.checkpoints.length === 0 ? (
        <p className="g-label">{t({ en: 'No checkpoint yet.', zh: '还没有检查点。' })}</p>
      ) : (
        <table className="g-table">
          <thead>
            <tr>
              <th>{t({ en: 'checkpoint', zh: '检查点' })}</th>
              <th>{t({ en: 'status', zh: '状态' })}</th>
              <th>{t({ en: 'snapshot', zh: '快照' })}</th>
              <th>{t({ en: 'stored', zh: '存储于' })}</th>
              <th>{t({ en: 'acked', zh: '确认于' })}</th>
            </tr>
          </thead>
          <tbody>
            {state.checkpoints.map((c) => {
              const snapshot = c.snapshots[info.index];
              const s = snapshot ? describeState(snapshot) : null;
              const inFlight =
                c.type === 'aligned' || !c.subtasks[info.index]
                  ? null
                  : (channelStateByTask(state.scenario, c)[info.id] ?? []).map((r) => r.value);
              return (
                <tr key={c.id}>
                  <td>
                    <CheckpointTag id={c.id} prefix={c.kind === 'savepoint' ? 'S' : null} />
                  </td>
                  <td>{t(CHECKPOINT_STATUS[c.status])}</td>
                  <td>
                    {s ? `${t(s.label)} ${s.value}`.trim() : '–'}
                    {inFlight && (
                      <span className="g-inflight" data-testid={`inspector-inflight-${c.id}`}>
                        {t(inFlightText(inFlight))}
                      </span>
                    )}
                  </td>
                  <td>{c.stored[info.index] ?? '–'}</td>
                  <td>{c.acks[info.index] ?? '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <LatestFigures state={state} task={info} />

      <h4>{t({ en: 'Inject a failure', zh: '注入故障' })}</h4>
      <div className="g-inject">
        <button
          type="button"
          disabled={!running}
          onClick={() => inject({ type: 'fail-task', task: info.id, when: { atTick: cursor + 1 } })}
        >
          {t({ en: 'Fail now', zh: '立即失败' })}
        </button>
        <span className="g-label">
          {t({ en: `at tick ${cursor + 1}`, zh: `于第 ${cursor + 1} 拍` })}
        </span>
      </div>
      {!isSource && (
        <>
          <p className="g-label">
            {t({
              en: 'Fail just before it processes the record:',
              zh: '在它处理以下记录之前失败：',
            })}
          </p>
          <div className="g-inject">
            {upcoming.length === 0 && (
              <span className="g-label">
                {t({ en: 'It processes no more records.', zh: '它不再处理记录。' })}
              </span>
            )}
            {upcoming.map(({ value, tick }) => (
              <button
                type="button"
                key={value}
                disabled={!running}
                title={t({ en: `first at tick ${tick}`, zh: `首次在第 ${tick} 拍` })}
                onClick={() =>
                  inject({
                    type: 'fail-task',
                    task: info.id,
                    when: { beforeValue: value, afterTick: cursor },
                  })
                }
              >
                {t({ en: `before ${value}`, zh: `${value} 之前` })}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

const BACKPRESSURE_STATUS: Record<BackpressureStatus, LocalText> = {
  OK: { en: 'at most 10% of the time backpressured', zh: '反压时间不超过 10%' },
  LOW: { en: 'backpressured over 10% of the time', zh: '反压时间超过 10%' },
  HIGH: { en: 'backpressured over 50% of the time', zh: '反压时间超过 50%' },
};

/**
 * A task's share of the last second busy, backpressured and idle, as Flink's task metrics
 * busyTimeMsPerSecond, backPressuredTimeMsPerSecond and idleTimeMsPerSecond report it, and the
 * backpressure level the web UI derives from them.
 */
function LoadFigures({ load }: { load: Backpressure }) {
  const t = useT();
  const per = msPerSecond(load);
  const rows: { metric: string; label: LocalText; ms: number }[] = [
    { metric: 'busyTimeMsPerSecond', label: { en: 'busy', zh: '繁忙' }, ms: per.busy },
    {
      metric: 'backPressuredTimeMsPerSecond',
      label: { en: 'backpressured', zh: '反压' },
      ms: per.backpressured,
    },
    { metric: 'idleTimeMsPerSecond', label: { en: 'idle', zh: '空闲' }, ms: per.idle },
  ];
  return (
    <>
      <h4>
        {t({ en: 'Backpressure', zh: '反压' })}{' '}
        <span
          className={`g-bp-level g-bp-level-${load.status.toLowerCase()}`}
          data-testid="backpressure-level"
          title={t(BACKPRESSURE_STATUS[load.status])}
        >
          {load.status}
        </span>
      </h4>
      <p className="g-load-note">
        {t({
          en: 'Over the last simulated second, as Flink’s task metrics report it:',
          zh: '最近一秒（模拟时间）内，与 Flink 的任务指标相同：',
        })}
      </p>
      <table className="g-table g-load" data-testid="task-load">
        <tbody>
          {rows.map((row) => (
            <tr key={row.metric} data-metric={row.metric}>
              <td>
                {t(row.label)}
                <code className="g-metric">{row.metric}</code>
              </td>
              <td className="g-load-value">
                <b>{row.ms}</b> ms/s
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function inputLength(input: number[] | number[][], subtask: number): number {
  if (input.length > 0 && Array.isArray(input[0]))
    return (input as number[][])[subtask]?.length ?? 0;
  return input.length;
}

/**
 * Outputs the inspector lists, the latest: a long run's sink holds thousands, and a chip each
 * made every tick with the inspector open cost a frame its length.
 */
const LISTED_OUTPUTS = 200;

function SinkOutput({
  state,
  index,
  transactional,
}: {
  state: SimState;
  index: number;
  transactional: boolean;
}) {
  const t = useT();
  const task = state.tasks[index];
  const { shown, count, duplicates } = latestOutputs(state, index, LISTED_OUTPUTS);
  const first = count - shown.length;
  return (
    <>
      <p>
        {/* A two-phase-commit sink's records count once their transaction is committed. */}
        {transactional
          ? t({ en: 'Committed records', zh: '已提交的记录' })
          : t({ en: 'Received', zh: '已收到' })}{' '}
        <b>{count}</b>
        {task.committed.length > 0 &&
          t({
            en: ` · committed checkpoints ${task.committed.join(', ')}`,
            zh: ` · 已提交的检查点 ${task.committed.join(', ')}`,
          })}
      </p>
      {first > 0 && (
        <p className="g-list-note" data-testid="outputs-not-listed">
          {t({
            en: `The last ${shown.length} are listed; ${duplicates} of all ${count} are duplicates.`,
            zh: `下面列出最近的 ${shown.length} 条；全部 ${count} 条中有 ${duplicates} 条重复。`,
          })}
        </p>
      )}
      <div className="g-chip-list g-wrap" data-testid="sink-outputs">
        {shown.map((o, k) => (
          <span
            key={o.key}
            className={['g-rec', o.replay ? 'g-rec-replay' : '', o.duplicate ? 'g-rec-dup' : '']
              .filter(Boolean)
              .join(' ')}
            title={`${task.output[first + k].origin.value} ← ${taskLabel(task.output[first + k].origin.task, state.scenario)}`}
          >
            {o.value}
          </span>
        ))}
      </div>
      {task.transactions.length > 0 && <TransactionTable task={task} />}
    </>
  );
}

/** Every transaction a two-phase-commit sink subtask began, as the broker keeps them. */
function TransactionTable({ task }: { task: TaskState }) {
  const t = useT();
  const rows = sinkTransactions(task).all;
  return (
    <>
      <h4>{t({ en: 'Transactions', zh: '事务' })}</h4>
      <table className="g-table" data-testid="txn-table">
        <thead>
          <tr>
            <th>{t({ en: 'transactional id', zh: '事务 ID' })}</th>
            <th>{t({ en: 'state', zh: '状态' })}</th>
            <th>{t({ en: 'records', zh: '记录数' })}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, k) => (
            <tr key={k}>
              <td>
                <code>{row.id}</code>
              </td>
              <td>
                <span className={`g-txn-state g-txn-${row.state}`}>
                  {t(TRANSACTION_STATE[row.state])}
                </span>
                {row.checkpoint !== null && (
                  <>
                    {' '}
                    <CheckpointTag id={row.checkpoint} />
                  </>
                )}
                {row.abort && (
                  <span className="g-label">
                    {t({ en: ': ', zh: '：' })}
                    {t(ABORT_CAUSE[row.abort])}
                  </span>
                )}
              </td>
              <td>{row.records}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
