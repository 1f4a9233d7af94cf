import type { Lesson, LessonInfo } from '../lesson';
import { COURSE, entryOf } from './registry';

/**
 * The lessons the app lists, in course order. A lesson's steps are loaded when it is opened
 * (`loadLesson`): the first screen needs the titles and the one lesson it shows.
 */
export const LESSONS: readonly LessonInfo[] = COURSE;

const loaded = new Map<string, Lesson>();

/** Loads a lesson of the course by id; undefined for an id the course does not have. */
export async function loadLesson(id: string): Promise<Lesson | undefined> {
  const known = loaded.get(id);
  if (known) return known;
  const entry = entryOf(id);
  if (!entry) return undefined;
  const { scenario, steps } = await entry.body();
  const lesson: Lesson = { id: entry.id, order: entry.order, title: entry.title, scenario, steps };
  loaded.set(id, lesson);
  return lesson;
}

/**
 * A lesson already loaded by `loadLesson`, else undefined. The app names a lesson in its state
 * only after loading it, so whatever reads the state's lesson finds it here.
 */
export function lessonById(id: string): Lesson | undefined {
  return loaded.get(id);
}
