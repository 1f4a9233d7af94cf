import type { RestartRefusal } from './reasons';
import type { JobState, RestartStrategy } from './types';

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
 * - exponential-delay: always restarts; the n-th failure since the last reset waits
 *   `initial * multiplier^(n-1)`, at most `max`; the back-off resets once the job ran
 *   `resetThreshold` since its last restart; `jitter` moves each delay by up to that fraction,
 *   within [initial, max];
 * - none: never restarts.
 * Pure; `random` is the engine's seeded generator.
 */
export function decideRestart(
  strategy: RestartStrategy,
  job: JobState,
  tick: number,
  tickMs: number,
  random: () => number,
): RestartDecision {
  const failureTicks = [...job.failureTicks, tick];
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
      // Flink merges failures that strike while a restart is pending; here only a running job
      // fails, so there is nothing to merge.
      const stable = (tick - job.runningSince) * tickMs >= strategy.resetThresholdMs;
      const since = job.backoffMs === null || stable ? [tick] : failureTicks;
      const backoff = strategy.initialMs * strategy.multiplier ** (since.length - 1);
      const offset = Math.floor(backoff * strategy.jitter);
      const jitter = offset === 0 ? 0 : Math.floor(random() * (2 * offset + 1)) - offset;
      const delayMs = Math.max(
        strategy.initialMs,
        Math.min(strategy.maxMs, Math.floor(backoff) + jitter),
      );
      return {
        restart: true,
        delayMs,
        job: { failureTicks: since, backoffMs: Math.min(strategy.maxMs, backoff) },
        reason: null,
      };
    }
  }
}
