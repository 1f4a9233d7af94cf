import type { CheckpointKind, OperatorState, Reason, Scenario, SimEvent } from '../engine';
import { taskName } from './narration';
import { humanDuration, reasonText } from './reasons';
import { describeBudget } from '../scenarios/budgetText';
import type { Language } from '../scenarios/text';

// The event sentences are read by the event log and the presenter caption, neither on the first
// screen; names (narration.ts) and reasons (reasons.ts) are, so these live apart from them.

/** The sending subtask of a channel id `from->to`. */
function sender(channel: string): string {
  return channel.split('->')[0];
}

/** The receiving subtask of a channel id `from->to`. */
function receiver(channel: string): string {
  return channel.split('->')[1];
}

function describeState(state: OperatorState, language: Language): string {
  const zh = language === 'zh';
  switch (state.kind) {
    case 'source':
      return zh ? `偏移量 ${state.offset}` : `offset ${state.offset}`;
    case 'sum': {
      if (!state.byKey) return `sum = ${state.sum}`;
      const keys = Object.entries(state.byKey)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      return `sum = ${state.sum} (${keys})`;
    }
    case 'stateless':
      return zh ? '无状态' : 'no state';
    case 'sink': {
      const pending = state.precommitted.reduce((n, t) => n + t.records.length, 0);
      return zh
        ? `未提交 ${state.open.length} 条，预提交 ${pending} 条`
        : `${state.open.length} open, ${pending} pre-committed`;
    }
  }
}

/** The checkpoint or savepoint with its id, in the language. */
function point(kind: CheckpointKind | null, id: number, language: Language): string {
  if (language === 'zh') return `${kind === 'savepoint' ? '保存点' : '检查点'} ${id}`;
  return `${kind === 'savepoint' ? 'savepoint' : 'checkpoint'} ${id}`;
}

/**
 * One event as a plain sentence, as a teacher would say it while pointing at the graph. Pure.
 * The scenario, when given, lets names follow the job's parallelism and delays read in ms.
 */
