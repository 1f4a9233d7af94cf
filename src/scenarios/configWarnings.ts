import type { CheckpointConfig, OperatorSpec, RestartStrategy } from '../engine';

/** A configuration that is valid but does not do what it seems to ask for. */
export interface ConfigWarning {
  /** The option the warning is about: a key of CheckpointConfig, `restart`, or a sink's options. */
  field: keyof CheckpointConfig | 'restart' | 'sink';
  en: string;
  zh: string;
}

/**
 * What a reader of Flink's documentation would warn about in this configuration: options that
 * cancel each other out, or that cannot have the effect they seem to ask for. Pure; an empty
 * list means nothing to say.
 */
export function configWarnings(
  config: CheckpointConfig,
  restart?: RestartStrategy,
  operators: readonly OperatorSpec[] = [],
): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  const { intervalMs, timeoutMs, minPauseMs, maxConcurrent } = config;

  if (maxConcurrent > 1 && minPauseMs > 0) {
    warnings.push({
      field: 'maxConcurrent',
      en: `Max concurrent ${maxConcurrent} and min pause ${minPauseMs} ms conflict, says Flink's documentation: max concurrent "cannot be used" with a min pause. Flink's scheduler (CheckpointRequestDecider) only waits until fewer than ${maxConcurrent} checkpoints are pending and ${minPauseMs} ms have passed since the last one completed, so two can still overlap when a checkpoint outlasts the interval.`,
      zh: `Flink 文档说最大并发数 ${maxConcurrent} 与最小间隔 ${minPauseMs} ms 冲突：设置最小间隔时最大并发数"不能使用"。而 Flink 的调度器（CheckpointRequestDecider）只检查进行中的检查点少于 ${maxConcurrent} 个、且距上一个完成的检查点已过 ${minPauseMs} ms，所以检查点比间隔还长时，两个检查点仍可能同时进行。`,
    });
  }
  if (intervalMs !== null && timeoutMs < intervalMs) {
    warnings.push({
      field: 'timeoutMs',
      en: `The timeout (${timeoutMs} ms) is shorter than the interval (${intervalMs} ms): a checkpoint that is slow once expires long before the next is due. Flink's advice is a timeout of minutes.`,
      zh: `超时时间（${timeoutMs} ms）比检查点间隔（${intervalMs} ms）还短：一次稍慢的检查点就会过期。一般把超时设为分钟级别。`,
    });
  }
  if (intervalMs !== null && minPauseMs >= intervalMs) {
    warnings.push({
      field: 'minPauseMs',
      en: `The min pause (${minPauseMs} ms) is not shorter than the interval (${intervalMs} ms): checkpoints start every checkpoint duration + min pause, and the interval no longer matters.`,
      zh: `最小间隔（${minPauseMs} ms）不小于检查点间隔（${intervalMs} ms）：检查点的启动间隔变成"检查点耗时 + 最小间隔"，设置的间隔不再起作用。`,
    });
  }
  if (config.preferCheckpointForRecovery === true) {
    warnings.push({
      field: 'preferCheckpointForRecovery',
      en: 'setPreferCheckpointForRecovery is deprecated since Flink 1.12 and removed in 1.14: falling back to a checkpoint older than a newer savepoint could lose data or duplicate output. Since 1.15 savepoints are never used for automatic recovery, as here.',
      zh: 'setPreferCheckpointForRecovery 自 Flink 1.12 起已弃用，1.14 中移除：越过较新的保存点退回到更旧的检查点，可能丢数据或重复输出。自 1.15 起自动恢复从不使用保存点，这里也是如此。',
    });
  } else if (config.preferCheckpointForRecovery === false) {
    warnings.push({
      field: 'preferCheckpointForRecovery',
      en: 'preferCheckpointForRecovery false is Flink 1.14 and earlier: recovery takes a savepoint when it is newer than the latest checkpoint. The option was removed in 1.14, and since 1.15 savepoints are never used for automatic recovery.',
      zh: 'preferCheckpointForRecovery 为 false 是 Flink 1.14 及更早的行为：保存点比最新的检查点更新时，恢复使用保存点。该选项在 1.14 中移除，自 1.15 起自动恢复从不使用保存点。',
    });
  }
  if (config.unaligned === true && config.mode !== 'exactly-once') {
    warnings.push({
      field: 'unaligned',
      en: `Unaligned checkpoints apply in EXACTLY_ONCE mode only: in ${config.mode === 'at-least-once' ? 'AT_LEAST_ONCE' : 'stop-the-world'} mode barriers never overtake records, and the option does nothing.`,
      zh: `非对齐检查点只在 EXACTLY_ONCE 模式下生效：在${config.mode === 'at-least-once' ? ' AT_LEAST_ONCE ' : '“停止世界”'}模式下分界线从不越过数据，这个选项不起作用。`,
    });
  }
  const alignedTimeout = config.alignedCheckpointTimeoutMs ?? null;
  if (alignedTimeout !== null && alignedTimeout > 0 && config.unaligned !== true) {
    warnings.push({
      field: 'alignedCheckpointTimeoutMs',
      en: `The aligned-checkpoint timeout (${alignedTimeout} ms) is only relevant with unaligned checkpoints enabled, says Flink's documentation: without them every checkpoint stays aligned.`,
      zh: `Flink 文档说，对齐检查点超时（${alignedTimeout} ms）只在启用非对齐检查点时才有意义：不启用时，每个检查点都保持对齐。`,
    });
  }
  if (config.mode === 'at-least-once') {
    warnings.push({
      field: 'mode',
      en: 'AT_LEAST_ONCE does not align barriers: after a recovery, records that arrived behind a barrier are counted again.',
      zh: 'AT_LEAST_ONCE 不做分界线对齐：恢复后，在分界线之后到达的记录会被重复计算。',
    });
  }
  if (restart?.type === 'fixed-delay' && restart.attempts === 0) {
    warnings.push({
      field: 'restart',
      en: 'A fixed-delay strategy with 0 attempts never restarts: it is the same as no restart.',
      zh: '固定延迟重启策略的重启次数为 0 时永远不会重启，等同于不重启（none）。',
    });
  }
  for (const op of operators) {
    if (op.kind !== 'sink' || op.transactional === true || op.transactionTimeoutMs === undefined)
      continue;
    const name = op.name ?? op.id;
    warnings.push({
      field: 'sink',
      en: `Sink ${name} has a transaction timeout (${op.transactionTimeoutMs} ms) but does not write in transactions: transaction.timeout.ms only applies to a transactional producer (KafkaSink with EXACTLY_ONCE), so here it does nothing.`,
      zh: `Sink ${name} 设置了事务超时（${op.transactionTimeoutMs} ms），却不在事务中写入：transaction.timeout.ms 只对事务型的生产者（EXACTLY_ONCE 的 KafkaSink）起作用，在这里不起作用。`,
    });
  }
  return warnings;
}
