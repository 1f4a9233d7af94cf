import type { CheckpointKind, OperatorState, Scenario, SimEvent } from '../engine';
import type { Language } from './store';

/**
 * A subtask as a teacher names it: the operator's display name and, where there can be more
 * than one, its 1-based index as Flink's web UI counts subtasks (`source#1` -> "Source 2").
 * With the scenario at hand the index shows only for operators running in parallel (and for
 * sources, which the seed always counts); without it, only for sources and subtasks past the
 * first.
 */
export function taskName(id: string, scenario?: Scenario): string {
  const hash = id.lastIndexOf('#');
  if (hash < 0) return id;
  const operatorId = id.slice(0, hash);
  const subtask = Number(id.slice(hash + 1));
  const operator = scenario?.operators.find((op) => op.id === operatorId);
  const name = operator?.name ?? (operatorId === 'source' ? 'Source' : operatorId);
  const isSource = operator ? operator.kind === 'source' : operatorId.startsWith('source');
  const parallel = operator ? operator.parallelism > 1 : subtask > 0;
  return isSource || parallel ? `${name} ${subtask + 1}` : name;
}

/** The sending subtask of a channel id `from->to`. */
function sender(channel: string): string {
  return channel.split('->')[0];
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

const REASONS_ZH: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^failed just before processing record (-?\d+)$/, (m) => `在处理记录 ${m[1]} 之前失败`],
  [/^failed at tick (\d+)$/, (m) => `在 tick ${m[1]} 失败`],
  [/^the job failed over$/, () => '作业发生故障转移'],
  [
    /^expired before completing \(timeout (\d+) ms\)$/,
    (m) => `未在超时时间（${m[1]} ms）内完成，已过期`,
  ],
  [/^subsumed by checkpoint (\d+)$/, (m) => `被更新的检查点 ${m[1]} 取代`],
  [
    /^the state backend failed to write the snapshot of (.+)$/,
    (m) => `状态后端写入 ${m[1]} 的快照失败`,
  ],
  [
    /^checkpoint failures \((\d+)\) exceeded the tolerable number \((\d+)\)$/,
    (m) => `检查点连续失败 ${m[1]} 次，超过可容忍的次数（${m[2]}）`,
  ],
  [/^the restart strategy is none$/, () => '重启策略为不重启（none）'],
  [
    /^fixed-delay gave up after (\d+) restart attempts$/,
    (m) => `固定延迟重启策略在 ${m[1]} 次重启后放弃`,
  ],
  [
    /^failure-rate gave up: (\d+) failures within (\d+) ms \(at most (\d+)\)$/,
    (m) => `失败率重启策略放弃：${m[2]} ms 内失败 ${m[1]} 次（最多 ${m[3]} 次）`,
  ],
  [
    /^the minimum pause \((\d+) ms\) since the last checkpoint ended at (\d+) ms holds the next one until (\d+) ms$/,
    (m) => `最小间隔（${m[1]} ms）：上一个检查点在 ${m[2]} ms 结束，下一个要等到 ${m[3]} ms`,
  ],
  [
    /^stop-with-savepoint (\d+) failed: (.+)$/,
    (m) => `停止并保存的保存点 ${m[1]} 失败：${reasonZh(m[2])}`,
  ],
  [
    /^(.+); savepoint (\d+) is newer, but since Flink 1\.15 a savepoint is not used for automatic recovery$/,
    (m) => `${reasonZh(m[1])}；保存点 ${m[2]} 更新，但自 Flink 1.15 起自动恢复不使用保存点`,
  ],
  [
    /^no completed checkpoint, so the job starts from empty state$/,
    () => '没有已完成的检查点，作业从空状态开始',
  ],
  [
    /^no checkpoint completed yet, so the job restores savepoint (\d+) it was started from$/,
    (m) => `还没有检查点完成，作业恢复它启动时所用的保存点 ${m[1]}`,
  ],
  [/^the job restores checkpoint (\d+)$/, (m) => `作业恢复检查点 ${m[1]}`],
  [/^the job restores savepoint (\d+)$/, (m) => `作业恢复保存点 ${m[1]}`],
  [
    /^Cannot start "(.+)" from savepoint (\d+)(?: "(.+)")?: (.+)$/,
    (m) => `无法从保存点 ${m[2]}${m[3] ? `“${m[3]}”` : ''}启动“${m[1]}”：${reasonZh(m[4])}`,
  ],
  [/^it is (\w+), not completed$/, (m) => `它的状态是 ${m[1]}，尚未完成`],
  [/^checkpoint (\d+) carries no savepoint metadata$/, (m) => `检查点 ${m[1]} 不带保存点元数据`],
  [/^two operators share the uid "(.+)"$/, (m) => `两个算子使用了同一个 uid“${m[1]}”`],
  [
    /^uid "(.+)" names a (\w+) in the savepoint but a (\w+) in this job: its state cannot be restored into it$/,
    (m) => `uid“${m[1]}”在保存点中是 ${m[2]}，在本作业中却是 ${m[3]}：它的状态无法恢复到这个算子`,
  ],
  [
    /^"(.+)" changed between keyed and non-keyed state \(keyBy (\S+) -> (\S+)\); one cannot be mapped onto the other$/,
    (m) =>
      `“${m[1]}”在按键分区与不按键的状态之间改变了（keyBy ${m[2]} -> ${m[3]}），两者无法相互映射`,
  ],
  [
    /^"(.+)" changed its key from (\S+) to (\S+): the saved keys no longer match the keys of its records$/,
    (m) => `“${m[1]}”的键从 ${m[2]} 改为 ${m[3]}：保存的键与它的记录的键不再对应`,
  ],
  [
    /^"(.+)" now has (\d+) subtasks but the savepoint holds offsets for (\d+); each source subtask reads its own partition, so (.+) would have no reader \(allowNonRestoredState skips them\)$/,
    (m) =>
      `“${m[1]}”现在有 ${m[2]} 个子任务，但保存点保存的是 ${m[3]} 个子任务的偏移量；每个 Source 子任务读取自己的分区，因此 ${m[4]} 将无人读取（allowNonRestoredState 会跳过它们）`,
  ],
  [
    /^no operator of this job has the uid "(.+)" of (\w+) "(.+)", so its state cannot be mapped; allowNonRestoredState skips it$/,
    (m) =>
      `本作业没有算子使用 ${m[2]}“${m[3]}”的 uid“${m[1]}”，它的状态无法映射；allowNonRestoredState 会跳过它`,
  ],
  [/^stopped with savepoint (\d+)$/, (m) => `随保存点 ${m[1]} 停止`],
  [/^every source reached the end of its input$/, () => '所有 Source 都读完了输入'],
];