export function describeEvent(e: SimEvent, language: Language, scenario?: Scenario): string {
  const zh = language === 'zh';
  const name = (id: string) => taskName(id, scenario);
  const reason = (r: Reason) => reasonText(r, language, scenario);
  const replayed = (replay: boolean) => (replay ? (zh ? '（重放）' : ' (replayed)') : '');
  switch (e.type) {
    case 'CheckpointTriggered':
      if (scenario?.checkpoint.mode === 'stop-the-world') {
        return zh
          ? `JobManager 触发${point(e.kind, e.checkpoint, language)}，通知每个 Source 暂停`
          : `The JobManager triggered ${point(e.kind, e.checkpoint, language)} and told every source to pause`;
      }
      return zh
        ? `JobManager 触发${point(e.kind, e.checkpoint, language)}，向每个 Source 发送触发消息`
        : `The JobManager triggered ${point(e.kind, e.checkpoint, language)} and sent the trigger to every source`;
    case 'TriggerReceived':
      return zh
        ? `${name(e.task)} 收到检查点 ${e.checkpoint} 的触发消息`
        : `${name(e.task)} received the trigger for checkpoint ${e.checkpoint}`;
    case 'BarrierInjected':
      return zh
        ? `${name(e.task)} 保存偏移量 ${e.offset} 并发出分界线 ${e.checkpoint}`
        : `${name(e.task)} stored offset ${e.offset} and emitted barrier ${e.checkpoint}`;
    case 'BarrierReceived':
      if (e.cancel) {
        return zh
          ? `${name(e.task)} 收到来自 ${name(sender(e.channel))} 的检查点 ${e.checkpoint} 的取消分界线`
          : `${name(e.task)} received the cancellation barrier of checkpoint ${e.checkpoint} from ${name(sender(e.channel))}`;
      }
      return zh
        ? `${name(e.task)} 收到来自 ${name(sender(e.channel))} 的分界线 ${e.checkpoint}`
        : `${name(e.task)} received barrier ${e.checkpoint} from ${name(sender(e.channel))}`;
    case 'ChannelBlocked':
      return zh
        ? `${name(e.task)} 阻塞来自 ${name(sender(e.channel))} 的输入，等待所有输入的分界线 ${e.checkpoint} 到达（对齐）`
        : `${name(e.task)} blocked its input from ${name(sender(e.channel))} until barrier ${e.checkpoint} arrives on every input`;
    case 'ChannelUnblocked':
      return zh
        ? `${name(e.task)} 分界线 ${e.checkpoint} 已对齐，解除来自 ${name(sender(e.channel))} 的输入的阻塞`
        : `${name(e.task)} aligned barrier ${e.checkpoint} and unblocked its input from ${name(sender(e.channel))}`;
    case 'BarrierOvertook':
      return zh
        ? `分界线 ${e.checkpoint} 在 ${name(sender(e.channel))} 到 ${name(receiver(e.channel))} 的通道里越过了 ${e.records.length} 条数据（${e.records.join('、')}），${name(e.task)} 把它们作为通道状态存入检查点`
        : `Barrier ${e.checkpoint} overtook ${e.records.length} record${e.records.length === 1 ? '' : 's'} (${e.records.join(', ')}) in the channel from ${name(sender(e.channel))} to ${name(receiver(e.channel))}; ${name(e.task)} persists them as channel state`;
    case 'AlignmentTimedOut':
      return zh
        ? `检查点 ${e.checkpoint} 的对齐超时（${e.timeoutMs} ms）已到：${name(e.task)} 改为非对齐，立即保存快照`
        : `The aligned-checkpoint timeout (${e.timeoutMs} ms) of checkpoint ${e.checkpoint} ran out: ${name(e.task)} goes on unaligned and snapshots now`;
    case 'SnapshotTaken':
      return zh
        ? `${name(e.task)} 为检查点 ${e.checkpoint} 做状态快照（${describeState(e.state, language)}）`
        : `${name(e.task)} took its snapshot for checkpoint ${e.checkpoint} (${describeState(e.state, language)})`;
    case 'BarrierForwarded':
      return zh
        ? `${name(e.task)} 向下游转发分界线 ${e.checkpoint}`
        : `${name(e.task)} forwarded barrier ${e.checkpoint} downstream`;
    case 'CheckpointDeclined':
      return zh
        ? `${name(e.task)} 拒绝检查点 ${e.checkpoint}（${reason(e.reason)}），并向下游发送取消分界线`
        : `${name(e.task)} declined checkpoint ${e.checkpoint} (${reason(e.reason)}) and sent a cancellation barrier downstream`;
    case 'AlignmentAborted':
      return zh
        ? `检查点 ${e.checkpoint} 的中止通知到达 ${name(e.task)}：它停止对齐，并向下游发送取消分界线`
        : `The abort of checkpoint ${e.checkpoint} reached ${name(e.task)}: it stopped aligning and sent a cancellation barrier downstream`;
    case 'SnapshotStored':
      return zh
        ? `状态后端已存好 ${name(e.task)} 在检查点 ${e.checkpoint} 的快照，通知该任务`
        : `The state backend stored the snapshot of ${name(e.task)} for checkpoint ${e.checkpoint}`;
    case 'BackendWriteFailed':
      return zh
        ? `状态后端写入 ${name(e.task)} 在检查点 ${e.checkpoint} 的快照失败`
        : `The state backend failed to write the snapshot of ${name(e.task)} for checkpoint ${e.checkpoint}`;
    case 'CheckpointAcknowledged':
      return zh
        ? `JobManager 收到 ${name(e.task)} 对检查点 ${e.checkpoint} 的确认`
        : `The JobManager received the acknowledgement of checkpoint ${e.checkpoint} from ${name(e.task)}`;
    case 'AckLost':
      return zh
        ? `${name(e.task)} 对检查点 ${e.checkpoint} 的确认消息丢失了`
        : `The acknowledgement of checkpoint ${e.checkpoint} from ${name(e.task)} was lost`;
    case 'CheckpointCompleted':
      return zh
        ? `${point(e.kind, e.checkpoint, language)} 完成：所有任务都已确认`
        : `${capitalise(point(e.kind, e.checkpoint, language))} completed: every task acknowledged it`;
    case 'CheckpointFailed':
      return zh
        ? `${point(e.kind, e.checkpoint, language)} 失败：${reason(e.reason)}`
        : `${capitalise(point(e.kind, e.checkpoint, language))} failed: ${reason(e.reason)}`;
    case 'CheckpointSkipped':
      return zh
        ? `JobManager 跳过了一次检查点：${reason(e.reason)}`
        : `The JobManager skipped a checkpoint: ${reason(e.reason)}`;
    case 'CheckpointRequestQueued':
      return e.periodic
        ? zh
          ? `周期触发时间已到，但已有 ${e.pending} 个检查点在进行（达到最大并发数）：请求排队，等有空位就触发`
          : `The periodic trigger fired with ${e.pending} checkpoint(s) pending, the most allowed at once: the request waits for a free slot`
        : zh
          ? `手动检查点请求排队：已有 ${e.pending} 个检查点在进行（达到最大并发数），它不是强制的，要等空位`
          : `The manual checkpoint request waits: ${e.pending} checkpoint(s) pending, the most allowed at once, and it is not forced`;
    case 'SinkCommitted':
      if (e.checkpoint === null) {
        return zh
          ? `${name(e.task)} 在作业结束时提交了剩余的 ${e.records} 条记录`
          : `${name(e.task)} committed its last ${e.records} records as the job ended`;
      }
      return zh
        ? `检查点 ${e.checkpoint} 完成后，${name(e.task)} 提交了事务中的 ${e.records} 条记录`
        : `${name(e.task)} committed the ${e.records} records of checkpoint ${e.checkpoint}'s transaction`;
    case 'SourcesPaused':
      return zh
        ? `为检查点 ${e.checkpoint} 暂停所有 Source（暂停应用的简单做法），等待通道排空`
        : `Every source paused for checkpoint ${e.checkpoint} (stop the world) while the channels drain`;
    case 'SourcesResumed':
      return zh
        ? `检查点 ${e.checkpoint} 之后所有 Source 恢复读取`
        : `Every source resumed reading after checkpoint ${e.checkpoint}`;
    case 'RecordEmitted':
      return zh
        ? `${name(e.task)} 读取记录 ${e.record}${replayed(e.replay)}，偏移量变为 ${e.offset}`
        : `${name(e.task)} read record ${e.record}${replayed(e.replay)}, offset now ${e.offset}`;
    case 'RecordProcessed':
      return e.applied
        ? zh
          ? `${name(e.task)} 处理记录 ${e.record}${replayed(e.replay)} 并更新了状态`
          : `${name(e.task)} processed record ${e.record}${replayed(e.replay)} and updated its state`
        : zh
          ? `${name(e.task)} 处理记录 ${e.record}${replayed(e.replay)}，状态不变`
          : `${name(e.task)} processed record ${e.record}${replayed(e.replay)}, its state unchanged`;
    case 'RecordOutput':
      return zh
        ? `${name(e.task)} 输出记录 ${e.record}${replayed(e.replay)}`
        : `${name(e.task)} wrote record ${e.record}${replayed(e.replay)} to the output`;
    case 'TaskFailed':
      // A task failure's reason names the task: it is the whole sentence.
      return reason(e.reason);
    case 'TasksCanceled':
      return zh
        ? `所有 ${e.tasks.length} 个任务被取消，状态被清空`
        : `All ${e.tasks.length} tasks were cancelled and their state cleared`;
    case 'JobRestarting': {
      const wait = scenario
        ? humanDuration(e.delayTicks * scenario.tickMs, language)
        : zh
          ? `${e.delayTicks} 拍`
          : `${e.delayTicks} ticks`;
      return zh
        ? `重启策略允许第 ${e.attempt} 次重启：作业将在 ${wait} 后重启`
        : `The restart strategy allows restart ${e.attempt}: the job restarts in ${wait}`;
    }
    case 'StateRestored':
      if (e.checkpoint === null) {
        return zh
          ? `${name(e.task)} 没有已完成的检查点可恢复，从初始状态开始（${describeState(e.state, language)}）`
          : `${name(e.task)} has no completed checkpoint to restore and starts empty (${describeState(e.state, language)})`;
      }
      return zh
        ? `${name(e.task)} 从状态后端恢复检查点 ${e.checkpoint} 的状态（${describeState(e.state, language)}）`
        : `${name(e.task)} restored its state from checkpoint ${e.checkpoint} (${describeState(e.state, language)})`;
    case 'SourceRewound':
      return zh
        ? `${name(e.task)} 的偏移量从 ${e.from} 重置回 ${e.offset}，将重新读取之后的数据`
        : `${name(e.task)} rewound from offset ${e.from} to offset ${e.offset} and will replay from there`;
    case 'JobRestarted':
      if (e.newJob) {
        if (e.checkpoint === null) {
          return zh
            ? '新作业提交，从头开始运行（失败的作业没有已完成的检查点）'
            : 'A new job is submitted and runs from the start (the failed job has no completed checkpoint)';
        }
        return zh
          ? `从失败作业保留的${point(e.kind, e.checkpoint, language)} 提交新作业（flink run -s），新作业开始运行`
          : `A new job is submitted from the failed job's retained ${point(e.kind, e.checkpoint, language)} (flink run -s) and runs`;
      }
      if (e.checkpoint === null) {
        return zh
          ? '作业重启完成，从头开始运行（没有可用的检查点）'
          : 'The job is running again, from the start (no completed checkpoint)';
      }
      return zh
        ? `作业重启完成，从${point(e.kind, e.checkpoint, language)}恢复后继续运行${e.reason ? `（${reason(e.reason)}）` : ''}`
        : `The job is running again, restored from ${point(e.kind, e.checkpoint, language)}${e.reason ? ` (${reason(e.reason)})` : ''}`;
    case 'JobFailed':
      return zh ? `作业失败：${reason(e.reason)}` : `The job failed: ${reason(e.reason)}`;
    case 'TransactionBegun':
      return zh
        ? `${name(e.task)} 开始事务 ${e.transaction}`
        : `${name(e.task)} began transaction ${e.transaction}`;
    case 'TransactionPreCommitted':
      return zh
        ? `${name(e.task)} 在检查点 ${e.checkpoint} 的快照中预提交了事务 ${e.transaction}（${e.records} 条记录）：要等检查点完成的通知才提交`
        : `${name(e.task)} pre-committed transaction ${e.transaction} (${e.records} records) in its snapshot of checkpoint ${e.checkpoint}: it commits when told the checkpoint completed`;
    case 'TransactionAborted': {
      const why = {
        failover: zh ? '任务失败时它还开着' : 'it was open when the task failed',
        recovery: zh
          ? '恢复的检查点里没有它（残留事务）'
          : 'the restored checkpoint does not hold it (a lingering transaction)',
        timeout: zh ? '它超过了事务超时时间' : 'it outlived the transaction timeout',
        'job-end': zh ? '作业结束时它还没提交' : 'the job ended before it was committed',
      }[e.why];
      const lost =
        e.completedCheckpoint !== null
          ? zh
            ? `，可检查点 ${e.completedCheckpoint} 已经完成：这 ${e.records} 条记录丢失了`
            : `, though checkpoint ${e.completedCheckpoint} completed: its ${e.records} records are lost`
          : '';
      return zh
        ? `Broker 中止了事务 ${e.transaction}：${why}${lost}`
        : `The broker aborted transaction ${e.transaction}: ${why}${lost}`;
    }
    case 'TransactionLost':
      return zh
        ? `${name(e.task)} 无法提交检查点 ${e.checkpoint} 的事务 ${e.transaction}：Broker 已因超时中止了它，${e.records} 条记录丢失`
        : `${name(e.task)} cannot commit transaction ${e.transaction} of checkpoint ${e.checkpoint}: the broker already aborted it (timeout), and its ${e.records} records are lost`;
    case 'CommitNotificationLost':
      return zh
        ? `检查点 ${e.checkpoint} 完成的通知没有到达 ${name(e.task)}：它的事务要等下一个完成的检查点一起提交`
        : `The notification that checkpoint ${e.checkpoint} completed never reaches ${name(e.task)}: its transaction waits for the next completed checkpoint to commit it`;
    case 'InputFinished':
      return e.awaitingCheckpoint
        ? zh
          ? '所有任务都处理完了输入：它们先等最后一个检查点完成（FLIP-147，Flink 1.15 起），两阶段提交的 Sink 才能提交最后的事务，然后才结束'
          : 'Every task processed all its input: the tasks wait for a final checkpoint to complete (FLIP-147, Flink 1.15 and later) so that two-phase-commit sinks commit their last transaction, then finish'
        : zh
          ? '所有任务都处理完了输入，作业不等最后一个检查点就结束'
          : 'Every task processed all its input; the job ends without waiting for a final checkpoint';
    case 'JobFinished':
      return zh ? `作业结束：${reason(e.reason)}` : `The job finished: ${reason(e.reason)}`;
    case 'RunHalted':
      return describeBudget(e.budget)[language];
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Per-record events: many per tick, and what the graph already shows moving. */
export const RECORD_NOISE: ReadonlySet<SimEvent['type']> = new Set([
  'RecordEmitted',
  'RecordProcessed',
  'BarrierReceived',
  'RecordOutput',
]);
