import type { Lesson } from '../lesson';
import { FIRST_LESSON } from './first';

export { FIRST_LESSON };

const loaded = new Map<string, Lesson>();

/**
 * Loads a lesson of the course by id; undefined for an id the course does not have. The first
 * lesson loads by itself; any other with the course's registry (./registry), which the first
 * screen does without.
 */
export async function loadLesson(id: string): Promise<Lesson | undefined> {
  const known = loaded.get(id);
  if (known) return known;
  // The first lesson is in one part; the registry knows the others' parts.
  const registry = id === FIRST_LESSON.id ? null : await import('./registry');
  const entry = registry ? registry.entryOf(id) : FIRST_LESSON;
  if (!entry) return undefined;
  const { scenario, steps } = await entry.body();
  const part = registry ? registry.partOf(entry.id) : null;
  const lesson: Lesson = {
    id: entry.id,
    order: entry.order,
    title: entry.title,
    scenario,
    steps,
    part,
  };
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