/**
 * An engine reason (English, naming tasks by id) as the reader's sentence: task ids become
 * display names, and the reasons the engine gives are translated; an unknown one stays English.
 */
export function describeReason(reason: string, language: Language, scenario?: Scenario): string {
  const named = reason.replace(/[A-Za-z_][\w-]*#\d+/g, (id) => taskName(id, scenario));
  return language === 'en' ? named : reasonZh(named);
}

/** A reason whose tasks are already named, in Chinese where its form is known. */
function reasonZh(reason: string): string {
  for (const [pattern, say] of REASONS_ZH) {
    const m = reason.match(pattern);
    if (m) return say(m);
  }
  return reason;
}

/**
 * One event as a plain sentence, as a teacher would say it while pointing at the graph. Pure.
 * The scenario, when given, lets names follow the job's parallelism and delays read in ms.
 */
export function describeEvent(e: SimEvent, language: Language, scenario?: Scenario): string {
  const zh = language === 'zh';
  const name = (id: string) => taskName(id, scenario);
  const reason = (r: string) => describeReason(r, language, scenario);
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
    case 'RecordBuffered':
      return zh
        ? `${name(e.task)} 在对齐期间缓存了来自 ${name(sender(e.channel))} 的记录 ${e.record}`
        : `${name(e.task)} buffered record ${e.record} from ${name(sender(e.channel))} while aligning`;
    case 'SnapshotTaken':
      return zh
        ? `${name(e.task)} 为检查点 ${e.checkpoint} 做状态快照（${describeState(e.state, language)}）`
        : `${name(e.task)} took its snapshot for checkpoint ${e.checkpoint} (${describeState(e.state, language)})`;
    case 'BarrierForwarded':
      return zh
        ? `${name(e.task)} 向下游转发分界线 ${e.checkpoint}`
        : `${name(e.task)} forwarded barrier ${e.checkpoint} downstream`;
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
      if (e.record !== undefined) {
        return zh
          ? `${name(e.task)} 在处理记录 ${e.record} 之前失败`
          : `${name(e.task)} failed just before processing record ${e.record}`;
      }
      // Engine reasons for a task read "failed at tick 30": they finish the sentence.
      if (e.reason.startsWith('failed ')) return `${name(e.task)} ${reason(e.reason)}`;
      return zh
        ? `${name(e.task)} 失败：${reason(e.reason)}`
        : `${name(e.task)} failed: ${reason(e.reason)}`;
    case 'TasksCanceled':
      return zh
        ? `所有 ${e.tasks.length} 个任务被取消，状态被清空`
        : `All ${e.tasks.length} tasks were cancelled and their state cleared`;
    case 'JobRestarting': {
      const wait = scenario
        ? duration(e.delayTicks * scenario.tickMs)
        : zh
          ? `${e.delayTicks} 个 tick`
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
    case 'JobFinished':
      return zh ? `作业结束：${reason(e.reason)}` : `The job finished: ${reason(e.reason)}`;
  }
}

/** Milliseconds as said aloud: "300 ms", "10 s". */
function duration(ms: number): string {
  return ms >= 10_000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
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
