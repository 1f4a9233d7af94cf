import type { JobState, RestartStrategy } from './types';

export interface RestartDecision {
  restart: boolean;
  delayMs: number;
  /** What the strategy remembers of this failure. */
  job: Pick<JobState, 'failureTicks' | 'backoffMs'>;
  /** Why it gave up, when it did. */
  reason: string | null;
}

/**
 * What the restart strategy does after a failure at `tick`, as Flink's restart back-off
 * strategies decide it:
 * - fixed-delay(attempts, delay): restarts while the failures so far are at most `attempts`;
 * - failure-rate(max, interval, delay): gives up when more than `max` failures fall within
 *   `interval` (this one included);
 * - exponential-delay: always restarts; the back-off starts at `initial`, grows by `multiplier`
 *   up to `max`, and falls back to `initial` after the job ran `resetThreshold` without failing;
 *   `jitter` spreads it by up to that fraction;
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
        reason: 'the restart strategy is none',
      };
    case 'fixed-delay': {
      const restart = failureTicks.length <= strategy.attempts;
      return {
        restart,
        delayMs: strategy.delayMs,
        job: { failureTicks, backoffMs: null },
        reason: restart ? null : `fixed-delay gave up after ${strategy.attempts} restart attempts`,
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
          : `failure-rate gave up: ${recent.length} failures within ${strategy.intervalMs} ms (at most ${strategy.maxFailures})`,
      };
    }
    case 'exponential-delay': {
      const stable = (tick - job.runningSince) * tickMs >= strategy.resetThresholdMs;
      const backoff =
        job.backoffMs === null || stable
          ? strategy.initialMs
          : Math.min(strategy.maxMs, job.backoffMs * strategy.multiplier);
      const spread = backoff * strategy.jitter * (2 * random() - 1);
      return {
        restart: true,
        delayMs: Math.max(0, Math.round(backoff + spread)),
        job: { failureTicks: [tick], backoffMs: backoff },
        reason: null,
      };
    }
  }
}
