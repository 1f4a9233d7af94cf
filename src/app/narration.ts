import { isolated } from '../scenarios/text';
import type { Scenario } from '../engine';
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
  const name = isolated(operator?.name ?? (operatorId === 'source' ? 'Source' : operatorId));
  const isSource = operator ? operator.kind === 'source' : operatorId.startsWith('source');
  const parallel = operator ? operator.parallelism > 1 : subtask > 0;
  return isSource || parallel ? `${name} ${subtask + 1}` : name;
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
