import type { CheckpointKind, Reason, Scenario } from '../engine';
import { taskName } from './narration';
import type { Language } from '../scenarios/text';

const UNITS = {
  en: { h: 'h', min: 'min', s: 's', ms: 'ms' },
  zh: { h: '小时', min: '分钟', s: '秒', ms: '毫秒' },
};

/** Simulated milliseconds as a person says them: "5 min", "1.5 s", "300 ms"; "5 分钟" in Chinese. */
export function humanDuration(ms: number, language: Language): string {
  const unit = UNITS[language];
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} ${unit.h}`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} ${unit.min}`;
  if (ms >= 1000 && ms % 100 === 0) return `${ms / 1000} ${unit.s}`;
  return `${ms} ${unit.ms}`;
}

/** "1 restart attempt", "3 restart attempts". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** An operator as the graph names it. */
function operatorName(id: string, scenario: Scenario | undefined): string {
  return scenario?.operators.find((op) => op.id === id)?.name ?? id;
}

function point(kind: CheckpointKind | null, id: number | null, zh: boolean): string {
  if (zh) return `${kind === 'savepoint' ? '保存点' : '检查点'} ${id}`;
  return `${kind === 'savepoint' ? 'savepoint' : 'checkpoint'} ${id}`;
}

/** A savepoint as it was asked for: by id, or by the name given to it. */
function savepointLabel(which: string | number, zh: boolean): string {
  if (typeof which === 'number') return zh ? `保存点 ${which}` : `savepoint ${which}`;
  return zh ? `保存点“${which}”` : `savepoint "${which}"`;
}

/**
 * An engine reason as a sentence (without its final full stop, so it can sit inside another),
 * in English or Chinese. Tasks and operators are named as the graph names them; `scenario` is
 * the job the reason is about (a savepoint's job is found through its `restoreFrom`). Pure.
 */
