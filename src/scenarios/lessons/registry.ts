import type { LessonInfo, LessonPart } from '../lesson';
import { FIRST_LESSON, type LessonEntry as Entry } from './first';

/**
 * The course's one list of lessons, loaded when the course is first wanted (the header's picker,
 * the list of lessons, a lesson other than the first): each lesson module holds only its run and
 * steps (`body`), and the list of lessons adds each one's summary (`./summaries`, keyed by the
 * ids here, loaded with the list).
 */
export const REGISTRY = {
  'consistent-checkpoint': FIRST_LESSON,
  'stop-the-world-vs-barriers': {
    id: 'stop-the-world-vs-barriers',
    order: 2,
    title: {
      en: 'The simple idea: stop the world, or send barriers',
      zh: '简单的想法：暂停整个应用，还是发送分界线',
    },
    body: () => import('./lesson2StopTheWorld').then((m) => m.lesson2StopTheWorld),
  },
  'barrier-alignment': {
    id: 'barrier-alignment',
    order: 3,
    title: {
      en: 'Barriers and alignment with two sources',
      zh: '两个数据源下的分界线与对齐',
    },
    body: () => import('./lesson3BarrierAlignment').then((m) => m.lesson3BarrierAlignment),
  },
  'exactly-once-vs-at-least-once': {
    id: 'exactly-once-vs-at-least-once',
    order: 4,
    title: {
      en: 'Exactly-once or at-least-once after a failure',
      zh: '故障之后：精确一次还是至少一次',
    },
    body: () => import('./lesson4ExactlyVsAtLeastOnce').then((m) => m.lesson4ExactlyVsAtLeastOnce),
  },
  'checkpoint-config': {
    id: 'checkpoint-config',
    order: 5,
    title: {
      en: 'Configuring checkpoints: interval, minimum pause, timeout',
      zh: '在代码中配置检查点：间隔、最小间隔、超时',
    },
    body: () => import('./lesson5CheckpointConfig').then((m) => m.lesson5CheckpointConfig),
  },
  savepoints: {
    id: 'savepoints',
    order: 6,
    title: {
      en: 'Savepoints: back up, stop, upgrade',
      zh: '保存点：备份、停止、升级',
    },
    body: () => import('./lesson6Savepoints').then((m) => m.lesson6Savepoints),
  },
  'savepoint-upgrade-v2': {
    id: 'savepoint-upgrade-v2',
    order: 6,
    title: {
      en: 'Savepoints: the upgraded job resumes',
      zh: '保存点：升级后的作业从保存点继续',
    },
    body: () => import('./lesson6Savepoints').then((m) => m.lesson6Upgrade),
  },
  'restart-strategies': {
    id: 'restart-strategies',
    order: 7,
    title: {
      en: 'Restart strategies: how often, how soon',
      zh: '重启策略：重启几次，隔多久',
    },
    body: () => import('./lesson7RestartStrategies').then((m) => m.lesson7RestartStrategies),
  },
  'restart-failure-rate': {
    id: 'restart-failure-rate',
    order: 7,
    title: {
      en: 'Restart strategies: the failure rate',
      zh: '重启策略：失败率',
    },
    body: () => import('./lesson7RestartStrategies').then((m) => m.lesson7FailureRate),
  },
  'backpressure-aligned': {
    id: 'backpressure-aligned',
    order: 8,
    title: {
      en: 'Checkpoints under backpressure: aligned barriers wait',
      zh: '反压下的检查点：对齐的分界线在等待',
    },
    body: () => import('./lesson8Backpressure').then((m) => m.lesson8Backpressure),
  },
  'backpressure-unaligned': {
    id: 'backpressure-unaligned',
    order: 8,
    title: {
      en: 'Checkpoints under backpressure: unaligned',
      zh: '反压下的检查点：非对齐',
    },
    body: () => import('./lesson8Backpressure').then((m) => m.lesson8Unaligned),
  },
  'backpressure-aligned-timeout': {
    id: 'backpressure-aligned-timeout',
    order: 8,
    title: {
      en: 'Checkpoints under backpressure: the aligned timeout',
      zh: '反压下的检查点：对齐超时',
    },
    body: () => import('./lesson8Backpressure').then((m) => m.lesson8Timeout),
  },
  'end-to-end-exactly-once': {
    id: 'end-to-end-exactly-once',
    order: 9,
    title: {
      en: 'End-to-end exactly-once: a two-phase-commit sink',
      zh: '端到端精确一次：两阶段提交的 Sink',
    },
    body: () => import('./lesson9EndToEnd').then((m) => m.lesson9TwoPhaseCommit),
  },
  'end-to-end-latency': {
    id: 'end-to-end-latency',
    order: 9,
    title: {
      en: 'End-to-end exactly-once: output latency',
      zh: '端到端精确一次：输出延迟',
    },
    body: () => import('./lesson9EndToEnd').then((m) => m.lesson9Latency),
  },
  'transaction-timeout': {
    id: 'transaction-timeout',
    order: 9,
    title: {
      en: 'End-to-end exactly-once: the transaction timeout trap',
      zh: '端到端精确一次：事务超时的陷阱',
    },
    body: () => import('./lesson9EndToEnd').then((m) => m.lesson9Timeout),
  },
} satisfies Record<string, Entry>;

export type LessonId = keyof typeof REGISTRY;

/** The course in the order it is taken (a section taught in two parts has two entries). */
const ORDERED = Object.values(REGISTRY)
  .map(({ id, order, title }) => ({ id, order, title }))
  .sort((a, b) => a.order - b.order);

/**
 * Which part of its lesson `id` is, where a section is taught in parts (they share the lesson's
 * number): null for a lesson in one part.
 */
export function partOf(id: string): LessonPart | null {
  const entry = ORDERED.find((lesson) => lesson.id === id);
  if (!entry) return null;
  const parts = ORDERED.filter((lesson) => lesson.order === entry.order);
  return parts.length < 2 ? null : { part: parts.indexOf(entry) + 1, parts: parts.length };
}

export const COURSE: readonly LessonInfo[] = ORDERED.map((lesson) => ({
  ...lesson,
  part: partOf(lesson.id),
}));

/** The registry's entry for `id`, if the course has that lesson. */
export function entryOf(id: string): Entry | undefined {
  return Object.hasOwn(REGISTRY, id) ? REGISTRY[id as LessonId] : undefined;
}
