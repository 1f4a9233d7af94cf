import type { Lesson } from '../lesson';
import { lesson1ConsistentCheckpoint } from './lesson1ConsistentCheckpoint';
import { lesson2StopTheWorld } from './lesson2StopTheWorld';
import { lesson3BarrierAlignment } from './lesson3BarrierAlignment';
import { lesson4ExactlyVsAtLeastOnce } from './lesson4ExactlyVsAtLeastOnce';
import { lesson5CheckpointConfig } from './lesson5CheckpointConfig';
import { lesson6Savepoints, lesson6Upgrade } from './lesson6Savepoints';
import { lesson7FailureRate, lesson7RestartStrategies } from './lesson7RestartStrategies';
import { lesson8Backpressure, lesson8Timeout, lesson8Unaligned } from './lesson8Backpressure';
import { lesson9Latency, lesson9Timeout, lesson9TwoPhaseCommit } from './lesson9EndToEnd';

/**
 * The whole course, every lesson loaded: one lesson per section of the seed text, in order.
 * The app loads lessons one at a time through `./index`; the link reader, the CLI and the tests
 * read them all here. A section taught in two parts
 * has two lessons of the same order, listed here in the order they are taken (the sort keeps it).
 */
export const LESSONS: Lesson[] = [
  lesson1ConsistentCheckpoint,
  lesson2StopTheWorld,
  lesson3BarrierAlignment,
  lesson4ExactlyVsAtLeastOnce,
  lesson5CheckpointConfig,
  lesson6Savepoints,
  lesson6Upgrade,
  lesson7RestartStrategies,
  lesson7FailureRate,
  lesson8Backpressure,
  lesson8Unaligned,
  lesson8Timeout,
  lesson9TwoPhaseCommit,
  lesson9Latency,
  lesson9Timeout,
].sort((a, b) => a.order - b.order);

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}
