import type { Lesson } from '../lesson';
import { loadLesson } from './index';
import { COURSE } from './registry';

/**
 * The whole course, every lesson loaded, in course order: one lesson per section of the seed
 * text (a section taught in two parts has two). The app loads lessons one at a time through
 * `./index`; the link reader, the CLI and the tests read them all here. Both go through the one
 * registry (`./registry`).
 */
export const LESSONS: Lesson[] = await Promise.all(
  COURSE.map(async ({ id }) => (await loadLesson(id))!),
);

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
