import { describe, expect, it } from 'vitest';
import type { RestartStrategy, Scenario, ScenarioAction } from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { restartJob } from '../../../src/scenarios/presets/restartJob';
import { record } from '../../helpers/sim';

const SECOND = 1000;

/** One tick a second, a checkpoint every 5 s (the first pinned at 5 s). */
function job(restart: RestartStrategy, actions: ScenarioAction[], tolerableFailures = 0): Scenario {
  return withDefaults({
    id: 'failure-cases',
    title: 'failure cases',
    tickMs: SECOND,
    ...restartJob(200, 1),
    checkpoint: { intervalMs: 5 * SECOND, initialDelayMs: 5 * SECOND, tolerableFailures },
    restart,
    actions,
  });
}

const fixed: RestartStrategy = { type: 'fixed-delay', attempts: 3, delayMs: 10 * SECOND };

// CheckpointFailureManager: TASK_CHECKPOINT_FAILURE is never counted; the task fails over.
describe('a failure in the synchronous phase of a snapshot', () => {
  it('fails the task over at once, however many checkpoint failures are tolerated', () => {
    const run = record(
      job(fixed, [{ type: 'fail-sync-snapshot', checkpoint: 1, task: 'sum#0' }], 1000),
    );
    const failed = run.events.find((e) => e.type === 'TaskFailed')!;
    expect(failed).toMatchObject({
      task: 'sum#0',
      reason: { code: 'task-failed-in-sync-snapshot', task: 'sum#0', checkpoint: 1 },
    });
    const after = run.states[failed.tick];
    expect(after.job.status).toBe('RESTARTING');
    expect(after.coordinator.consecutiveFailures).toBe(0);
    expect(after.checkpoints[0]).toMatchObject({ id: 1, status: 'FAILED' });
    // No snapshot of sum#0 was stored for it.
    expect(
      run.events.some(
        (e) => e.type === 'SnapshotTaken' && e.task === 'sum#0' && e.checkpoint === 1,
      ),
    ).toBe(false);
  });
});

// CheckpointFailureManager: FINALIZE_CHECKPOINT_FAILURE and IO_EXCEPTION count.
describe('a checkpoint failure on the JobManager (metadata I/O)', () => {
  const metadata: ScenarioAction[] = [{ type: 'fail-checkpoint-metadata', checkpoint: 1 }];

  it('fails checkpoint 1 after every task acknowledged it, and counts as a checkpoint failure', () => {
    const run = record(job(fixed, metadata, 1));
    const end = run.states[run.states.length - 1];
    // Read where it ended: by the end of the run it is older than the history Flink keeps.
    const first = run.states
      .map((s) => s.checkpoints.find((c) => c.id === 1))
      .find((c) => c?.status === 'FAILED')!;
    expect(first.status).toBe('FAILED');
    expect(first.failReason).toEqual({ code: 'metadata-write-failed' });
    expect(first.acks.every((tick) => tick !== null)).toBe(true);
    expect(run.states[first.endTick!].coordinator.consecutiveFailures).toBe(1);
    expect(end.job.restarts).toBe(0);
  });

  it('fails the job over with no tolerable failure', () => {
    const run = record(job(fixed, metadata, 0));
    expect(run.events.find((e) => e.type === 'JobRestarting')).toMatchObject({
      cause: { code: 'tolerable-failures-exceeded', failures: 1, tolerable: 0 },
    });
  });
});

describe('a task failure while the job is RESTARTING', () => {
  const twice: ScenarioAction[] = [
    { type: 'fail-task', task: 'sum#0', when: { atTick: 12 } },
    { type: 'fail-while-restarting', task: 'source#0', when: { atTick: 15 } },
  ];

  it('counts for failure-rate: a second failure within the window exceeds 1 per 5 minutes', () => {
    const run = record(
      job(
        { type: 'failure-rate', maxFailures: 1, intervalMs: 300_000, delayMs: 10 * SECOND },
        twice,
      ),
    );
    const end = run.states[run.states.length - 1];
    expect(run.events.filter((e) => e.type === 'TaskFailed').map((e) => e.tick)).toEqual([12, 15]);
    expect(end.job.status).toBe('FAILED');
    expect(end.job.failReason).toMatchObject({
      code: 'failure-rate-exceeded',
      failures: 2,
      maxFailures: 1,
    });
  });

  it('counts for fixed-delay, and the 10 s wait starts again from it', () => {
    const run = record(job(fixed, twice));
    const restarted = run.events.find((e) => e.type === 'JobRestarted')!;
    expect(restarted.tick).toBe(25);
    expect(run.states[25].job.failureTicks).toEqual([12, 15]);
  });

  it('is merged by exponential-delay into the pending restart: same restart time, same attempt', () => {
    const exponential: RestartStrategy = {
      type: 'exponential-delay',
      initialMs: 10 * SECOND,
      maxMs: 80 * SECOND,
      multiplier: 2,
      resetThresholdMs: 3_600_000,
      jitter: 0,
      attempts: 2_147_483_647,
    };
    const third: ScenarioAction = { type: 'fail-task', task: 'sum#0', when: { atTick: 40 } };
    const run = record(job(exponential, [...twice, third]));
    const restarts = run.events.filter((e) => e.type === 'JobRestarted').map((e) => e.tick);
    // 12 + 10 s: the failure at 15 changed nothing; the next failure waits 20 s, the second
    // back-off, not the third.
    expect(restarts).toEqual([22, 60]);
  });
});
