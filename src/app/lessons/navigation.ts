import type { Lesson, LessonInfo } from '../../scenarios/lesson';
import { loadLesson } from '../../scenarios/lessons';
import { useStore } from '../store';

/** The lesson taken after this one in `course`, if any. */
export function nextLesson(lesson: Lesson, course: readonly LessonInfo[]): LessonInfo | undefined {
  const at = course.findIndex((l) => l.id === lesson.id);
  return at >= 0 ? course[at + 1] : undefined;
}

let latestRequest = 0;

/**
 * Loads a lesson of the course and opens it at a step. When another lesson is asked for while
 * this one loads, only the last one asked for opens.
 */
export async function openLessonById(id: string, step = 0): Promise<void> {
  const request = ++latestRequest;
  const lesson = await loadLesson(id);
  if (lesson && request === latestRequest) useStore.getState().openLesson(lesson, step);
}

/** Something else was opened: a lesson still loading stays closed. */
export function cancelLessonOpening(): void {
  latestRequest++;
}
