import { describe, expect, it } from 'vitest';
import {
  createInitialState,
  decideRestart,
  effectiveRestart,
  type JobState,
  type RestartStrategy,
  type Scenario,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import {
  FAILURE_RATE_FAILURES,
  restartFailureRate,
} from '../../../src/scenarios/presets/restartFailureRate';
import {
  FIXED_DELAY_FAILURES,
  restartFixedDelay,
} from '../../../src/scenarios/presets/restartFixedDelay';
import { restartJob } from '../../../src/scenarios/presets/restartJob';
import { record, type Recording } from '../../helpers/sim';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A job that fails at the given ticks (seconds), under a restart strategy. */
function failingJob(
  restart: RestartStrategy,
  failures: number[],
  length = 400,
  period = 1,
): Scenario {
  return withDefaults({
    id: 'restart-test',
    title: 'restart test',
    tickMs: SECOND,
    ...restartJob(length, period),
    checkpoint: { intervalMs: 5 * SECOND },
    restart,
    actions: failures.map((atTick) => ({ type: 'fail-task', task: 'sum#0', when: { atTick } })),
  });
}

const failureTicks = (run: Recording) =>
  run.events.filter((e) => e.type === 'TaskFailed').map((e) => e.tick);
const gaveUpAt = (run: Recording) => run.events.find((e) => e.type === 'JobFailed')?.tick ?? null;
const restartingTicks = (run: Recording) =>
  run.events.filter((e) => e.type === 'JobRestarting').map((e) => e.tick);

/** Every stretch of RESTARTING, as [first tick, first tick RUNNING again]. */
function restartingSpans(run: Recording): [number, number][] {
  const spans: [number, number][] = [];
  run.states.forEach((s, t) => {
    const before = run.states[t - 1]?.job.status;
    if (s.job.status === 'RESTARTING' && before !== 'RESTARTING') spans.push([t, -1]);
    if (s.job.status === 'RUNNING' && before === 'RESTARTING') spans[spans.length - 1][1] = t;
  });
  return spans;
}

// Seed section 5: env.setRestartStrategy(RestartStrategies.fixedDelayRestart(3, 10000L)).
describe('fixed-delay restart (3 attempts, 10 s)', () => {
  const run = record(restartFixedDelay);

  it('restarts after each of the first three failures and gives up on the fourth', () => {
    expect(failureTicks(run)).toEqual(FIXED_DELAY_FAILURES);
    expect(restartingTicks(run)).toEqual(FIXED_DELAY_FAILURES.slice(0, 3));
    expect(gaveUpAt(run)).toBe(FIXED_DELAY_FAILURES[3]);
    const end = run.states[run.states.length - 1];
    expect(end.job).toMatchObject({ status: 'FAILED', restarts: 3 });
    expect(end.job.failReason).toEqual({
      code: 'restarts-exhausted',
      strategy: 'fixed-delay',
      attempts: 3,
    });
  });

  it('stays RESTARTING for exactly the 10 s delay, then runs again', () => {
    const spans = restartingSpans(run);
    expect(spans).toHaveLength(3);
    for (const [from, to] of spans) expect((to - from) * SECOND).toBe(10 * SECOND);
  });

  it('counts every failure of the job, however far apart', () => {
    const spread = record(
      failingJob({ type: 'fixed-delay', attempts: 3, delayMs: 10 * SECOND }, [20, 100, 200, 300]),
    );
    expect(gaveUpAt(spread)).toBe(300);
  });
});

// Seed section 5: failureRateRestart(5, Time.minutes(5), Time.seconds(10)).
describe('failure-rate restart (5 per 5 minutes, 10 s)', () => {
  const strategy: RestartStrategy = {
    type: 'failure-rate',
    maxFailures: 5,
    intervalMs: 5 * MINUTE,
    delayMs: 10 * SECOND,
  };

  it('gives up on the sixth failure within 5 minutes', () => {
    const run = record(failingJob(strategy, [20, 40, 60, 80, 100, 120]));
    expect(restartingTicks(run)).toEqual([20, 40, 60, 80, 100]);
    expect(gaveUpAt(run)).toBe(120);
    expect(run.states[run.states.length - 1].job.failReason).toEqual({
      code: 'failure-rate-exceeded',
      strategy: 'failure-rate',
      failures: 6,
      intervalMs: 300_000,
      maxFailures: 5,
    });
  });

  it('keeps restarting when the failures are spread out, more than 5 in all', () => {
    // 70 s apart: any 5 minutes hold at most 5 of them.
    const failures = [20, 90, 160, 230, 300, 370, 440, 510];
    const run = record(failingJob(strategy, failures, 300, 2));
    expect(gaveUpAt(run)).toBeNull();
    expect(restartingTicks(run)).toEqual(failures);
    expect(run.states[run.states.length - 1].job.status).toBe('FINISHED');
  });

  it('counts a failure exactly 5 minutes back as within the interval', () => {
    const run = record(failingJob(strategy, [20, 80, 140, 200, 260, 320]));
    expect(gaveUpAt(run)).toBe(320);
  });

  it('in the preset, survives a sixth failure whose first is out of the window, and not a seventh', () => {
    const run = record(restartFailureRate);
    expect(failureTicks(run)).toEqual(FAILURE_RATE_FAILURES);
    expect(restartingTicks(run)).toEqual(FAILURE_RATE_FAILURES.slice(0, 6));
    expect(gaveUpAt(run)).toBe(FAILURE_RATE_FAILURES[6]);
    for (const [from, to] of restartingSpans(run)) expect((to - from) * SECOND).toBe(10 * SECOND);
  });
});

describe('exponential-delay restart', () => {
  const strategy: Extract<RestartStrategy, { type: 'exponential-delay' }> = {
    type: 'exponential-delay',
    initialMs: 1 * SECOND,
    maxMs: 8 * SECOND,
    multiplier: 2,
    resetThresholdMs: 1 * MINUTE,
    jitter: 0,
    attempts: 2_147_483_647,
  };
  const delays = (run: Recording) =>
    run.events.flatMap((e) => (e.type === 'JobRestarting' ? [e.delayTicks * SECOND] : []));

  it('grows each delay by the multiplier up to the maximum', () => {
    // Each failure comes 5 s after the previous restart: the job never runs a minute.
    const run = record(failingJob(strategy, [10, 16, 23, 32, 45, 58]));
    expect(delays(run)).toEqual([1, 2, 4, 8, 8, 8].map((s) => s * SECOND));
    for (const [i, [from, to]] of restartingSpans(run).entries()) {
      expect((to - from) * SECOND).toBe(delays(run)[i]);
    }
  });

  it('starts again from the initial delay once the job ran for the reset threshold', () => {
    // Restarted at 11, 18, 27; then it runs from 27 to 100, more than a minute.
    const run = record(failingJob(strategy, [10, 16, 23, 100, 103]));
    expect(delays(run)).toEqual([1, 2, 4, 1, 2].map((s) => s * SECOND));
  });

  it('moves a delay by at most the jitter, never outside [initial, max]', () => {
    const jittered = { ...strategy, jitter: 0.25 };
    const job: JobState = createInitialState(failingJob(jittered, [])).job;
    let rng = 0;
    const randoms = [0, 0.999, 0.5, 0.1, 0.9];
    let state = job;
    for (let n = 0; n < 12; n++) {
      const decision = decideRestart(jittered, state, n, SECOND, () => randoms[rng++ % 5]);
      const base = Math.min(8 * SECOND, SECOND * 2 ** n);
      expect(decision.delayMs).toBeGreaterThanOrEqual(Math.max(SECOND, base * 0.75));
      expect(decision.delayMs).toBeLessThanOrEqual(Math.min(8 * SECOND, base * 1.25));
      state = { ...state, ...decision.job, runningSince: n };
    }
  });

  it('keeps every delay a finite number at the maximum, however large the multiplier', () => {
    const steep: RestartStrategy = { ...strategy, multiplier: 100, jitter: 0 };
    const jittered: RestartStrategy = { ...steep, jitter: 1 };
    for (const s of [steep, jittered]) {
      let state: JobState = createInitialState(failingJob(s, [])).job;
      for (let n = 0; n < 400; n++) {
        const decision = decideRestart(s, state, n, SECOND, () => 0.5);
        expect(Number.isFinite(decision.delayMs)).toBe(true);
        expect(decision.delayMs).toBeLessThanOrEqual(8 * SECOND);
        expect(decision.delayMs).toBeGreaterThanOrEqual(SECOND);
        state = { ...state, ...decision.job, runningSince: n };
      }
      expect(state.backoffMs).toBe(8 * SECOND);
    }
  });
});

describe('no restart', () => {
  it('fails the job at the first failure, without RESTARTING', () => {
    const run = record(failingJob({ type: 'none' }, [20, 40]));
    expect(gaveUpAt(run)).toBe(20);
    expect(run.states.some((s) => s.job.status === 'RESTARTING')).toBe(false);
    expect(run.states[run.states.length - 1].job.failReason).toEqual({
      code: 'no-restart-strategy',
    });
  });
});

describe('a failure due while the job restarts', () => {
  it('strikes when the job runs again, not while its tasks are down', () => {
    const run = record(
      failingJob({ type: 'fixed-delay', attempts: 5, delayMs: 10 * SECOND }, [20, 25]),
    );
    const restarted = run.events.find((e) => e.type === 'JobRestarted')!;
    expect(restarted.tick).toBe(30);
    expect(failureTicks(run)).toEqual([20, restarted.tick + 1]);
  });
});

// RestartBackoffTimeStrategyFactoryLoader and RestartStrategyOptions of Flink 2.3.
describe('no restart strategy configured (Flink 2.3 default)', () => {
  const TICK = 50;
  const job = (intervalMs: number | null, seed = 1) =>
    withDefaults({
      id: 'default-restart',
      title: 'default restart',
      tickMs: TICK,
      seed,
      ...restartJob(400, 1),
      checkpoint: { intervalMs },
      actions: [40, 80, 120].map((atTick) => ({
        type: 'fail-task' as const,
        task: 'sum#0',
        when: { atTick },
      })),
    });
  const delaysMs = (run: Recording) =>
    run.events.flatMap((e) => (e.type === 'JobRestarting' ? [e.delayTicks * TICK] : []));

  it('with checkpointing on restarts with exponential-delay: 1 s, then x1.5, each within jitter 0.1', () => {
    const scenario = job(1000);
    expect(scenario.restart).toEqual({ type: 'default' });
    expect(effectiveRestart(scenario)).toEqual({
      type: 'exponential-delay',
      initialMs: 1000,
      maxMs: 60_000,
      multiplier: 1.5,
      resetThresholdMs: 3_600_000,
      jitter: 0.1,
      attempts: 2_147_483_647,
    });
    const delays = delaysMs(record(scenario));
    expect(delays).toHaveLength(3);
    // 1000 ms back-off, jitter +-100 ms, never below the initial 1000 ms.
    expect(delays[0]).toBeGreaterThanOrEqual(1000);
    expect(delays[0]).toBeLessThanOrEqual(1100);
    // 1500 ms +- 150 ms, then 2250 ms +- 225 ms (rounded up to whole 50 ms ticks).
    expect(delays[1]).toBeGreaterThanOrEqual(1350);
    expect(delays[1]).toBeLessThanOrEqual(1650);
    expect(delays[2]).toBeGreaterThanOrEqual(2025);
    expect(delays[2]).toBeLessThanOrEqual(2500);
    // The jitter comes from the scenario's seeded generator: the same seed, the same delays.
    expect(delaysMs(record(job(1000)))).toEqual(delays);
    const seeds = [2, 3, 4, 5, 6].map((seed) => delaysMs(record(job(1000, seed))).join());
    expect(new Set([delays.join(), ...seeds]).size).toBeGreaterThan(1);
  });

  it('with checkpointing off does not restart at all', () => {
    const run = record(job(null));
    expect(effectiveRestart(job(null))).toEqual({ type: 'none' });
    expect(gaveUpAt(run)).toBe(40);
    expect(run.states.some((s) => s.job.status === 'RESTARTING')).toBe(false);
  });
});

describe('exponential-delay attempts-before-reset-backoff', () => {
  it('gives up on the restart past the attempts before its back-off resets', () => {
    const strategy: RestartStrategy = {
      type: 'exponential-delay',
      initialMs: 1 * SECOND,
      maxMs: 8 * SECOND,
      multiplier: 2,
      resetThresholdMs: 1 * MINUTE,
      jitter: 0,
      attempts: 2,
    };
    const run = record(failingJob(strategy, [10, 16, 23]));
    expect(gaveUpAt(run)).toBe(23);
    expect(run.states[run.states.length - 1].job.failReason).toEqual({
      code: 'restarts-exhausted',
      strategy: 'exponential-delay',
      attempts: 2,
    });
    // Once the job ran a minute, the count starts again.
    const reset = record(failingJob(strategy, [10, 16, 100, 103]));
    expect(gaveUpAt(reset)).toBe(null);
  });
});
