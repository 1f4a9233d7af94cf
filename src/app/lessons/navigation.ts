import type { Lesson, LessonInfo } from '../../scenarios/lesson';
import { LESSONS, loadLesson } from '../../scenarios/lessons';
import { useStore } from '../store';

/** Opens a lesson: its scenario, its first step, the timeline at that step's tick. */
export function openLesson(lesson: Lesson, step = 0): void {
  const s = useStore.getState();
  const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
  // Closed first: a lesson open while the scenario changes is left with a notice.
  s.setLesson(null);
  s.loadScenario(lesson.scenario, lesson.scenario.id, lesson.steps[at]?.tick ?? 0);
  s.setLesson({ id: lesson.id, step: at });
  s.setTab('lesson');
}

/** Moves the cursor to a step's moment; the lesson follows the cursor there. */
export function goToStep(lesson: Lesson, step: number): void {
  const s = useStore.getState();
  const at = Math.max(0, Math.min(step, lesson.steps.length - 1));
  s.pause();
  s.seek(lesson.steps[at].tick);
}

/** Plays the run from the previous step's moment to this step's, and pauses there. */
export function replayStep(lesson: Lesson, step: number): void {
  const from = step > 0 ? lesson.steps[step - 1].tick : 0;
  useStore.getState().playBetween(from, lesson.steps[step].tick);
}

/** The lesson taken after this one in the course, if any. */
export function nextLesson(lesson: Lesson): LessonInfo | undefined {
  const at = LESSONS.findIndex((l) => l.id === lesson.id);
  return at >= 0 ? LESSONS[at + 1] : undefined;
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
