import { onDemand } from '../layout/onDemand';

/**
 * The list of lessons with their summaries: loaded when the lesson tab shows no lesson, or when
 * the pointer or the focus reaches what leaves the lesson. The first screen follows lesson 1.
 */
export const lessonList = onDemand(() => import('./LessonList'));

// Where it cannot load, the tab stays empty; the lesson picker in the header still opens lessons.
export const prepareLessonList = () => void lessonList.load().catch(() => {});

/**
 * A lesson step's buttons (back, replay, continue) and its way back to the step's moment: loaded
 * with the lesson panel when it opens on a lesson, and when the pointer or the focus reaches
 * what opens one; a panel that lists the lessons does without them.
 */
export const stepNav = onDemand(() => import('./StepNav'));

export const prepareStepNav = () => void stepNav.load().catch(() => {});
