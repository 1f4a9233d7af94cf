import { describe, expect, it } from 'vitest';
import type { CheckpointRecord, SimState, TimedEvent } from '../../../../src/engine';
import type { Lesson } from '../../../../src/scenarios/lesson';
import { lessonSummary } from '../../../../src/scenarios/lessons/summaries';
import { parseScenario } from '../../../../src/scenarios/schema';
import { offsetOf, record, snapshotOf, taskState, type Recording } from '../../../helpers/sim';
import { lessonById } from '../../../../src/scenarios/lessons/course';

const lesson5CheckpointConfig = lessonById('checkpoint-config')!;
const lesson6Savepoints = lessonById('savepoints')!;
const lesson6Upgrade = lessonById('savepoint-upgrade-v2')!;
const lesson7FailureRate = lessonById('restart-failure-rate')!;
const lesson7RestartStrategies = lessonById('restart-strategies')!;

const LESSONS = [
  lesson5CheckpointConfig,
  lesson6Savepoints,
  lesson6Upgrade,
  lesson7RestartStrategies,
  lesson7FailureRate,
];

function stepAt(lesson: Lesson, tick: number) {
  const found = lesson.steps.find((s) => s.tick === tick);
  if (!found) throw new Error(`${lesson.id} has no step at tick ${tick}`);
  return found;
}

const at = (run: Recording, tick: number, type: TimedEvent['type']) =>
  run.events.filter((e) => e.tick === tick && e.type === type);
const checkpoint = (state: SimState, id: number) =>
  state.checkpoints.find((c) => c.id === id) as CheckpointRecord;
const ms = (lesson: Lesson, ticks: number) => ticks * lesson.scenario.tickMs;
/** The keys lesson 5's sum holds at a moment, as its node shows them. */
const keysShown = (state: SimState) => {
  const sum = taskState(state, 'sum#0');
  return sum.kind === 'sum' ? Object.keys(sum.byKey ?? {}).length : 0;
};

describe('lessons 5 to 7 as data', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: steps in order, within the run, in both languages, on a valid scenario',
    (_, lesson) => {
      const run = record(lesson.scenario);
      const last = run.states.length - 1;
      const ticks = lesson.steps.map((s) => s.tick);
      expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(last);
      for (const step of lesson.steps) {
        for (const text of [step.title, step.text, step.question?.prompt, step.question?.answer]) {
          if (!text) continue;
          expect(text.en.length).toBeGreaterThan(0);
          expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
        }
      }
      expect(parseScenario(JSON.parse(JSON.stringify(lesson.scenario))).ok).toBe(true);
    },
  );

  it('speaks the seed’s Chinese terms', () => {
    const zh = (l: Lesson) => JSON.stringify([l.title, lessonSummary(l.id), l.steps]);
    expect(zh(lesson5CheckpointConfig)).toMatch(/检查点/);
    expect(zh(lesson5CheckpointConfig)).toMatch(/最小间隔/);
    expect(zh(lesson6Savepoints)).toMatch(/保存点/);
    expect(zh(lesson7RestartStrategies)).toMatch(/重启策略/);
  });
});

