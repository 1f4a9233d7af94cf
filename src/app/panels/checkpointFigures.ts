import type { MetricSummary, SubtaskCheckpointMetrics } from '../../engine';
import type { LocalText } from '../i18n';
import type { Language } from '../store';
import { formatBytes, formatMs } from './format';

/** A figure of Flink's per-subtask checkpoint metrics that a number gives. */
export type FigureKey = {
  [K in keyof SubtaskCheckpointMetrics]: SubtaskCheckpointMetrics[K] extends number | null
    ? K
    : never;
}[keyof SubtaskCheckpointMetrics];

export interface Figure {
  key: FigureKey;
  label: LocalText;
  /** What it measures, as a tooltip. */
  help: LocalText;
  unit: 'ms' | 'bytes' | 'records';
}

/**
 * Flink's checkpoint details, per subtask and in the summary over subtasks, in the order its web
 * UI lists them. Persisted in-flight data is only for a checkpoint that was not wholly aligned.
 */
export const FIGURES: readonly Figure[] = [
  {
    key: 'endToEndMs',
    label: { en: 'End to end', zh: '端到端耗时' },
    help: {
      en: 'From the trigger until the JobManager received the acknowledgement',
      zh: '从触发到 JobManager 收到确认',
    },
    unit: 'ms',
  },
  {
    key: 'sizeBytes',
    label: { en: 'Checkpointed size', zh: '检查点大小' },
    help: { en: 'The state’s bytes, channel state included', zh: '状态的字节数，包括通道状态' },
    unit: 'bytes',
  },
  {
    key: 'syncMs',
    label: { en: 'Sync duration', zh: '同步阶段耗时' },
    help: {
      en: 'The synchronous part of the snapshot: here the state is copied within its tick',
      zh: '快照的同步部分：这里状态在当拍内复制完成',
    },
    unit: 'ms',
  },
  {
    key: 'asyncMs',
    label: { en: 'Async duration', zh: '异步阶段耗时' },
    help: {
      en: 'From the snapshot until the state backend stored it',
      zh: '从快照到状态后端存储完成',
    },
    unit: 'ms',
  },
  {
    key: 'alignmentMs',
    label: { en: 'Alignment', zh: '对齐耗时' },
    help: {
      en: 'From the first barrier until the snapshot: 0 for an unaligned one',
      zh: '从第一个分界线到达到快照：非对齐快照为 0',
    },
    unit: 'ms',
  },
  {
    key: 'startDelayMs',
    label: { en: 'Start delay', zh: '启动延迟' },
    help: {
      en: 'From the trigger until the first barrier reached the subtask',
      zh: '从触发到第一个分界线到达子任务',
    },
    unit: 'ms',
  },
  {
    key: 'processedRecords',
    label: { en: 'Processed in-flight data', zh: '对齐期间处理的数据' },
    help: {
      en: 'Records processed between the first and the last barrier reaching the subtask',
      zh: '从第一个到最后一个分界线到达子任务之间处理的数据条数',
    },
    unit: 'records',
  },
  {
    key: 'persistedRecords',
    label: { en: 'Persisted in-flight data', zh: '保存的在途数据' },
    help: {
      en: 'Records persisted as channel state: only an unaligned snapshot has any',
      zh: '作为通道状态保存的数据条数：只有非对齐快照才有',
    },
    unit: 'records',
  },
];

/** The figures a checkpoint of this type has. */
export function figuresOf(type: 'aligned' | 'unaligned' | 'aligned-timed-out'): Figure[] {
  return FIGURES.filter((f) => type !== 'aligned' || f.key !== 'persistedRecords');
}

/** A figure's value as the web UI prints it; an average may be a fraction. */
export function formatFigure(figure: Figure, value: number | null, language: Language): string {
  if (value === null) return '–';
  if (figure.unit === 'ms') return formatMs(Math.round(value));
  if (figure.unit === 'bytes') return formatBytes(Math.round(value));
  const n = Number.isInteger(value) ? value : +value.toFixed(1);
  return language === 'zh' ? `${n} 条` : `${n} ${n === 1 ? 'record' : 'records'}`;
}

/** The summary over subtasks of every figure, as Flink's summary table. */
export type FigureSummary = Record<FigureKey, MetricSummary | null>;
