import { describe, expect, it } from 'vitest';
import {
  arrivedOn,
  judge,
  stateLedgers,
  topologyOf,
  type Scenario,
  type SimState,
  type TimedEvent,
} from '../../../src/engine';
import type { Lesson } from '../../../src/scenarios/lesson';
import { LESSONS, lessonById } from '../../../src/scenarios/lessons/course';
import { lessonSummary } from '../../../src/scenarios/lessons/summaries';
import { barrierSnapshots } from '../../../src/scenarios/presets/stopTheWorld';
import { parseScenario } from '../../../src/scenarios/schema';
import { twinScenario } from '../../../src/scenarios/twin';
import { byTaskId, firstEvent, offsetOf, record, snapshotOf, sumOf } from '../../helpers/sim';

const lesson1ConsistentCheckpoint = lessonById('consistent-checkpoint')!;
const lesson2StopTheWorld = lessonById('stop-the-world-vs-barriers')!;
const lesson3BarrierAlignment = lessonById('barrier-alignment')!;
const lesson4ExactlyVsAtLeastOnce = lessonById('exactly-once-vs-at-least-once')!;

function task(state: SimState, id: string) {
  const index = topologyOf(state.scenario).taskIndex.get(id);
  if (index === undefined) throw new Error(`no task ${id}`);
  return state.tasks[index];
}

/** The records in flight on every channel into `to`, as `value@source`. */
function inFlightTo(state: SimState, to: string): string[] {
  const topology = topologyOf(state.scenario);
  return topology.channels
    .filter((c) => topology.tasks[c.to].id === to)
    .flatMap((c) => state.channels[c.index].queue)
    .flatMap((f) =>
      f.element.kind === 'record' ? [`${f.element.value}@${f.element.origin.task}`] : [],
    );
}

/** What reached a blocked input and waits in its channel (Flink 1.10's alignment buffer). */
function bufferOf(state: SimState, id: string, channel: string): string[] {
  const topology = topologyOf(state.scenario);
  const index = topology.taskIndex.get(id)!;
  const input = topology.tasks[index].inputs.findIndex((c) => topology.channels[c].id === channel);
  expect(task(state, id).inputs[input].blockedBy).not.toBe(null);
  return arrivedOn(state, index, input).flatMap((el) =>
    el.kind === 'record' ? [`${el.value}@${el.origin.task}`] : [],
  );
}

function at<T extends TimedEvent['type']>(events: readonly TimedEvent[], tick: number, type: T) {
  return events.filter(
    (e): e is Extract<TimedEvent, { type: T }> => e.type === type && e.tick === tick,
  );
}

/** How many times a task's state counts a source record, from the events up to a tick. */
function countIn(
  events: readonly TimedEvent[],
  tick: number,
  taskId: string,
  origin: string,
): number {
  const ledger = stateLedgers(events.filter((e) => e.tick <= tick)).get(taskId);
  return ledger?.get(origin)?.count ?? 0;
}

function stepAt(lesson: Lesson, tick: number) {
  const found = lesson.steps.find((s) => s.tick === tick);
  if (!found) throw new Error(`${lesson.id} has no step at tick ${tick}`);
  return found;
}

/** Task id to the state it snapshotted in `checkpoint`. */
const snapshotsOf = (state: SimState, checkpoint: number) =>
  byTaskId(state.scenario, state.checkpoints.find((c) => c.id === checkpoint)!.snapshots);
const sumIn = (s: unknown) => (s as { sum: number }).sum;
const offsetIn = (s: unknown) => (s as { offset: number }).offset;

const allText = (lesson: Lesson, language: 'en' | 'zh') =>
  [
    lesson.title,
    lessonSummary(lesson.id)!,
    ...lesson.steps.flatMap((s) => [
      s.title,
      s.text,
      ...(s.question ? [s.question.prompt, s.question.answer] : []),
    ]),
  ].map((t) => t[language]);

