import type { Lesson } from '../lesson';
import { lesson1ConsistentCheckpoint } from './lesson1ConsistentCheckpoint';
import { lesson2StopTheWorld } from './lesson2StopTheWorld';
import { lesson3BarrierAlignment } from './lesson3BarrierAlignment';
import { lesson4ExactlyVsAtLeastOnce } from './lesson4ExactlyVsAtLeastOnce';

/** The course: one lesson per section of the seed text, in order. */
export const LESSONS: Lesson[] = [
  lesson1ConsistentCheckpoint,
  lesson2StopTheWorld,
  lesson3BarrierAlignment,
  lesson4ExactlyVsAtLeastOnce,
].sort((a, b) => a.order - b.order);

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
