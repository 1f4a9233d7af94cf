import { onDemand } from '../layout/onDemand';

/**
 * The list of lessons with their summaries: loaded when the lesson tab shows no lesson, or when
 * the pointer or the focus reaches what leaves the lesson. The first screen follows lesson 1.
 */
export const lessonList = onDemand(() => import('./LessonList'));

// Where it cannot load, the tab stays empty; the lesson picker in the header still opens lessons.
export const prepareLessonList = () => void lessonList.load().catch(() => {});