describe('the lesson registry', () => {
  it('lists the course in order, each lesson once, and finds each by id', () => {
    const orders = LESSONS.map((l) => l.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    expect(LESSONS.slice(0, 4)).toEqual([
      lesson1ConsistentCheckpoint,
      lesson2StopTheWorld,
      lesson3BarrierAlignment,
      lesson4ExactlyVsAtLeastOnce,
    ]);
    // Every place in the course, 1 to 9, has its lesson; a place taught in two parts has two.
    expect([...new Set(orders)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const l of LESSONS) expect(lessonById(l.id)).toBe(l);
    expect(lessonById('no-such-lesson')).toBeUndefined();
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: a valid scenario, steps in time order within the run, real highlights, both languages',
    (_, lesson) => {
      expect(parseScenario(lesson.scenario).ok).toBe(true);
      const run = record(lesson.scenario);
      const last = run.states.length - 1;
      const ticks = lesson.steps.map((s) => s.tick);
      expect(lesson.steps.length).toBeGreaterThan(2);
      expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
      expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(last);
      const ids = new Set(topologyOf(lesson.scenario).tasks.map((t) => t.id));
      for (const s of lesson.steps) {
        for (const h of s.highlight ?? []) {
          expect(ids.has(h) || h === 'jobmanager' || h === 'backend', `${h}`).toBe(true);
        }
      }
      for (const text of [...allText(lesson, 'en'), ...allText(lesson, 'zh')]) {
        expect(text.trim().length).toBeGreaterThan(0);
      }
    },
    60_000,
  );

  it('speaks of the seed’s terms in Chinese as a teacher does', () => {
    const zh = [
      lesson1ConsistentCheckpoint,
      lesson2StopTheWorld,
      lesson3BarrierAlignment,
      lesson4ExactlyVsAtLeastOnce,
    ]
      .flatMap((l) => allText(l, 'zh'))
      .join('\n');
    for (const term of ['检查点', '分界线', '对齐', '状态后端', '精确一次', '至少一次']) {
      expect(zh).toContain(term);
    }
  });

  it('asks the class a question, with its answer, in each of the first four lessons', () => {
    for (const l of LESSONS.filter((x) => x.order <= 4)) {
      expect(l.steps.filter((s) => s.question).length, l.id).toBeGreaterThan(0);
    }
  });
});

describe('lesson 1: a consistent checkpoint and recovery (odd/even sum)', () => {
  const lesson = lesson1ConsistentCheckpoint;
  const { states, events } = record(lesson.scenario);

  it('the source reads 1..9, one every three ticks', () => {
    stepAt(lesson, 0);
    const reads = events.filter((e) => e.type === 'RecordEmitted' && !e.replay);
    expect(reads.map((e) => e.type === 'RecordEmitted' && e.record)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const firstFive = reads.slice(0, 5).map((e) => e.tick);
    expect(firstFive.slice(1).map((t, i) => t - firstFive[i])).toEqual([3, 3, 3, 3]);
  });

  it('at tick 14: offset 5, sum_even 6, sum_odd 9, and checkpoint 1 starts', () => {
    const s = states[stepAt(lesson, 14).tick];
    expect(offsetOf(s, 'source#0')).toBe(5);
    expect(sumOf(s, 'sum_even#0')).toBe(2 + 4);
    expect(sumOf(s, 'sum_odd#0')).toBe(1 + 3 + 5);
    expect(at(events, 14, 'CheckpointTriggered').map((e) => e.checkpoint)).toEqual([1]);
  });

  it('at tick 16: the barrier follows record 5 and both sums snapshot 6 and 9', () => {
    stepAt(lesson, 16);
    expect(firstEvent(events, 'BarrierInjected')).toMatchObject({ offset: 5 });
    expect(firstEvent(events, 'BarrierInjected').tick).toBeLessThan(16);
    const taken = at(events, 16, 'SnapshotTaken').map((e) => [e.task, sumIn(e.state)]);
    expect(taken).toEqual([
      ['sum_even#0', 6],
      ['sum_odd#0', 9],
    ]);
  });

  it('at tick 18: checkpoint 1 completes with (5, 6, 9)', () => {
    stepAt(lesson, 18);
    expect(at(events, 18, 'CheckpointCompleted').map((e) => e.checkpoint)).toEqual([1]);
    const snap = snapshotsOf(states[18], 1);
    expect([
      offsetIn(snap['source#0']),
      sumIn(snap['sum_even#0']),
      sumIn(snap['sum_odd#0']),
    ]).toEqual([5, 6, 9]);
  });

  it('at tick 19: sum_even 12, sum_odd 9 and 7 on its way to sum_odd', () => {
    const s = states[stepAt(lesson, 19).tick];
    expect(offsetOf(s, 'source#0')).toBe(7);
    expect(sumOf(s, 'sum_even#0')).toBe(12);
    expect(sumOf(s, 'sum_odd#0')).toBe(9);
    expect(inFlightTo(s, 'sum_odd#0')).toEqual(['7@source#0']);
  });

  it('at tick 20: sum_odd fails before 7 while sum_even is 12 (the seed’s moment)', () => {
    const s = states[stepAt(lesson, 20).tick];
    expect(at(events, 20, 'TaskFailed')).toMatchObject([{ task: 'sum_odd#0', record: 7 }]);
    expect(s.job.status).toBe('RESTARTING');
    expect(task(s, 'sum_odd#0').status).toBe('FAILED');
    expect(task(s, 'sum_even#0').status).toBe('RUNNING');
    expect([offsetOf(s, 'source#0'), sumOf(s, 'sum_even#0')]).toEqual([7, 12]);
  });

  it('at tick 21: the restart cancels every task and clears every state', () => {
    const s = states[stepAt(lesson, 21).tick];
    expect(at(events, 21, 'TasksCanceled')).toHaveLength(1);
    expect(s.tasks.map((t) => t.status).sort()).toEqual(['CANCELED', 'CANCELED', 'FAILED']);
    expect([offsetOf(s, 'source#0'), sumOf(s, 'sum_even#0'), sumOf(s, 'sum_odd#0')]).toEqual([
      0, 0, 0,
    ]);
  });

  it('at tick 23: restored (5, 6, 9), the source rewound to offset 5; it reads 6 again next', () => {
    const s = states[stepAt(lesson, 23).tick];
    expect(s.job.status).toBe('RUNNING');
    expect(at(events, 23, 'StateRestored').map((e) => e.checkpoint)).toEqual([1, 1, 1]);
    expect(at(events, 23, 'SourceRewound')).toMatchObject([{ offset: 5 }]);
    expect([offsetOf(s, 'source#0'), sumOf(s, 'sum_even#0'), sumOf(s, 'sum_odd#0')]).toEqual([
      5, 6, 9,
    ]);
    expect(at(events, 24, 'RecordEmitted')).toMatchObject([{ record: 6, replay: true }]);
  });

  it('at tick 28: 6 and 7 replayed, sum_even 12 with 6 counted once, sum_odd 16', () => {
    const s = states[stepAt(lesson, 28).tick];
    expect(sumOf(s, 'sum_even#0')).toBe(12);
    expect(sumOf(s, 'sum_odd#0')).toBe(16);
    expect(countIn(events, 28, 'sum_even#0', 'source#0@5')).toBe(1);
  });

  it('at tick 34: 20 and 25, each record counted exactly once', () => {
    const s = states[stepAt(lesson, 34).tick];
    expect(s.job.status).toBe('FINISHED');
    expect(s.tick).toBe(states.length - 1);
    expect(sumOf(s, 'sum_even#0')).toBe(20);
    expect(sumOf(s, 'sum_odd#0')).toBe(25);
    expect(judge({ state: s, events }).stateExactlyOnce).toBe(true);
  });
});

function pausedTicks(states: readonly SimState[]): number[] {
  const sources = topologyOf(states[0].scenario).sources;
  return states.filter((s) => sources.every((i) => s.tasks[i].paused)).map((s) => s.tick);
}

describe('lesson 2: stop the world against barriers', () => {
  const lesson = lesson2StopTheWorld;
  const { states, events } = record(lesson.scenario);

  it('two sources read 1..12 a number a tick; a checkpoint every 8 ticks, stop-the-world', () => {
    stepAt(lesson, 0);
    const c = lesson.scenario.checkpoint;
    expect([c.mode, c.intervalMs, c.intervalMs! / lesson.scenario.tickMs]).toEqual([
      'stop-the-world',
      800,
      8,
    ]);
    for (const source of ['source#0', 'source#1']) {
      const reads = events.filter(
        (e) => e.type === 'RecordEmitted' && e.task === source && e.tick <= 8,
      );
      expect(reads.map((e) => e.tick)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });

  it('at tick 8: checkpoint 1 starts with a pause message to every source, no barrier', () => {
    const s = states[stepAt(lesson, 8).tick];
    expect(at(events, 8, 'CheckpointTriggered').map((e) => e.checkpoint)).toEqual([1]);
    expect(s.messages.filter((m) => m.type === 'pause')).toHaveLength(2);
    expect(events.some((e) => e.type === 'BarrierInjected')).toBe(false);
  });

  it('at tick 9: sources paused at offset 8 while the two 8s travel to sum_even', () => {
    const s = states[stepAt(lesson, 9).tick];
    expect(at(events, 9, 'SourcesPaused')).toHaveLength(1);
    for (const source of ['source#0', 'source#1']) {
      expect(task(s, source).paused).toBe(true);
      expect(offsetOf(s, source)).toBe(8);
    }
    expect(inFlightTo(s, 'sum_even#0').sort()).toEqual(['8@source#0', '8@source#1']);
    expect(Object.keys(snapshotsOf(s, 1))).toEqual([]);
  });

  it('at tick 11: every channel drained, the sink holds every result, nothing snapshotted yet', () => {
    const s = states[stepAt(lesson, 11).tick];
    expect(s.channels.every((c) => c.queue.length === 0)).toBe(true);
    // Each sum sends one result per record it adds: 1..8 from two sources.
    expect(task(s, 'sink#0').output).toHaveLength(2 * 8);
    expect(Object.keys(snapshotsOf(s, 1))).toEqual([]);
  });

  it('at tick 12: every task snapshots (8, 8, 40, 32)', () => {
    const s = states[stepAt(lesson, 12).tick];
    expect(at(events, 12, 'SnapshotTaken')).toHaveLength(5);
    const snap = snapshotsOf(s, 1);
    expect([
      offsetIn(snap['source#0']),
      offsetIn(snap['source#1']),
      sumIn(snap['sum_even#0']),
      sumIn(snap['sum_odd#0']),
    ]).toEqual([8, 8, 2 * (2 + 4 + 6 + 8), 2 * (1 + 3 + 5 + 7)]);
  });

  it('at tick 15: complete at 14, sources read again after standing still from 9 to 14', () => {
    stepAt(lesson, 15);
    expect(firstEvent(events, 'CheckpointCompleted').tick).toBe(14);
    expect(at(events, 15, 'SourcesResumed')).toHaveLength(1);
    expect(at(events, 15, 'RecordEmitted')).toHaveLength(2);
    const reads = events.filter((e) => e.type === 'RecordEmitted' && e.tick >= 9 && e.tick <= 14);
    expect(reads).toEqual([]);
    expect(pausedTicks(states).filter((t) => t <= 15)).toEqual([9, 10, 11, 12, 13, 14]);
  });

  it('at tick 15 and at the end the same job with barriers is offered beside it: at 15 it has added all of its input, this one not', () => {
    const offered = lesson.steps.filter((step) => step.twin !== undefined);
    expect(offered.map((step) => step.tick)).toEqual([15, 31]);
    for (const step of offered) {
      const twin = twinScenario(lesson.scenario, step.twin!);
      expect({ ...twin, id: barrierSnapshots.id, title: barrierSnapshots.title }).toEqual(
        barrierSnapshots,
      );
    }
    const beside = record(twinScenario(lesson.scenario, offered[0].twin!)).states[15];
    const even = [2, 4, 6, 8, 10, 12].reduce((a, b) => a + b);
    const odd = [1, 3, 5, 7, 9, 11].reduce((a, b) => a + b);
    expect([sumOf(beside, 'sum_even#0'), sumOf(beside, 'sum_odd#0')]).toEqual([2 * even, 2 * odd]);
    expect([sumOf(beside, 'sum_even#0'), sumOf(beside, 'sum_odd#0')]).toEqual([84, 72]);
    const here = states[15];
    expect([sumOf(here, 'sum_even#0'), sumOf(here, 'sum_odd#0')]).toEqual([40, 32]);
  });

  it('at the end: 3 checkpoints, finished at 31 after 18 paused ticks; barriers: same checkpoint 1, input done at 15 against 27', () => {
    const s = states[stepAt(lesson, 31).tick];
    expect(s.job.status).toBe('FINISHED');
    expect(states.length - 1).toBe(31);
    expect(s.checkpoints.filter((c) => c.status === 'COMPLETED')).toHaveLength(3);
    expect(pausedTicks(states)).toHaveLength(18);

    expect(barrierSnapshots.operators).toEqual(lesson.scenario.operators);
    expect(barrierSnapshots.edges).toEqual(lesson.scenario.edges);
    expect({ ...barrierSnapshots.checkpoint, mode: 'stop-the-world' }).toEqual(
      lesson.scenario.checkpoint,
    );
    const barriers = record(barrierSnapshots);
    const end = barriers.states[barriers.states.length - 1];
    expect(pausedTicks(barriers.states)).toEqual([]);
    const first = end.checkpoints.find((c) => c.id === 1)!;
    expect([first.status, first.triggerTick, first.completeTick]).toEqual(['COMPLETED', 8, 14]);
    expect(snapshotOf(end.scenario, first, 'sum_even#0')).toEqual(snapshotsOf(s, 1)['sum_even#0']);
    expect(snapshotOf(end.scenario, first, 'sum_odd#0')).toEqual(snapshotsOf(s, 1)['sum_odd#0']);
    expect(snapshotOf(end.scenario, first, 'source#0')).toEqual(snapshotsOf(s, 1)['source#0']);
    expect(snapshotOf(end.scenario, first, 'source#1')).toEqual(snapshotsOf(s, 1)['source#1']);
    const lastRead = barriers.events.filter((e) => e.type === 'RecordEmitted').pop()!;
    expect(lastRead.tick).toBe(12);
    expect(end.job.status).toBe('FINISHED');
    // All input processed at 15 (stop the world: 27); both then wait for a final checkpoint.
    const inputDone = (events: typeof barriers.events) =>
      events.find((e) => e.type === 'InputFinished')?.tick;
    expect(inputDone(barriers.events)).toBe(15);
    expect(inputDone(record(lesson.scenario).events)).toBe(27);
    // Same result, either way.
    expect([sumOf(end, 'sum_even#0'), sumOf(end, 'sum_odd#0')]).toEqual([
      sumOf(s, 'sum_even#0'),
      sumOf(s, 'sum_odd#0'),
    ]);
  });
});

describe('lesson 3: barriers and alignment with two sources', () => {
  const lesson = lesson3BarrierAlignment;
  const { states, events } = record(lesson.scenario);
  const topology = topologyOf(lesson.scenario);
  const latency = (id: string) => topology.channels.find((c) => c.id === id)!.latency;

  it('two sources read 1..9; each sum has two inputs, the one from source#1 slower', () => {
    stepAt(lesson, 0);
    const source = lesson.scenario.operators.find((o) => o.id === 'source')!;
    expect(source).toMatchObject({ parallelism: 2, input: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    for (const sum of ['sum_even#0', 'sum_odd#0']) {
      expect(task(states[0], sum).inputs).toHaveLength(2);
      expect(latency(`source#1->${sum}`)).toBeGreaterThan(latency(`source#0->${sum}`));
    }
  });

  it('at tick 4: the JobManager sends checkpoint 1 to every source', () => {
    const s = states[stepAt(lesson, 4).tick];
    expect(at(events, 4, 'CheckpointTriggered').map((e) => e.checkpoint)).toEqual([1]);
    expect(s.messages.filter((m) => m.type === 'trigger' && m.checkpoint === 1)).toHaveLength(2);
  });

  it('at tick 5: both sources save offset 4 and emit barrier 1, then ack once stored', () => {
    const step = stepAt(lesson, 5);
    // The tape shows the offset after the tick: the text must name it too, not only the stored 4.
    for (const source of ['source#0', 'source#1']) expect(offsetOf(states[5], source)).toBe(5);
    expect(step.text.en).toContain('its offset is now 5');
    expect(step.text.zh).toContain('现在偏移量是 5');
    const injected = at(events, 5, 'BarrierInjected');
    expect(injected.map((e) => [e.task, e.offset])).toEqual([
      ['source#0', 4],
      ['source#1', 4],
    ]);
    for (const source of ['source#0', 'source#1']) {
      const stored = firstEvent(events, 'SnapshotStored', (e) => e.task === source);
      const acked = firstEvent(events, 'CheckpointAcknowledged', (e) => e.task === source);
      expect(stored.tick).toBeGreaterThan(5);
      expect(acked.tick).toBeGreaterThan(stored.tick);
    }
  });

  it('at tick 6: the input from source#0 is blocked, source#1 flows on', () => {
    const s = states[stepAt(lesson, 6).tick];
    for (const sum of ['sum_even#0', 'sum_odd#0']) {
      expect(task(s, sum).inputs.map((i) => i.blockedBy)).toEqual([1, null]);
      expect(bufferOf(s, sum, `source#0->${sum}`)).toEqual(['5@source#0']);
      expect(
        at(events, 6, 'RecordProcessed').some(
          (e) => e.task === sum && e.origin.task === 'source#1',
        ),
      ).toBe(true);
    }
  });

  it('at tick 7: sum_even buffers 5 and 6 from source#0, has added 4 from source#1, still waits', () => {
    const s = states[stepAt(lesson, 7).tick];
    expect(bufferOf(s, 'sum_even#0', 'source#0->sum_even#0')).toEqual(['5@source#0', '6@source#0']);
    expect(
      at(events, 7, 'RecordProcessed').filter((e) => e.task === 'sum_even#0' && e.applied),
    ).toMatchObject([{ record: 4, origin: { task: 'source#1' } }]);
    expect(sumOf(s, 'sum_even#0')).toBe(12);
    expect(task(s, 'sum_even#0').alignment?.arrived).toEqual([true, false]);
  });

  it('at tick 8: aligned, snapshots 12 and 8, forwards the barrier, drains the buffer', () => {
    const s = states[stepAt(lesson, 8).tick];
    const taken = at(events, 8, 'SnapshotTaken').map((e) => [e.task, sumIn(e.state)]);
    expect(taken).toEqual([
      ['sum_even#0', 2 * (2 + 4)],
      ['sum_odd#0', 2 * (1 + 3)],
    ]);
    expect(at(events, 8, 'BarrierForwarded').map((e) => e.task)).toEqual([
      'sum_even#0',
      'sum_odd#0',
    ]);
    expect(at(events, 8, 'ChannelUnblocked')).toHaveLength(2);
    for (const sum of ['sum_even#0', 'sum_odd#0']) {
      const index = topologyOf(s.scenario).taskIndex.get(sum)!;
      expect(task(s, sum).inputs.map((i) => i.blockedBy)).toEqual([null, null]);
      expect(task(s, sum).inputs.map((_, k) => arrivedOn(s, index, k))).toEqual([[], []]);
    }
  });

  it('at tick 9: the sink has barrier 1 on both inputs and snapshots', () => {
    stepAt(lesson, 9);
    expect(at(events, 9, 'SnapshotTaken').map((e) => e.task)).toEqual(['sink#0']);
  });

  it('at tick 11: every task acked and checkpoint 1 completes; the sources never stopped', () => {
    stepAt(lesson, 11);
    expect(at(events, 11, 'CheckpointCompleted').map((e) => e.checkpoint)).toEqual([1]);
    const acks = events.filter((e) => e.type === 'CheckpointAcknowledged' && e.tick <= 11);
    expect(acks).toHaveLength(topology.tasks.length);
    for (const source of ['source#0', 'source#1']) {
      const reads = events.filter((e) => e.type === 'RecordEmitted' && e.task === source);
      expect(reads.map((e) => e.tick)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });

  it('at tick 13: finished with sum_even 40 and sum_odd 50', () => {
    const s = states[stepAt(lesson, 13).tick];
    expect(s.job.status).toBe('FINISHED');
    expect([sumOf(s, 'sum_even#0'), sumOf(s, 'sum_odd#0')]).toEqual([40, 50]);
  });
});

describe('lesson 4: at-least-once against exactly-once after a failure', () => {
  const lesson = lesson4ExactlyVsAtLeastOnce;
  const { states, events } = record(lesson.scenario);
  const exactly: Scenario = {
    ...lesson.scenario,
    checkpoint: { ...lesson.scenario.checkpoint, mode: 'exactly-once' },
  };

  it('runs at-least-once, each source reading every other tick', () => {
    stepAt(lesson, 0);
    expect(lesson.scenario.checkpoint.mode).toBe('at-least-once');
    const reads = events.filter(
      (e) => e.type === 'RecordEmitted' && e.task === 'source#0' && e.tick < 8,
    );
    expect(reads.map((e) => e.tick)).toEqual([1, 3, 5, 7]);
  });

  it('at tick 7: both sources save offset 3 and emit barrier 1', () => {
    stepAt(lesson, 7);
    expect(at(events, 7, 'BarrierInjected').map((e) => [e.task, e.offset])).toEqual([
      ['source#0', 3],
      ['source#1', 3],
    ]);
  });

  it('at tick 8: nothing blocks, and sum_even adds the 4 that followed the barrier from source#0', () => {
    const s = states[stepAt(lesson, 8).tick];
    expect(events.some((e) => e.type === 'ChannelBlocked')).toBe(false);
    const tick8 = events.filter((e) => e.tick === 8 && e.type !== 'RecordEmitted');
    const barrier = tick8.findIndex(
      (e) =>
        e.type === 'BarrierReceived' &&
        e.task === 'sum_even#0' &&
        e.channel === 'source#0->sum_even#0',
    );
    const added = tick8.findIndex(
      (e) =>
        e.type === 'RecordProcessed' &&
        e.task === 'sum_even#0' &&
        e.applied &&
        e.origin.task === 'source#0' &&
        e.origin.value === 4,
    );
    expect(barrier).toBeGreaterThanOrEqual(0);
    expect(added).toBeGreaterThan(barrier);
    expect(sumOf(s, 'sum_even#0')).toBe(8);
    expect(task(s, 'sum_even#0').alignment?.arrived).toEqual([true, false]);
  });

  it('at tick 10: sum_even snapshots 8 = 2 + 2 + 4 beside source offsets 3 and 3; aligned it would be 4', () => {
    const s = states[stepAt(lesson, 10).tick];
    const taken = at(events, 10, 'SnapshotTaken').find((e) => e.task === 'sum_even#0')!;
    expect(sumIn(taken.state)).toBe(2 + 2 + 4);
    expect(countIn(events, 10, 'sum_even#0', 'source#0@3')).toBe(1);
    // The node shows the sum after the tick, the 4 from source#1 after its barrier added: the
    // text names both numbers.
    expect(sumOf(s, 'sum_even#0')).toBe(2 + 2 + 4 + 4);
    const step = stepAt(lesson, 10);
    expect(step.text.en).toMatch(
      /8 = 2 \+ 2 \+ 4\. Then it adds the 4 from \{source#1\}.*shows 12/,
    );
    expect(step.text.zh).toContain('现在显示 12');
    const snap = snapshotsOf(s, 1);
    expect([offsetIn(snap['source#0']), offsetIn(snap['source#1'])]).toEqual([3, 3]);
    const aligned = record(exactly);
    const alignedSnapshot = firstEvent(
      aligned.events,
      'SnapshotTaken',
      (e) => e.task === 'sum_even#0' && e.checkpoint === 1,
    );
    expect(sumIn(alignedSnapshot.state)).toBe(2 + 2);
  });

  it('at tick 13: checkpoint 1 completes all the same', () => {
    stepAt(lesson, 13);
    expect(at(events, 13, 'CheckpointCompleted').map((e) => e.checkpoint)).toEqual([1]);
  });

  it('at tick 20: sum_odd fails before 9 from source#1; the next tick clears the states', () => {
    const s = states[stepAt(lesson, 20).tick];
    expect(at(events, 20, 'TaskFailed')).toMatchObject([
      { task: 'sum_odd#0', record: 9, origin: { task: 'source#1' } },
    ]);
    expect(s.job.status).toBe('RESTARTING');
    expect(at(events, 21, 'TasksCanceled')).toHaveLength(1);
    expect([sumOf(states[21], 'sum_even#0'), sumOf(states[21], 'sum_odd#0')]).toEqual([0, 0]);
  });

  it('at tick 23: restored offsets 3 and sum_even 8; the sources read 4 again next', () => {
    const s = states[stepAt(lesson, 23).tick];
    expect(at(events, 23, 'SourceRewound').map((e) => [e.task, e.offset])).toEqual([
      ['source#0', 3],
      ['source#1', 3],
    ]);
    expect(at(events, 23, 'StateRestored').find((e) => e.task === 'sum_even#0')).toMatchObject({
      checkpoint: 1,
      state: { sum: 8 },
    });
    expect(at(events, 24, 'RecordEmitted').map((e) => [e.task, e.record, e.replay])).toEqual([
      ['source#0', 4, true],
      ['source#1', 4, true],
    ]);
    expect(sumOf(s, 'sum_even#0')).toBe(8);
  });

  it('at tick 25: sum_even adds the replayed 4 from source#0 again and counts it twice', () => {
    const s = states[stepAt(lesson, 25).tick];
    expect(sumOf(s, 'sum_even#0')).toBe(12);
    expect(countIn(events, 25, 'sum_even#0', 'source#0@3')).toBe(2);
  });

  it('at the end: 44 instead of 40, the 4 from source#0 counted twice; exactly-once ends with 40 and 50', () => {
    const s = states[stepAt(lesson, 38).tick];
    expect(s.job.status).toBe('FINISHED');
    expect(states.length - 1).toBe(38);
    expect([sumOf(s, 'sum_even#0'), sumOf(s, 'sum_odd#0')]).toEqual([44, 50]);
    const verdict = judge({ state: s, events });
    expect(verdict.duplicates).toEqual([
      { operator: 'sum_even', origin: { task: 'source#0', index: 3, value: 4 }, count: 2 },
    ]);
    expect(verdict.lost).toEqual([]);

    const aligned = record(exactly);
    const end = aligned.states[aligned.states.length - 1];
    expect(aligned.events.some((e) => e.type === 'TaskFailed')).toBe(true);
    expect(task(aligned.states[8], 'sum_even#0').inputs[0].blockedBy).toBe(1);
    expect(bufferOf(aligned.states[8], 'sum_even#0', 'source#0->sum_even#0')).toEqual([
      '4@source#0',
    ]);
    expect(end.job.status).toBe('FINISHED');
    expect([sumOf(end, 'sum_even#0'), sumOf(end, 'sum_odd#0')]).toEqual([40, 50]);
    expect(judge({ state: end, events: aligned.events }).stateExactlyOnce).toBe(true);
  });
});
