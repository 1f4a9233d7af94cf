import type { LessonBody, LessonInfo } from '../lesson';

/** A lesson of the course: what the course says of it, and where its run and steps are. */
export interface LessonEntry extends LessonInfo {
  /** Loads the lesson's module: the first screen holds only the lesson it shows. */
  body: () => Promise<LessonBody>;
}

/**
 * The course's first lesson, which the app opens on `/`: its entry is on the first screen, the
 * rest of the course (./registry) loads when the course is first wanted.
 */
export const FIRST_LESSON: LessonEntry = {
  id: 'consistent-checkpoint',
  order: 1,
  title: {
    en: 'A consistent checkpoint, and recovery from it',
    zh: '一致性检查点，以及从检查点恢复',
  },
  body: () => import('./lesson1ConsistentCheckpoint').then((m) => m.lesson1ConsistentCheckpoint),
};
