import { withDefaults } from '../defaults';
import { restartJob } from './restartJob';

/** Ticks at which `sum` fails: four failures while the job runs. */
export const FIXED_DELAY_FAILURES = [12, 35, 58, 81];

/**
 * Seed section 5, first example: fixedDelayRestart(3, 10000L). One tick is one second, so each
 * restart waits 10 ticks in RESTARTING. The first three failures are restarted; the fourth
 * exceeds the 3 attempts and the job is FAILED.
 */
export const restartFixedDelay = withDefaults({
  id: 'restart-fixed-delay',
  title: 'Restart strategy: fixed delay, 3 attempts, 10 s apart',
  tickMs: 1000,
  ...restartJob(100, 1),
  // The first trigger pinned at the interval (Flink draws it in [min pause, interval]).
  checkpoint: { intervalMs: 5000, initialDelayMs: 5000 },
  restart: { type: 'fixed-delay', attempts: 3, delayMs: 10_000 },
  actions: FIXED_DELAY_FAILURES.map((atTick) => ({
    type: 'fail-task' as const,
    task: 'sum#0',
    when: { atTick },
  })),
});