describe('lesson 5: the CheckpointConfig in time', () => {
  const lesson = lesson5CheckpointConfig;
  const run = record(lesson.scenario);
  const end = run.states[run.states.length - 1];
  const triggered = (tick: number) =>
    at(run, tick, 'CheckpointTriggered').map((e) =>
      e.type === 'CheckpointTriggered' ? e.checkpoint : 0,
    );

  it('runs the seed’s configuration: interval 1000, min pause 500, max concurrent 2, and no checkpoint outlasts the interval here', () => {
    expect(lesson.scenario.tickMs).toBe(100);
    expect(lesson.scenario.checkpoint).toMatchObject({
      intervalMs: 1000,
      minPauseMs: 500,
      maxConcurrent: 2,
      tolerableFailures: 3,
    });
    for (const s of run.states) {
      expect(s.checkpoints.filter((c) => c.status === 'IN_PROGRESS').length).toBeLessThanOrEqual(1);
    }
  });

  it('at tick 10 (1000 ms) checkpoint 1 starts', () => {
    stepAt(lesson, 10);
    expect(triggered(10)).toEqual([1]);
    expect(ms(lesson, 10)).toBe(1000);
  });

  it('at tick 14 checkpoint 1 completes after 400 ms', () => {
    stepAt(lesson, 14);
    const c = checkpoint(end, 1);
    expect(c.completeTick).toBe(14);
    expect(ms(lesson, c.completeTick! - c.triggerTick)).toBe(400);
  });

  it('at tick 20 checkpoint 2 starts, 1000 ms after checkpoint 1: the 400 ms case', () => {
    stepAt(lesson, 20);
    expect(triggered(20)).toEqual([2]);
    expect(ms(lesson, 20 - checkpoint(end, 1).triggerTick)).toBe(1000);
    // Nothing started between: the minimum pause did not pull checkpoint 2 forward to 1900 ms.
    expect(
      run.events.filter((e) => e.type === 'CheckpointTriggered' && e.tick > 10 && e.tick < 20),
    ).toEqual([]);
  });

  it('at tick 26 checkpoint 2 completes after 600 ms, its sum holding 11 keys', () => {
    stepAt(lesson, 26);
    const c = checkpoint(end, 2);
    expect(c.completeTick).toBe(26);
    expect(ms(lesson, c.completeTick! - c.triggerTick)).toBe(600);
    const sum = snapshotOf(end.scenario, c, 'sum#0')!;
    expect(sum.kind === 'sum' && Object.keys(sum.byKey ?? {}).length).toBe(11);
    // The node shows the keys after the tick, more than the snapshot holds: the text speaks of
    // the snapshot's 11, never as what the node holds now.
    expect(keysShown(run.states[26])).toBeGreaterThan(11);
    expect(stepAt(lesson, 26).text.en).toContain('for checkpoint 2 holds 11 keys');
    expect(stepAt(lesson, 26).text.zh).toContain('为检查点 2 保存的快照有 11 个键');
  });

  it('at tick 30 the interval is up but nothing starts; at tick 31 (1100 ms after checkpoint 2) checkpoint 3 does', () => {
    stepAt(lesson, 30);
    stepAt(lesson, 31);
    expect(triggered(30)).toEqual([]);
    expect(at(run, 30, 'CheckpointSkipped')).toMatchObject([
      {
        reason: { code: 'min-pause', minPauseMs: 500, lastEndMs: 2600, untilMs: 3100 },
      },
    ]);
    expect(triggered(31)).toEqual([3]);
    expect(ms(lesson, 31 - checkpoint(end, 2).triggerTick)).toBe(1100);
    expect(ms(lesson, 31 - checkpoint(end, 2).completeTick!)).toBe(500);
  });

  it('at tick 39 checkpoint 3 expires after the 800 ms timeout and the job runs on', () => {
    stepAt(lesson, 39);
    const failed = at(run, 39, 'CheckpointFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      checkpoint: 3,
      reason: { code: 'checkpoint-expired', timeoutMs: 800 },
    });
    expect(ms(lesson, 39 - checkpoint(end, 3).triggerTick)).toBe(800);
    expect(
      Object.keys(
        (snapshotOf(end.scenario, checkpoint(end, 3), 'sum#0') as { byKey: object }).byKey,
      ),
    ).toHaveLength(22);
    expect(keysShown(run.states[39])).toBeGreaterThan(22);
    expect(stepAt(lesson, 39).text.en).toContain('for checkpoint 3 holds 22 keys');
    expect(stepAt(lesson, 39).text.zh).toContain('为检查点 3 保存的快照有 22 个键');
    expect(run.states[39].job.status).toBe('RUNNING');
    expect(run.states[39].coordinator.consecutiveFailures).toBe(1);
  });

  it('at tick 41 checkpoint 4 starts, 1000 ms after checkpoint 3', () => {
    stepAt(lesson, 41);
    expect(triggered(41)).toEqual([4]);
  });

  it('at tick 49 checkpoint 4 expires too, two failures tolerated, and the job finishes', () => {
    stepAt(lesson, 49);
    expect(at(run, 49, 'CheckpointFailed')).toMatchObject([{ checkpoint: 4 }]);
    expect(at(run, 49, 'JobFinished')).toHaveLength(1);
    // At once: the lesson turns final checkpoints off, as its last step says.
    expect(lesson.scenario.checkpoint.checkpointsAfterTasksFinish).toBe(false);
    expect(at(run, 49, 'JobFinished')[0]).toMatchObject({ reason: { code: 'input-exhausted' } });
    expect(at(run, 49, 'JobFinished')[0]).not.toHaveProperty('reason.finalCheckpoint');
    expect(end.tick).toBe(49);
    expect(end.job.status).toBe('FINISHED');
  });
});

