import type { Scenario } from '../engine';
import type { LocalText } from './text';
import type { TwinVariant } from './twin';

/** One narrated moment of a lesson. */
export interface LessonStep {
  /** The tick the timeline moves to when the step opens. */
  tick: number;
  title: LocalText;
  /** What to watch, in a sentence or three. */
  text: LocalText;
  /** Task ids (`sum_even#0`), or `jobmanager` / `backend`, to highlight on the graph. */
  highlight?: string[];
  /** A question the class answers before the step reveals its answer. */
  question?: { prompt: LocalText; answer: LocalText };
  /** A second run the step offers to show beside this one on the same tick (the twin view). */
  twin?: TwinVariant;
}

/** What the course lists about a lesson: enough to pick it, not to follow it. */
export interface LessonInfo {
  id: string;
  /** Its place in the course, 1..9. */
  order: number;
  title: LocalText;
  /** Which part of its lesson it is, where its section is taught in parts and the course says. */
  part?: LessonPart | null;
}

/** A lesson taught in parts (they share its number): this one is `part` of `parts`. */
export interface LessonPart {
  part: number;
  parts: number;
}

/** A lesson part as a lesson's header, the course list and the Next button say it. */
export function partText({ part, parts }: LessonPart): LocalText {
  return { en: `part ${part} of ${parts}`, zh: `第 ${part}/${parts} 部分` };
}

/** A guided lesson: a preset scenario plus narrated steps. One per section of the seed text. */
export interface Lesson extends LessonInfo {
  scenario: Scenario;
  steps: LessonStep[];
  /** Which part of its lesson it is, where its section is taught in parts; null otherwise. */
  part: LessonPart | null;
}

/** What a lesson's module holds: its run and its steps; the course's registry says the rest. */
export type LessonBody = Pick<Lesson, 'scenario' | 'steps'>;

/**
 * The step a lesson is at when the cursor is at `tick`: the last one whose moment the cursor has
 * reached (the first step when it has reached none). Pure.
 */
export function stepAt(steps: readonly Pick<LessonStep, 'tick'>[], tick: number): number {
  let at = 0;
  steps.forEach((s, i) => {
    if (s.tick <= tick) at = i;
  });
  return at;
}
