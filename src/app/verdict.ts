import {
  accountedRun,
  intendedScenario,
  intendedTruthSteps,
  judging,
  StateAccount,
  type Verdict,
} from '../engine/account';
import { recordTimeline, stateAt, type Timeline } from './timeline';

/**
 * Judging a run replays it and steps its failure-free twin to the end: about a second for a
 * 12,000-tick run of 64 tasks. It runs in slices of this many milliseconds, each in a task of its
 * own, so that frames and input go on in between.
 */
const SLICE_MS = 8;

/**
 * The steps of judging a run: the run it was meant to be (see judge), then the run replayed;
 * returns the verdict.
 */
export function* judgingSteps(timeline: Timeline): Generator<number, Verdict, void> {
  const truth = yield* intendedTruthSteps(timeline.final);
  const account = new StateAccount();
  yield* accountSteps(timeline, account);
  return yield* judging({ state: timeline.final, account }, truth);
}

/**
 * The run replayed from its start for judging, feeding `account` as it steps and keeping no
 * event (see accountedRun): yields every few ticks, returns the last state.
 */
function accountSteps(timeline: Timeline, account: StateAccount) {
  return accountedRun(stateAt(timeline, 0), account, timeline.end);
}

const verdicts = new WeakMap<Timeline, Verdict>();

/** The verdict of a run if it has been judged; see judgeSoon. */
export function judged(timeline: Timeline): Verdict | null {
  return verdicts.get(timeline) ?? null;
}

/** The judging under way: one at a time, the one asked for last. */
let current: { timeline: Timeline; done: Promise<Verdict> } | null = null;

/**
 * Judges a run in slices that yield to the page between them (once per timeline: the verdict is
 * kept). Asking for another timeline abandons the one under way, whose promise then never settles.
 */
export function judgeSoon(timeline: Timeline): Promise<Verdict> {
  const known = verdicts.get(timeline);
  if (known) return Promise.resolve(known);
  if (current?.timeline === timeline) return current.done;
  const steps = judgingSteps(timeline);
  const job: { timeline: Timeline; done: Promise<Verdict> } = {
    timeline,
    done: new Promise<Verdict>((resolve) => {
      const slice = () => {
        if (current !== job) return;
        const until = performance.now() + SLICE_MS;
        for (;;) {
          const next = steps.next();
          if (next.done) {
            verdicts.set(timeline, next.value);
            current = null;
            resolve(next.value);
            return;
          }
          if (performance.now() >= until) break;
        }
        setTimeout(slice, 0);
      };
      setTimeout(slice, 0);
    }),
  };
  current = job;
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
