import type { LocalText } from '../text';

/**
 * The built-in scenarios' titles in both languages, by scenario id, in the picker's order (that
 * of `PRESETS`). A scenario's own `title` is English: it travels in share links and files, which
 * a reader of either language may open.
 */
const TITLES: Readonly<Record<string, LocalText>> = {
  'odd-even-sum': {
    en: 'Odd/even sum: a consistent checkpoint and recovery',
    zh: '奇偶求和：一致的检查点与故障恢复',
  },
  'stop-the-world': {
    en: 'The simple idea: stop the world, then snapshot',
    zh: '朴素的想法：先让整个作业停下，再做快照',
  },
  'barrier-snapshots': {
    en: 'The same job with barrier snapshots',
    zh: '同一个作业，改用分界线（barrier）快照',
  },
  'barrier-alignment': {
    en: 'Barriers and alignment with two sources',
    zh: '两个 Source 的分界线与对齐',
  },
  'at-least-once-replay': {
    en: 'At-least-once against exactly-once after a failure',
    zh: '故障之后：至少一次与精确一次的对比',
  },
  'checkpoint-config': {
    en: 'CheckpointConfig: interval, minimum pause and timeout',
    zh: 'CheckpointConfig：间隔、最小间隔与超时',
  },
  'savepoint-upgrade': {
    en: 'Savepoints: back up, stop, then upgrade the job',
    zh: '保存点：备份、停止，再升级作业',
  },
  'savepoint-upgrade-v2': {
    en: 'Savepoints: the upgraded job resumes from the savepoint',
    zh: '保存点：升级后的作业从保存点继续运行',
  },
  'restart-fixed-delay': {
    en: 'Restart strategy: fixed delay, 3 attempts, 10 s apart',
    zh: '重启策略：固定延迟，最多 3 次，间隔 10 秒',
  },
  'restart-failure-rate': {
    en: 'Restart strategy: failure rate, 5 per 5 minutes, 10 s apart',
    zh: '重启策略：失败率，5 分钟内最多 5 次，间隔 10 秒',
  },
  'slow-sink-aligned': {
    en: 'Backpressure: a slow sink, aligned checkpoints expire',
    zh: '反压：很慢的 Sink，对齐检查点过期',
  },
  'slow-sink-unaligned': {
    en: 'Backpressure: unaligned checkpoints and a restore',
    zh: '反压：非对齐检查点与恢复',
  },
  'slow-sink-aligned-timeout': {
    en: 'Backpressure: the aligned-checkpoint timeout',
    zh: '反压：对齐检查点超时',
  },
  'two-phase-commit': {
    en: 'End-to-end exactly-once: a two-phase-commit sink and its readers',
    zh: '端到端精确一次：两阶段提交的 Sink 与下游读者',
  },
  'at-least-once-sink': {
    en: 'End-to-end: an at-least-once sink after the same failure',
    zh: '端到端：同样的故障之后，至少一次的 Sink',
  },
  'two-phase-commit-latency': {
    en: 'End-to-end exactly-once: output latency and the checkpoint interval',
    zh: '端到端精确一次：输出延迟与检查点间隔',
  },
  'two-phase-commit-timeout': {
    en: 'End-to-end exactly-once: the transaction timeout trap',
    zh: '端到端精确一次：事务超时的陷阱',
  },
};

/** The built-in scenarios as the picker lists them, without loading their definitions. */
export const PRESET_TITLES: readonly { id: string; title: LocalText }[] = Object.entries(
  TITLES,
).map(([id, title]) => ({ id, title }));
