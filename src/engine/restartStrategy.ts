import type { JobState, RestartRefusal, RestartStrategy, Scenario } from './types';

/** Flink's `Integer.MAX_VALUE`: the default `attempts-before-reset-backoff`, "infinite". */
export const UNLIMITED_ATTEMPTS = 2_147_483_647;

/** The defaults of Flink 2.3's `restart-strategy.exponential-delay.*` options (RestartStrategyOptions). */
export const EXPONENTIAL_DELAY_DEFAULTS: Extract<RestartStrategy, { type: 'exponential-delay' }> = {
  type: 'exponential-delay',
  initialMs: 1_000,
  maxMs: 60_000,
  multiplier: 1.5,
  resetThresholdMs: 3_600_000,
  jitter: 0.1,
  attempts: UNLIMITED_ATTEMPTS,
};

/**
 * The restart strategy a job runs with. With none configured, Flink 1.19 and later use
 * exponential-delay with its defaults when checkpointing is on, and no restart when it is off
 * (before 1.19: fixed-delay with Integer.MAX_VALUE attempts and a 1 s delay). Pure.
 */
export function effectiveRestart(
  scenario: Pick<Scenario, 'restart' | 'checkpoint'>,
): Exclude<RestartStrategy, { type: 'default' }> {
  if (scenario.restart.type !== 'default') return scenario.restart;
  return scenario.checkpoint.intervalMs === null ? { type: 'none' } : EXPONENTIAL_DELAY_DEFAULTS;
}

export interface RestartDecision {
  restart: boolean;
  delayMs: number;
  /** What the strategy remembers of this failure. */
  job: Pick<JobState, 'failureTicks' | 'backoffMs'>;
  /** Why it gave up, when it did. */
  reason: RestartRefusal | null;
}

/**
 * What the restart strategy does after a failure at `tick`, as Flink's restart back-off
 * strategies decide it:
 * - fixed-delay(attempts, delay): restarts while the failures so far are at most `attempts`, so
 *   fixedDelayRestart(3, 10 s) gives up on the 4th failure;
 * - failure-rate(max, interval, delay): gives up when more than `max` failures fall within
 *   `interval` (this one included), so failureRateRestart(5, 5 min, 10 s) gives up on the 6th
 *   failure within 5 minutes;
 * - exponential-delay: the n-th restart since the last reset waits `initial * multiplier^(n-1)`
 *   moved by up to `jitter` of it, kept within [initial, max]; the back-off resets once the job
 *   ran `resetThreshold` since its last restart; more than `attempts` restarts before a reset
 *   give up. A failure while a restart is pending (`now <= restartAt`) is merged into it: no new
 *   attempt, the same restart time;
 * - none: never restarts.
 * A failure while the job is RESTARTING counts like any other for fixed-delay and failure-rate,
 * and the wait starts again from it. Pure; `random` is the engine's seeded generator.
 */
export function decideRestart(
  configured: Exclude<RestartStrategy, { type: 'default' }>,
  job: JobState,
  tick: number,
  tickMs: number,
  random: () => number,
): RestartDecision {
  const failureTicks = [...job.failureTicks, tick];
  const strategy = configured;
  switch (strategy.type) {
    case 'none':
      return {
        restart: false,
        delayMs: 0,
        job: { failureTicks, backoffMs: null },
        reason: { code: 'no-restart-strategy' },
      };
    case 'fixed-delay': {
      const restart = failureTicks.length <= strategy.attempts;
      return {
        restart,
        delayMs: strategy.delayMs,
        job: { failureTicks, backoffMs: null },
        reason: restart
          ? null
          : { code: 'restarts-exhausted', strategy: 'fixed-delay', attempts: strategy.attempts },
      };
    }
    case 'failure-rate': {
      const recent = failureTicks.filter((t) => (tick - t) * tickMs <= strategy.intervalMs);
      const restart = recent.length <= strategy.maxFailures;
      return {
        restart,
        delayMs: strategy.delayMs,
        job: { failureTicks: recent, backoffMs: null },
        reason: restart
          ? null
          : {
              code: 'failure-rate-exceeded',
              strategy: 'failure-rate',
              failures: recent.length,
              intervalMs: strategy.intervalMs,
              maxFailures: strategy.maxFailures,
            },
      };
    }
    case 'exponential-delay': {
      if (job.status === 'RESTARTING' && job.restartAt !== null && tick <= job.restartAt) {
        // Merged into the pending restart: same attempt, same restart time.
        return {
          restart: true,
          delayMs: (job.restartAt - tick) * tickMs,
          job: { failureTicks: job.failureTicks, backoffMs: job.backoffMs },
          reason: null,
        };
      }
      const stable = (tick - job.runningSince) * tickMs >= strategy.resetThresholdMs;
      const since = job.backoffMs === null || stable ? [tick] : failureTicks;
      // Capped before anything is added to it: a large multiplier overflows to Infinity within
      // a few hundred failures, and Infinity times a jitter of 0 is NaN.
      const backoff = Math.floor(
        Math.min(strategy.maxMs, strategy.initialMs * strategy.multiplier ** (since.length - 1)),
      );
      const offset = Math.floor(backoff * strategy.jitter);
      const jitter = offset === 0 ? 0 : Math.floor(random() * (2 * offset + 1)) - offset;
      const delayMs = Math.max(strategy.initialMs, Math.min(strategy.maxMs, backoff + jitter));
      const restart = since.length <= strategy.attempts;
      return {
        restart,
        delayMs,
        job: { failureTicks: since, backoffMs: backoff },
        reason: restart
          ? null
          : {
              code: 'restarts-exhausted',
              strategy: 'exponential-delay',
              attempts: strategy.attempts,
            },
      };
    }
  }
}