describe('lesson 6: savepoints on version 1', () => {
  const lesson = lesson6Savepoints;
  const run = record(lesson.scenario);
  const end = run.states[run.states.length - 1];

  it('at tick 16 checkpoint 1 completes and savepoint "backup" (2) is triggered', () => {
    stepAt(lesson, 16);
    expect(at(run, 16, 'CheckpointCompleted')).toMatchObject([
      { checkpoint: 1, kind: 'checkpoint' },
    ]);
    expect(at(run, 16, 'CheckpointTriggered')).toMatchObject([
      { checkpoint: 2, kind: 'savepoint' },
    ]);
    expect(checkpoint(end, 2).name).toBe('backup');
  });

  it('at tick 22 savepoint 2 completes with its metadata: 1.6 s, v1, every uid', () => {
    stepAt(lesson, 22);
    expect(at(run, 22, 'CheckpointCompleted')).toMatchObject([
      { checkpoint: 2, kind: 'savepoint' },
    ]);
    const meta = checkpoint(end, 2).savepoint!;
    expect(meta.triggerMs).toBe(1600);
    expect(meta.job.version).toBe('v1');
    expect(meta.operators.map((o) => o.uid)).toEqual(lesson.scenario.operators.map((o) => o.uid));
  });

  it('at tick 24 sum_by_parity fails and the job restarts after 300 ms', () => {
    stepAt(lesson, 24);
    expect(at(run, 24, 'TaskFailed')).toMatchObject([{ task: 'sum_by_parity#0' }]);
    expect(at(run, 24, 'JobRestarting')).toMatchObject([{ delayTicks: 3 }]);
  });

  it('at tick 27 checkpoint 1 is restored, savepoint 2 ignored, the source back at offset 5', () => {
    stepAt(lesson, 27);
    expect(at(run, 27, 'JobRestarted')).toMatchObject([
      { checkpoint: 1, kind: 'checkpoint', ignoredSavepoint: 2 },
    ]);
    expect(at(run, 27, 'SourceRewound')).toMatchObject([{ task: 'source#0', offset: 5 }]);
  });

  it('at tick 46 the stop-with-savepoint starts; the source reads nothing after its barrier', () => {
    stepAt(lesson, 46);
    const triggeredAt = at(run, 46, 'CheckpointTriggered');
    expect(triggeredAt).toMatchObject([{ checkpoint: 5, kind: 'savepoint' }]);
    expect(checkpoint(end, 5)).toMatchObject({ name: 'before-upgrade', stop: true });
    const injected = run.events.find((e) => e.type === 'BarrierInjected' && e.checkpoint === 5)!;
    expect(run.events.filter((e) => e.type === 'RecordEmitted' && e.tick > injected.tick)).toEqual(
      [],
    );
    expect(run.events.filter((e) => e.type === 'CheckpointTriggered' && e.tick > 46)).toEqual([]);
  });

  it('at tick 52 savepoint 5 completes and the job is FINISHED, stopped with it', () => {
    stepAt(lesson, 52);
    expect(at(run, 52, 'JobFinished')).toMatchObject([
      { reason: { code: 'stopped-with-savepoint', savepoint: 5 } },
    ]);
    expect(end.tick).toBe(52);
  });
});

