import { eventsAt, type Timeline } from '../../session/timeline';

/** How many upcoming values the inspector offers to fail before. */
export const UPCOMING = 10;

/**
 * The values a task processes after `cursor` in the recorded run, each with the tick it first
 * does: the records a "fail before record v" injection can name.
 */
export function upcomingValues(
  timeline: Timeline,
  task: string,
  cursor: number,
  limit = UPCOMING,
): { value: number; tick: number }[] {
  const found = new Map<number, number>();
  for (let tick = cursor + 1; tick <= timeline.end && found.size < limit; tick++) {
    for (const e of eventsAt(timeline, tick)) {
      if (e.type === 'RecordProcessed' && e.task === task && !found.has(e.record)) {
        found.set(e.record, tick);
        if (found.size >= limit) break;
      }
    }
  }
  return [...found].map(([value, tick]) => ({ value, tick }));
}
