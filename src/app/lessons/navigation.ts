import type { Lesson } from '../../scenarios/lesson';
import { loadLesson } from '../../scenarios/lessons';
import { useStore } from '../store';

/** Opens a lesson: its scenario, its first step, the timeline at that step's tick. */
export function openLesson(lesson: Lesson, step = 0): void {
  const s = useStore.getState();
  const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
  s.loadScenario(lesson.scenario, lesson.scenario.id, lesson.steps[at]?.tick ?? 0);
  s.setLesson({ id: lesson.id, step: at });
  s.setTab('lesson');
}

export function goToStep(lesson: Lesson, step: number): void {
  const s = useStore.getState();
  const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
  s.pause();
  s.setLesson({ id: lesson.id, step: at });
  s.seek(lesson.steps[at].tick);
}

let latestRequest = 0;

/**
 * Loads a lesson of the course and opens it at a step. When another lesson is asked for while
 * this one loads, only the last one asked for opens.
 */
export async function openLessonById(id: string, step = 0): Promise<void> {
  const request = ++latestRequest;
  const lesson = await loadLesson(id);
  if (lesson && request === latestRequest) openLesson(lesson, step);
}

/** Something else was opened: a lesson still loading stays closed. */
export function cancelLessonOpening(): void {
  latestRequest++;
}
