import type { Lesson } from '../lesson';

/** The course: one lesson per section of the seed text, in order. */
export const LESSONS: Lesson[] = [];

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
