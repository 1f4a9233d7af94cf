import type { LessonInfo } from '../../scenarios/lesson';
import { onDemand, onFirstInput } from '../layout/onDemand';

/**
 * The course's list of lessons, with their titles (src/scenarios/lessons/registry.ts): the first
 * screen shows the first lesson, whose own title it has, and does without the list. It loads on
 * the page's first input of any kind, when the picker is about to open, when a step offers the
 * next lesson, or as any other screen than the first lesson's shows (the header's picker).
 */
const registry = onDemand(() => import('../../scenarios/lessons/registry'));

// Where it cannot load, the picker offers the lesson on screen and a last step no next lesson.
export const prepareCourse = () => void registry.load().catch(() => {});

/** Loads the course on the page's first input of any kind; returns what stops waiting for it. */
export function prepareCourseOnFirstInput(): () => void {
  return onFirstInput(prepareCourse);
}

/** The lessons of the course in order, once loaded; undefined until then. */
export function useCourse(): readonly LessonInfo[] | undefined {
  return registry.useLoaded()?.COURSE;
}
