/**
 * What the result strip needs once a run reaches its end or is compared: judging (which replays
 * the run and its failure-free twin), the verdict's sentences and the comparison row. Loaded on
 * demand, a moment after the first screen (to judge its run ahead) or when first wanted.
 */
import type { Timeline } from '../session/timeline';
import {
  judgeAhead as judgeAheadHere,
  judged,
  judgeSoon as judgeSoonHere,
} from '../session/verdict';
import { judgeInWorker } from './workers/offThread';

export { judged };
export { verdictText } from '../session/verdictText';
export { CompareRow } from './CompareRow';

/** Judges a run in a worker where the page can make one, else between frames (see judgeSoon). */
export function judgeSoon(timeline: Timeline) {
  return judgeSoonHere(timeline, judgeInWorker);
}

/** Judges a run before its verdict is asked for, where a worker can do it (see judgeAhead). */
export function judgeAhead(timeline: Timeline): void {
  judgeAheadHere(timeline, judgeInWorker);
}
