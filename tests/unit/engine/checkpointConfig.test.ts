import { describe, expect, it } from 'vitest';
import type {
  CheckpointConfig,
  CheckpointRecord,
  Scenario,
  ScenarioAction,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { record } from '../../helpers/sim';

const TICK_MS = 100;

/**
 * source -> sum, one record per tick for `length` ticks. The sum declares `sumBytes` of state and
 * the backend writes 100 bytes a tick, so its snapshot takes longer as `sumBytes` grows: that is
 * how these tests shape how long a checkpoint takes.
 */
function job(options: {
  checkpoint: Partial<CheckpointConfig>;
  sumBytes?: number;
  latency?: number;
  length?: number;
  actions?: ScenarioAction[];
  restart?: Scenario['restart'];
}): Scenario {
  return withDefaults({
    id: 'config-test',
    title: 'config test',
    tickMs: TICK_MS,
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 1,
        input: Array.from({ length: options.length ?? 60 }, (_, i) => i + 1),
      },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all', stateBytes: options.sumBytes ?? 0 },
    ],
    edges: [{ from: 'source', to: 'sum', partitioning: 'forward', latency: options.latency ?? 1 }],
    checkpoint: options.checkpoint,
    backend: { writeLatency: 0, bandwidth: 100 },
    restart: options.restart ?? { type: 'none' },
    actions: options.actions ?? [],
  });
}

const ms = (ticks: number) => ticks * TICK_MS;
const duration = (c: CheckpointRecord) => ms(c.completeTick! - c.triggerTick);
const finalCheckpoints = (scenario: Scenario, ticks?: number) => {
  const { states } = record(scenario, ticks);
  return states[states.length - 1].checkpoints;
};

// Seed section 3: setMinPauseBetweenCheckpoints(500L) with setCheckpointInterval(1000L).
describe('minimum pause between checkpoints', () => {
  const seedConfig = { intervalMs: 1000, minPauseMs: 500 };

  it('pushes the next start to 1100 ms after a checkpoint that took 600 ms (600 + 500)', () => {
    const [first, second] = finalCheckpoints(job({ checkpoint: seedConfig, sumBytes: 300 }));
    expect(first.status).toBe('COMPLETED');
    expect(duration(first)).toBe(600);
    expect(ms(second.triggerTick - first.triggerTick)).toBe(1100);
    expect(ms(second.triggerTick - first.completeTick!)).toBe(500);
  });

  it('leaves the next start at 1000 ms after a checkpoint that took 400 ms: it never starts earlier', () => {
    const [first, second] = finalCheckpoints(job({ checkpoint: seedConfig, sumBytes: 100 }));
    expect(duration(first)).toBe(400);
    expect(ms(second.triggerTick - first.triggerTick)).toBe(1000);
    expect(ms(second.triggerTick - first.completeTick!)).toBeGreaterThan(500);
  });

  it('keeps starting checkpoints 1000 ms apart without a minimum pause, however long they take', () => {
    const [first, second] = finalCheckpoints(
      job({ checkpoint: { intervalMs: 1000, minPauseMs: 0 }, sumBytes: 300 }),
    );
    expect(duration(first)).toBe(600);
    expect(ms(second.triggerTick - first.triggerTick)).toBe(1000);
  });

  it('runs one checkpoint at a time with a pause, even when max concurrent is 2', () => {
    // Each checkpoint takes 1500 ms, longer than the interval.
    const slow = (minPauseMs: number) =>
      record(
        job({
          checkpoint: { intervalMs: 1000, minPauseMs, maxConcurrent: 2 },
          sumBytes: 1200,
          length: 80,
        }),
      ).states;
    const mostPending = (states: ReturnType<typeof slow>) =>
      Math.max(
        ...states.map((s) => s.checkpoints.filter((c) => c.status === 'IN_PROGRESS').length),
      );
    expect(mostPending(slow(500))).toBe(1);
    expect(mostPending(slow(0))).toBe(2);
  });

  it('never schedules checkpoints closer than the pause, even when none completes', () => {
    // Every ack is lost, so checkpoints only expire: nothing completes to measure a pause from.
    const lost: ScenarioAction[] = [1, 2, 3, 4].map((checkpoint) => ({
      type: 'lose-ack',
      checkpoint,
      task: 'sum#0',
    }));
    const checkpoints = finalCheckpoints(
      job({
        checkpoint: { intervalMs: 1000, minPauseMs: 2000, timeoutMs: 500, tolerableFailures: 10 },
        actions: lost,
      }),
    );
    const starts = checkpoints.map((c) => ms(c.triggerTick));
    expect(starts.length).toBeGreaterThanOrEqual(3);
    starts.slice(1).forEach((start, i) => expect(start - starts[i]).toBe(2000));
  });
});

