import type { Lesson, LessonInfo } from '../lesson';
import { COURSE } from './info';

/**
 * The lessons the app lists, in course order. A lesson's steps are loaded when it is opened
 * (`loadLesson`): the first screen needs the titles and the one lesson it shows.
 */
export const LESSONS: readonly LessonInfo[] = COURSE;

const LOADERS: Record<string, () => Promise<Lesson>> = {
  'consistent-checkpoint': () =>
    import('./lesson1ConsistentCheckpoint').then((m) => m.lesson1ConsistentCheckpoint),
  'stop-the-world-vs-barriers': () =>
    import('./lesson2StopTheWorld').then((m) => m.lesson2StopTheWorld),
  'barrier-alignment': () =>
    import('./lesson3BarrierAlignment').then((m) => m.lesson3BarrierAlignment),
  'exactly-once-vs-at-least-once': () =>
    import('./lesson4ExactlyVsAtLeastOnce').then((m) => m.lesson4ExactlyVsAtLeastOnce),
  'checkpoint-config': () =>
    import('./lesson5CheckpointConfig').then((m) => m.lesson5CheckpointConfig),
  savepoints: () => import('./lesson6Savepoints').then((m) => m.lesson6Savepoints),
  'savepoint-upgrade-v2': () => import('./lesson6Savepoints').then((m) => m.lesson6Upgrade),
  'restart-strategies': () =>
    import('./lesson7RestartStrategies').then((m) => m.lesson7RestartStrategies),
  'restart-failure-rate': () =>
    import('./lesson7RestartStrategies').then((m) => m.lesson7FailureRate),
  'backpressure-aligned': () => import('./lesson8Backpressure').then((m) => m.lesson8Backpressure),
  'backpressure-unaligned': () => import('./lesson8Backpressure').then((m) => m.lesson8Unaligned),
  'backpressure-aligned-timeout': () =>
    import('./lesson8Backpressure').then((m) => m.lesson8Timeout),
  'end-to-end-exactly-once': () => import('./lesson9EndToEnd').then((m) => m.lesson9TwoPhaseCommit),
  'end-to-end-latency': () => import('./lesson9EndToEnd').then((m) => m.lesson9Latency),
  'transaction-timeout': () => import('./lesson9EndToEnd').then((m) => m.lesson9Timeout),
};

const loaded = new Map<string, Lesson>();

/** Loads a lesson of the course by id; undefined for an id the course does not have. */
export async function loadLesson(id: string): Promise<Lesson | undefined> {
  const known = loaded.get(id);
  if (known) return known;
  const load = Object.hasOwn(LOADERS, id) ? LOADERS[id] : undefined;
  if (!load) return undefined;
  const lesson = await load();
  loaded.set(id, lesson);
  return lesson;
}

/**
 * A lesson already loaded by `loadLesson`, else undefined. The app names a lesson in its state
 * only after loading it, so whatever reads the state's lesson finds it here.
 */
export function lessonById(id: string): Lesson | undefined {
  return loaded.get(id);
}