describe('lesson 6, continued: version 2 resumes from the savepoint', () => {
  const lesson = lesson6Upgrade;
  const run = record(lesson.scenario);
  const start = run.states[0];
  const end = run.states[run.states.length - 1];

  it('at tick 0 the source is at 15 and the even (56) and odd (64) sums sit on two subtasks', () => {
    stepAt(lesson, 0);
    expect(offsetOf(start, 'source#0')).toBe(15);
    expect([taskState(start, 'sum_by_parity#0'), taskState(start, 'sum_by_parity#1')]).toEqual([
      { kind: 'sum', sum: 56, byKey: { even: 56 } },
      { kind: 'sum', sum: 64, byKey: { odd: 64 } },
    ]);
    expect(start.restoredFrom!.operators.find((o) => o.uid === 'total')?.outcome).toBe('skipped');
  });

  it('at tick 10 its first checkpoint has id 6', () => {
    stepAt(lesson, 10);
    expect(at(run, 10, 'CheckpointTriggered')).toMatchObject([{ checkpoint: 6 }]);
  });

  it('at tick 36 it finishes with even 1040 and odd 925, once the final checkpoint 8 completed', () => {
    stepAt(lesson, 36);
    expect(end.tick).toBe(36);
    const finished = run.events.find((e) => e.type === 'JobFinished');
    expect(finished).toMatchObject({ reason: { code: 'input-exhausted', finalCheckpoint: 8 } });
    expect(end.job.status).toBe('FINISHED');
    expect(taskState(end, 'sum_by_parity#0')).toMatchObject({ byKey: { even: 1040 } });
    expect(taskState(end, 'sum_by_parity#1')).toMatchObject({ byKey: { odd: 925 } });
  });
});

describe('lesson 7: fixed-delay restart', () => {
  const lesson = lesson7RestartStrategies;
  const run = record(lesson.scenario);

  it.each([
    [12, 1],
    [35, 2],
    [58, 3],
  ])('at tick %i a failure starts restart attempt %i', (tick, attempt) => {
    stepAt(lesson, tick);
    expect(at(run, tick, 'TaskFailed')).toMatchObject([{ task: 'sum#0' }]);
    expect(at(run, tick, 'JobRestarting')).toMatchObject([{ attempt, delayTicks: 10 }]);
  });

  it('at tick 22 the job runs again from checkpoint 1, exactly 10 s after the failure', () => {
    stepAt(lesson, 22);
    expect(at(run, 22, 'JobRestarted')).toMatchObject([{ checkpoint: 1 }]);
    expect(run.states[21].job.status).toBe('RESTARTING');
    expect(run.states[22].job.status).toBe('RUNNING');
  });

  it('at tick 81 the fourth failure fails the job', () => {
    stepAt(lesson, 81);
    expect(at(run, 81, 'JobFailed')).toMatchObject([
      { reason: { code: 'restarts-exhausted', strategy: 'fixed-delay', attempts: 3 } },
    ]);
    expect(run.states.length - 1).toBe(81);
  });
});

describe('lesson 7, continued: failure-rate restart', () => {
  const lesson = lesson7FailureRate;
  const run = record(lesson.scenario);

  it.each([12, 250, 320])('at tick %i a failure is restarted after 10 s', (tick) => {
    stepAt(lesson, tick);
    expect(at(run, tick, 'TaskFailed')).toHaveLength(1);
    expect(at(run, tick, 'JobRestarting')).toMatchObject([{ delayTicks: 10 }]);
  });

  it('at tick 250 it is the fifth failure, at 320 the sixth of the run', () => {
    const failures = run.events.filter((e) => e.type === 'TaskFailed').map((e) => e.tick);
    expect(failures.indexOf(250)).toBe(4);
    expect(failures.indexOf(320)).toBe(5);
    expect(320 - failures[0]).toBeGreaterThan(300);
  });

  it('at tick 340 the seventh failure makes six within 5 minutes and the job is FAILED', () => {
    stepAt(lesson, 340);
    expect(at(run, 340, 'JobFailed')).toMatchObject([
      {
        reason: {
          code: 'failure-rate-exceeded',
          strategy: 'failure-rate',
          failures: 6,
          intervalMs: 300_000,
          maxFailures: 5,
        },
      },
    ]);
    expect(run.states.length - 1).toBe(340);
  });
});
