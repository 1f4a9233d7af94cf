import { withDefaults } from '../defaults';
import { restartJob } from './restartJob';

/**
 * Ticks (seconds) at which `sum` fails. The sixth failure (320 s) comes more than 5 minutes after
 * the first (12 s), so only five fall within the interval and the job restarts; the seventh
 * (340 s) makes six within 5 minutes.
 */
export const FAILURE_RATE_FAILURES = [12, 100, 150, 200, 250, 320, 340];

/**
 * Seed section 5, second example: failureRateRestart(5, Time.minutes(5), Time.seconds(10)). One
 * tick is one second; the source reads a record every 5 s and checkpoints come every 10 s.
 * Flink counts the failures within the last 5 minutes, this one included, and gives up when
 * there are more than 5: here at 340 s, although 320 s was already the sixth failure of the run.
 */
export const restartFailureRate = withDefaults({
  id: 'restart-failure-rate',
  title: 'Restart strategy: failure rate, 5 per 5 minutes, 10 s apart',
  tickMs: 1000,
  ...restartJob(80, 5),
  // The first trigger pinned at the interval (Flink draws it in [min pause, interval]).
  checkpoint: { intervalMs: 10_000, initialDelayMs: 10_000 },
  restart: { type: 'failure-rate', maxFailures: 5, intervalMs: 300_000, delayMs: 10_000 },
  actions: FAILURE_RATE_FAILURES.map((atTick) => ({
    type: 'fail-task' as const,
    task: 'sum#0',
    when: { atTick },
  })),
});