export function reasonText(reason: Reason, language: Language, scenario?: Scenario): string {
  const zh = language === 'zh';
  const task = (id: string) => taskName(id, scenario);
  const op = (id: string) => operatorName(id, scenario);
  const duration = (ms: number) => humanDuration(ms, language);
  const inner = (r: Reason, about = scenario) => reasonText(r, language, about);
  switch (reason.code) {
    case 'task-failed-at-tick':
      return zh
        ? `${task(reason.task)} 在第 ${reason.tick} 拍失败`
        : `${task(reason.task)} failed at tick ${reason.tick}`;
    case 'task-failed-before-record':
      return zh
        ? `${task(reason.task)} 在处理记录 ${reason.record} 之前失败`
        : `${task(reason.task)} failed just before processing record ${reason.record}`;
    case 'transaction-timed-out':
      return zh
        ? `Broker 因超时中止了 ${task(reason.task)} 正开着的事务 ${reason.transaction}，它的 producer 被隔离（fenced），无法再写入`
        : `the broker aborted ${task(reason.task)}'s open transaction ${reason.transaction} (transaction timeout), so its producer is fenced and cannot write on`;
    case 'task-failed-in-sync-snapshot':
      return zh
        ? `${task(reason.task)} 在为检查点 ${reason.checkpoint} 做快照的同步阶段失败`
        : `${task(reason.task)} failed in the synchronous part of its snapshot for checkpoint ${reason.checkpoint}`;
    case 'task-failed-while-restarting':
      return zh
        ? `${task(reason.task)} 在第 ${reason.tick} 拍失败，此时作业正在重启`
        : `${task(reason.task)} failed at tick ${reason.tick} while the job was restarting`;
    case 'alignment-superseded':
      return zh
        ? `${task(reason.task)} 对齐时收到了更新的检查点 ${reason.by} 的分界线`
        : `${task(reason.task)} received barrier ${reason.by} while aligning it`;
    case 'cancellation-barrier':
      return zh
        ? `${task(reason.task)} 收到了它的取消分界线`
        : `${task(reason.task)} received its cancellation barrier`;
    case 'metadata-write-failed':
      return zh
        ? 'JobManager 写入检查点元数据失败'
        : 'the JobManager failed to write the checkpoint metadata';
    case 'checkpoint-expired':
      return zh
        ? `未在超时时间（${duration(reason.timeoutMs)}）内完成，已过期`
        : `expired before completing (timeout ${duration(reason.timeoutMs)})`;
    case 'checkpoint-subsumed':
      return zh ? `被更新的检查点 ${reason.by} 取代` : `subsumed by checkpoint ${reason.by}`;
    case 'backend-write-failed':
      return zh
        ? `状态后端写入 ${task(reason.task)} 的快照失败`
        : `the state backend failed to write the snapshot of ${task(reason.task)}`;
    case 'job-failed-over':
      return zh ? '作业发生故障转移' : 'the job failed over';
    case 'coordinator-shutdown':
      if (reason.jobStatus === 'FINISHED') {
        return zh
          ? '已中止：作业已结束，检查点协调器随之关闭'
          : 'aborted: the job finished, and its checkpoint coordinator shut down';
      }
      return zh
        ? '已中止：作业已失败，检查点协调器随之关闭'
        : 'aborted: the job failed, and its checkpoint coordinator shut down';
    case 'min-pause':
      return zh
        ? `最小间隔（${duration(reason.minPauseMs)}）：上一个检查点在 ${duration(reason.lastEndMs)} 时结束，下一个要等到 ${duration(reason.untilMs)}`
        : `the minimum pause (${duration(reason.minPauseMs)}) since the last checkpoint ended at ${duration(reason.lastEndMs)} holds the next one until ${duration(reason.untilMs)}`;
    case 'tolerable-failures-exceeded':
      return zh
        ? `检查点连续失败 ${reason.failures} 次，超过可容忍的次数（${reason.tolerable}）`
        : `${count(reason.failures, 'checkpoint failure')} in a row, more than the ${reason.tolerable} tolerated`;
    case 'stop-with-savepoint-failed':
      return zh
        ? `停止作业所用的保存点 ${reason.savepoint} 失败：${inner(reason.cause)}`
        : `stop-with-savepoint ${reason.savepoint} failed: ${inner(reason.cause)}`;
    case 'no-restart-strategy':
      return zh ? '重启策略为不重启（none）' : 'the restart strategy is none';
    case 'restarts-exhausted':
      if (reason.strategy === 'exponential-delay') {
        return zh
          ? `指数延迟重启策略（exponential-delay）在退避重置之前重启了 ${reason.attempts} 次，放弃`
          : `exponential-delay gave up after ${count(reason.attempts, 'restart attempt')} before its back-off reset`;
      }
      return zh
        ? `固定延迟重启策略（fixed-delay）在 ${reason.attempts} 次重启尝试后放弃`
        : `fixed-delay gave up after ${count(reason.attempts, 'restart attempt')}`;
    case 'failure-rate-exceeded':
      return zh
        ? `失败率重启策略（failure-rate）放弃：${duration(reason.intervalMs)}内失败 ${reason.failures} 次（最多 ${reason.maxFailures} 次）`
        : `failure-rate gave up: ${count(reason.failures, 'failure')} within ${duration(reason.intervalMs)} (at most ${reason.maxFailures})`;
    case 'savepoint-not-completed':
      return zh ? `它的状态是 ${reason.status}，尚未完成` : `it is ${reason.status}, not completed`;
    case 'savepoint-without-metadata':
      return zh ? '它不带保存点元数据' : 'it carries no savepoint metadata';
    case 'duplicate-uid':
      return zh
        ? `两个算子使用了同一个 uid“${reason.uid}”`
        : `two operators share the uid "${reason.uid}"`;
    case 'operator-kind-changed':
      return zh
        ? `uid“${reason.uid}”在保存点中是 ${reason.from}，在本作业中却是 ${reason.to}：它的状态无法恢复到这个算子`
        : `uid "${reason.uid}" names a ${reason.from} in the savepoint but a ${reason.to} in this job: its state cannot be restored into it`;
    case 'keyed-state-changed':
      return zh
        ? `${op(reason.operator)} 在按键分区与不按键的状态之间改变了（keyBy ${reason.from ?? 'none'} -> ${reason.to ?? 'none'}），两者无法相互映射`
        : `${op(reason.operator)} changed between keyed and non-keyed state (keyBy ${reason.from ?? 'none'} -> ${reason.to ?? 'none'}); one cannot be mapped onto the other`;
    case 'key-changed':
      return zh
        ? `${op(reason.operator)} 的键从 ${reason.from} 改为 ${reason.to}：保存的键与它的记录的键不再对应`
        : `${op(reason.operator)} changed its key from ${reason.from} to ${reason.to}: the saved keys no longer match the keys of its records`;
    case 'source-partitions-orphaned': {
      const orphans = reason.orphans.map((o) =>
        zh ? `${task(o.task)}（偏移量 ${o.offset}）` : `${task(o.task)} at offset ${o.offset}`,
      );
      return zh
        ? `${op(reason.operator)} 现在有 ${reason.parallelism} 个子任务，但保存点保存的是 ${reason.savedParallelism} 个子任务的偏移量；每个 Source 子任务读取自己的分区，因此 ${orphans.join('、')} 将无人读取（allowNonRestoredState 会跳过它们）`
        : `${op(reason.operator)} now has ${count(reason.parallelism, 'subtask')} but the savepoint holds offsets for ${reason.savedParallelism}; each source subtask reads its own partition, so ${orphans.join(', ')} would have no reader (allowNonRestoredState skips them)`;
    }
    case 'unmapped-state': {
      // The operator is the savepoint's: the job that took it names it.
      const name = operatorName(reason.operator, scenario?.restoreFrom?.job ?? scenario);
      return zh
        ? `本作业没有算子使用 ${reason.kind} ${name} 的 uid“${reason.uid}”，它的状态无法映射；allowNonRestoredState 会跳过它`
        : `no operator of this job has the uid "${reason.uid}" of ${reason.kind} ${name}, so its state cannot be mapped; allowNonRestoredState skips it`;
    }
    case 'savepoint-not-mappable': {
      const label = `${reason.savepoint}${reason.name ? (zh ? `“${reason.name}”` : ` "${reason.name}"`) : ''}`;
      return zh
        ? `无法从保存点 ${label} 启动“${reason.job}”：${inner(reason.cause)}`
        : `Cannot start "${reason.job}" from savepoint ${label}: ${inner(reason.cause)}`;
    }
    case 'savepoint-job-not-started': {
      const cause = inner(reason.cause, scenario?.restoreFrom?.job);
      return zh ? `“${reason.job}”无法启动：${cause}` : `"${reason.job}" could not start: ${cause}`;
    }
    case 'savepoint-failed': {
      const cause = inner(reason.cause, scenario?.restoreFrom?.job);
      return zh
        ? `“${reason.job}”的${savepointLabel(reason.savepoint, zh)}失败：${cause}`
        : `${savepointLabel(reason.savepoint, zh)} of "${reason.job}" failed: ${cause}`;
    }
    case 'savepoint-never-completed':
      return zh
        ? `“${reason.job}”从未完成${savepointLabel(reason.savepoint, zh)}`
        : `"${reason.job}" never completed a ${savepointLabel(reason.savepoint, zh)}`;
    case 'stopped-with-savepoint':
      if (reason.drain) {
        return zh
          ? `随保存点 ${reason.savepoint} 停止（--drain：Source 先发出 MAX_WATERMARK、结束输入，所有计时器和窗口都已触发）`
          : `stopped with savepoint ${reason.savepoint} (--drain: the sources sent MAX_WATERMARK and ended their input first, so every timer and window fired)`;
      }
      return zh
        ? `随保存点 ${reason.savepoint} 停止`
        : `stopped with savepoint ${reason.savepoint}`;
    case 'input-exhausted':
      if (reason.finalCheckpoint !== undefined) {
        return zh
          ? `所有 Source 都读完了输入，最后的检查点 ${reason.finalCheckpoint} 已完成`
          : `every source reached the end of its input and the final checkpoint ${reason.finalCheckpoint} completed`;
      }
      return zh ? '所有 Source 都读完了输入' : 'every source reached the end of its input';
    case 'recovery-choice': {
      const restored =
        reason.restored === 'empty'
          ? zh
            ? '没有已完成的检查点，作业从空状态开始'
            : 'no completed checkpoint, so the job starts from empty state'
          : reason.restored === 'start-savepoint'
            ? zh
              ? `还没有检查点完成，作业恢复它启动时所用的保存点 ${reason.checkpoint}`
              : `no checkpoint completed yet, so the job restores savepoint ${reason.checkpoint} it was started from`
            : zh
              ? `作业恢复${point(reason.kind, reason.checkpoint, zh)}`
              : `the job restores ${point(reason.kind, reason.checkpoint, zh)}`;
      if (reason.ignoredSavepoint === null) return restored;
      return zh
        ? `${restored}；保存点 ${reason.ignoredSavepoint} 更新，但自 Flink 1.15 起自动恢复不使用保存点`
        : `${restored}; savepoint ${reason.ignoredSavepoint} is newer, but since Flink 1.15 a savepoint is not used for automatic recovery`;
    }
  }
}
