import { intendedScenario, judging, type Verdict } from '../engine/account';
import { judgedRuns } from '../engine/judgedRuns';
import { host } from './host';
import { recordTimeline, stateAt, type Timeline } from './timeline';
import type { SimState } from '../engine';

/**
 * Judging a run replays it and steps its failure-free twin to the end: seconds for a 12,000-tick
 * run of 64 tasks. Where it runs on the page's thread, it runs in slices of this many
 * milliseconds, each in a task of its own, so that frames and input go on in between.
 */
const SLICE_MS = 8;

/** The steps of judging a recorded run (see judgingFrom); returns the verdict. */
export function judgingSteps(timeline: Timeline): Generator<number, Verdict, void> {
  return judgingFrom(stateAt(timeline, 0), timeline.end);
}

/**
 * Judging the run that starts at `start` and ends at tick `end`: the run replayed from its start
 * feeding the account, and the run it was meant to be, stepped together while they are one (see
 * judgedRuns); returns the verdict.
 */
export function* judgingFrom(start: SimState, end: number): Generator<number, Verdict, void> {
  const { run, truth } = yield* judgedRuns(start, end);
  return yield* judging(run, truth);
}

const verdicts = new WeakMap<Timeline, Verdict>();

/** The verdict of a run if it has been judged; see judgeSoon. */
export function judged(timeline: Timeline): Verdict | null {
  return verdicts.get(timeline) ?? null;
}

/** Judging handed to another thread: its verdict, or null if it could not be had there. */
export interface JudgingElsewhere {
  done: Promise<Verdict | null>;
  /** Abandons it: `done` then never settles. */
  stop: () => void;
}

/** The judging under way: one at a time, the one asked for last. */
let current: { timeline: Timeline; done: Promise<Verdict>; stop: () => void } | null = null;

/**
 * Judges a run once (the verdict is kept): on another thread where `elsewhere` can start it
 * there, otherwise (or if it fails there) on this one, in slices that yield to the page between
 * them. Asking for another timeline abandons the one under way, whose promise then never settles.
 */
export function judgeSoon(
  timeline: Timeline,
  elsewhere?: (timeline: Timeline) => JudgingElsewhere | null,
): Promise<Verdict> {
  const known = verdicts.get(timeline);
  if (known) return Promise.resolve(known);
  if (current?.timeline === timeline) return current.done;
  return start(timeline, elsewhere?.(timeline) ?? null);
}

/**
 * Judges a run before its verdict is asked for, where `elsewhere` can start it on another
 * thread; nothing is done on this one (judgeSoon does it when the verdict is wanted).
 */
export function judgeAhead(
  timeline: Timeline,
  elsewhere: (timeline: Timeline) => JudgingElsewhere | null,
): void {
  if (verdicts.has(timeline) || current?.timeline === timeline) return;
  const away = elsewhere(timeline);
  if (away) void start(timeline, away);
}

/** Starts judging `timeline` away from this thread, or here in slices; see judgeSoon. */
function start(timeline: Timeline, away: JudgingElsewhere | null): Promise<Verdict> {
  current?.stop();
  let resolve: (verdict: Verdict) => void = () => {};
  const job = {
    timeline,
    done: new Promise<Verdict>((settle) => (resolve = settle)),
    stop: away ? away.stop : () => {},
  };
  current = job;
  const finish = (verdict: Verdict) => {
    verdicts.set(timeline, verdict);
    current = null;
    resolve(verdict);
  };
  const inSlices = () => {
    const steps = judgingSteps(timeline);
    const slice = () => {
      if (current !== job) return;
      const until = host.performance.now() + SLICE_MS;
      for (;;) {
        const next = steps.next();
        if (next.done) return finish(next.value);
        if (host.performance.now() >= until) break;
      }
      host.setTimeout(slice, 0);
    };
    host.setTimeout(slice, 0);
  };
  if (!away) {
    inSlices();
  } else {
    void away.done.then((verdict) => {
      if (current !== job) return;
      if (verdict) finish(verdict);
      else inSlices();
    });
  }
  return job.done;
}

const twins = new WeakMap<Timeline, Timeline>();

/** The failure-free run's state at a tick, for side-by-side comparison. */
export function failureFreeStateAt(timeline: Timeline, tick: number) {
  let twin = twins.get(timeline);
  if (!twin) {
    twin = recordTimeline(intendedScenario(timeline.final));
    twins.set(timeline, twin);
  }
  return stateAt(twin, tick);
}
