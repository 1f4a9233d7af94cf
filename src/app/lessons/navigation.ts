import type { Lesson } from '../../scenarios/lesson';
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