describe('checkpoint timeout', () => {
  it('expires a checkpoint that is not complete after the timeout, with the reason', () => {
    const { states, events } = record(
      job({
        checkpoint: { intervalMs: 1000, timeoutMs: 500, tolerableFailures: 5 },
        // The sum's snapshot alone takes 700 ms to write.
        sumBytes: 700,
        length: 15,
      }),
    );
    const first = states[states.length - 1].checkpoints[0];
    expect(first.status).toBe('FAILED');
    expect(first.completeTick).toBeNull();
    expect(ms(first.endTick! - first.triggerTick)).toBe(500);
    expect(first.failReason).toEqual({ code: 'checkpoint-expired', timeoutMs: 500 });
    const failed = events.find((e) => e.type === 'CheckpointFailed' && e.checkpoint === 1);
    expect(failed).toMatchObject({ tick: first.endTick, reason: first.failReason });
    // The backend write of the expired checkpoint is abandoned and never acknowledged.
    expect(
      events.some(
        (e) => e.type === 'CheckpointAcknowledged' && e.checkpoint === 1 && e.task === 'sum#0',
      ),
    ).toBe(false);
  });

  it('completes a checkpoint that finishes just within the timeout', () => {
    const [first] = finalCheckpoints(
      job({ checkpoint: { intervalMs: 1000, timeoutMs: 600 }, sumBytes: 300 }),
    );
    expect(first.status).toBe('COMPLETED');
    expect(duration(first)).toBe(600);
  });
});

describe('max concurrent checkpoints', () => {
  // A slow channel (1 s) and a checkpoint every 300 ms: a barrier is still on its way when the
  // next one follows it into the same channel.
  const scenario = (maxConcurrent: number) =>
    job({
      checkpoint: { intervalMs: 300, maxConcurrent, timeoutMs: 10_000 },
      latency: 10,
      length: 30,
    });

  it('lets two checkpoints run at once, with both barriers in the same channel', () => {
    const { states } = record(scenario(2));
    const twoBarriers = states.find((s) => {
      const ids = s.channels[0].queue
        .map((f) => f.element)
        .filter((el) => el.kind === 'barrier')
        .map((el) => (el.kind === 'barrier' ? el.checkpoint : 0));
      return new Set(ids).size === 2;
    });
    expect(twoBarriers).toBeDefined();
    const pending = twoBarriers!.checkpoints.filter((c) => c.status === 'IN_PROGRESS');
    expect(pending.map((c) => c.id)).toHaveLength(2);
    const end = states[states.length - 1];
    const completed = end.checkpoints.filter((c) => c.status === 'COMPLETED').map((c) => c.id);
    expect(completed.length).toBeGreaterThanOrEqual(2);
    // They complete in order: a barrier never overtakes the one ahead of it in a channel.
    expect(completed).toEqual([...completed].sort((a, b) => a - b));
  });

  it('never has two in flight with the default of 1', () => {
    const { states } = record(scenario(1));
    for (const s of states) {
      expect(s.checkpoints.filter((c) => c.status === 'IN_PROGRESS').length).toBeLessThanOrEqual(1);
    }
  });
});

describe('tolerable checkpoint failures', () => {
  const lose = (...checkpoints: number[]): ScenarioAction[] =>
    checkpoints.map((checkpoint) => ({ type: 'lose-ack', checkpoint, task: 'sum#0' }));
  const failWrite = (...checkpoints: number[]): ScenarioAction[] =>
    checkpoints.map((checkpoint) => ({ type: 'fail-backend-write', checkpoint, task: 'sum#0' }));
  const config = (tolerableFailures: number) => ({
    intervalMs: 1000,
    timeoutMs: 500,
    tolerableFailures,
  });
  const jobFailures = (events: ReturnType<typeof record>['events']) =>
    events.filter(
      (e) => e.type === 'TaskFailed' || e.type === 'JobRestarting' || e.type === 'JobFailed',
    );

  it('tolerates n consecutive failures and fails the job on the n+1-th, expirations and write failures alike', () => {
    const { events, states } = record(
      job({
        checkpoint: config(2),
        actions: [...lose(1), ...failWrite(2, 3)],
        restart: { type: 'fixed-delay', attempts: 1, delayMs: 1000 },
      }),
    );
    const failed = events.filter((e) => e.type === 'CheckpointFailed').map((e) => e.checkpoint);
    expect(failed.slice(0, 3)).toEqual([1, 2, 3]);
    const third = events.find((e) => e.type === 'CheckpointFailed' && e.checkpoint === 3)!;
    const restarting = events.find((e) => e.type === 'JobRestarting')!;
    expect(restarting).toMatchObject({
      cause: { code: 'tolerable-failures-exceeded', failures: 3, tolerable: 2 },
    });
    // The third failure fails the job in the same tick; the restart strategy takes over.
    expect(restarting.tick).toBe(third.tick);
    expect(states[third.tick].job.status).toBe('RESTARTING');
    expect(states[third.tick - 1].job.status).toBe('RUNNING');
    expect(events.some((e) => e.type === 'JobRestarted')).toBe(true);
  });

  it('fails the job at the first failure with the default of 0, and says why', () => {
    const { events, states } = record(job({ checkpoint: config(0), actions: lose(1) }));
    const end = states[states.length - 1];
    expect(end.job.status).toBe('FAILED');
    expect(jobFailures(events).map((e) => e.type)).toEqual(['JobFailed']);
    expect(jobFailures(events)[0]).toMatchObject({
      cause: { code: 'tolerable-failures-exceeded', failures: 1, tolerable: 0 },
      reason: { code: 'no-restart-strategy' },
    });
  });

  it('counts only consecutive failures: a completed checkpoint starts the count again', () => {
    // Failures 1, 2, then 3 completes, then 4, 5: never more than 2 in a row.
    const { states } = record(job({ checkpoint: config(2), actions: lose(1, 2, 4, 5) }));
    const end = states[states.length - 1];
    expect(end.checkpoints.slice(0, 5).map((c) => c.status)).toEqual([
      'FAILED',
      'FAILED',
      'COMPLETED',
      'FAILED',
      'FAILED',
    ]);
    expect(end.job.status).toBe('FINISHED');
  });

  it('does not count an expired savepoint', () => {
    const { states } = record(
      job({
        checkpoint: { intervalMs: null, timeoutMs: 500, tolerableFailures: 0 },
        actions: [{ type: 'savepoint', when: { atTick: 5 } }, ...lose(1)],
      }),
    );
    const end = states[states.length - 1];
    expect(end.checkpoints[0]).toMatchObject({ kind: 'savepoint', status: 'FAILED' });
    expect(end.job.status).toBe('FINISHED');
  });

  it('keeps the count across a restart caused by a task failure, as Flink does', () => {
    // Checkpoint 1 is lost (1 failure), the task fails and the job restarts, checkpoint 2 is
    // lost too: 2 consecutive checkpoint failures > 1 tolerable.
    const { events, states } = record(
      job({
        checkpoint: config(1),
        actions: [...lose(1, 2), { type: 'fail-task', task: 'sum#0', when: { atTick: 17 } }],
        restart: { type: 'fixed-delay', attempts: 5, delayMs: 100 },
      }),
    );
    const end = states[states.length - 1];
    const restarts = events.filter((e) => e.type === 'JobRestarting');
    expect(restarts).toHaveLength(2);
    const second = restarts[1];
    const expired = events.find((e) => e.type === 'CheckpointFailed' && e.checkpoint === 2)!;
    expect(second.tick).toBe(expired.tick);
    expect(end.job.failReason).toBeNull();
  });
});
