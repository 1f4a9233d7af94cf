import { describe, expect, it } from 'vitest';
import { backpressureOf, checkpointMetrics, judge, topologyOf } from '../../../../src/engine';
import { twinScenario } from '../../../../src/scenarios/twin';
import { record, sumOf } from '../../../helpers/sim';
import { lessonById } from '../../../../src/scenarios/lessons/course';

const lesson8Backpressure = lessonById('backpressure-aligned')!;
const lesson8Timeout = lessonById('backpressure-aligned-timeout')!;
const lesson8Unaligned = lessonById('backpressure-unaligned')!;

// What lesson 8's steps say happens, checked against the engine at the steps' ticks.
const tickOf = (lesson: typeof lesson8Backpressure, en: string) =>
  lesson.steps.find((s) => s.title.en === en)!.tick;

describe('lesson 8, part 1: aligned checkpoints under backpressure', () => {
  const { states, events } = record(lesson8Backpressure.scenario);
  const end = states[states.length - 1];
  const index = (id: string) => topologyOf(lesson8Backpressure.scenario).taskIndex.get(id)!;

  it('backpressure reaches the sources by tick 8: the sum HIGH, the sources at least LOW, the sink’s channel never drained', () => {
    const at = tickOf(lesson8Backpressure, 'Backpressure reaches the sources');
    const s = states[at];
    expect(backpressureOf(s, index('sum#0')).status).toBe('HIGH');
    for (const id of ['source#0', 'source#1'])
      expect(backpressureOf(s, index(id)).status).not.toBe('OK');
    expect(backpressureOf(s, index('sink#0')).status).toBe('OK');
    const toSink = topologyOf(s.scenario).channels.find((c) => c.id === 'sum#0->sink#0')!;
    for (let t = 4; t <= at; t++)
      expect(states[t].channels[toSink.index].queue.length).toBeGreaterThanOrEqual(3);
  });

  it('checkpoint 1 expires at tick 16, before the sum got a barrier at tick 17; only the final checkpoint completes', () => {
    const c1 = end.checkpoints[0];
    expect([c1.triggerTick, c1.endTick, c1.failReason?.code]).toEqual([
      10,
      16,
      'checkpoint-expired',
    ]);
    const first = events.find((e) => e.type === 'BarrierReceived' && e.task === 'sum#0')!;
    expect(first.tick).toBe(17);
    // Under backpressure every periodic checkpoint expires; only the last one, whose barriers
    // came once the sources ran out of input, completes, and the job finishes with it
    // (checkpoints after tasks finish).
    const completed = end.checkpoints.filter((c) => c.status === 'COMPLETED');
    expect(completed.map((c) => c.id)).toEqual([end.checkpoints.length]);
    expect(end.checkpoints.slice(0, -1).every((c) => c.status === 'FAILED')).toBe(true);
    const inputEnd = events.find((e) => e.type === 'InputFinished')!;
    expect(completed[0].endTick).toBeGreaterThanOrEqual(inputEnd.tick);
    expect(end.job.status).toBe('FINISHED');
    expect(completed[0].endTick).toBe(end.tick);
    expect(end.tick).toBe(tickOf(lesson8Backpressure, 'No checkpoint until the end'));
  });
});

describe('lesson 8, part 1 beside the same job with unaligned checkpoints', () => {
  const offered = lesson8Backpressure.steps.filter((s) => s.twin !== undefined);
  const beside = record(twinScenario(lesson8Backpressure.scenario, offered[0].twin!));

  it('is offered where checkpoint 1 expired and at the end, as the unaligned part’s job without its failure', () => {
    expect(offered.map((s) => s.title.en)).toEqual([
      'Expired before it started',
      'No checkpoint until the end',
    ]);
    for (const step of offered) {
      const twin = twinScenario(lesson8Backpressure.scenario, step.twin!);
      const { id, title, actions } = lesson8Unaligned.scenario;
      expect({ ...twin, id, title, actions }).toEqual(lesson8Unaligned.scenario);
      expect(twin.actions).toEqual([]);
    }
  });

  it('there checkpoint 1 completes at tick 15, and checkpoints 1 to 6 each 500 ms after they started', () => {
    const at = offered[1].tick;
    const done = beside.states[at].checkpoints.filter((c) => c.status === 'COMPLETED');
    expect(done.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(done[0].completeTick).toBe(15);
    expect(done[0].completeTick).toBeLessThan(offered[0].tick);
    const { tickMs } = lesson8Backpressure.scenario;
    for (const c of done) expect((c.completeTick! - c.triggerTick) * tickMs).toBe(500);
  });
});

describe('lesson 8, part 2: unaligned checkpoints', () => {
  const { states, events } = record(lesson8Unaligned.scenario);
  const end = states[states.length - 1];

  it('checkpoint 1 completes at tick 15 with 9 in-flight records; the sink starts it at tick 13', () => {
    const c1 = end.checkpoints[0];
    expect([c1.type, c1.status, c1.endTick, c1.channelState.length]).toEqual([
      'unaligned',
      'COMPLETED',
      15,
      9,
    ]);
    const sink = checkpointMetrics(lesson8Unaligned.scenario, c1).find((m) => m.id === 'sink#0')!;
    expect(c1.triggerTick * 100 + sink.startDelayMs).toBe(1300);
  });

  it('the failure at tick 26 restores checkpoint 2 at tick 29, and the sum ends at 930, exactly once', () => {
    expect(events.find((e) => e.type === 'TaskFailed')!.tick).toBe(26);
    const restarted = events.find((e) => e.type === 'JobRestarted')!;
    expect([restarted.tick, restarted.type === 'JobRestarted' && restarted.checkpoint]).toEqual([
      29, 2,
    ]);
    expect(
      states[29].channels.some((c) =>
        c.queue.some((q) => q.element.kind === 'record' && q.element.restored),
      ),
    ).toBe(true);
    expect(end.tick).toBe(tickOf(lesson8Unaligned, 'Exactly once'));
    expect(sumOf(end, 'sum#0')).toBe(930);
    expect(judge({ state: end, events }).stateExactlyOnce).toBe(true);
  });
});

describe('lesson 8, part 3: the aligned-checkpoint timeout', () => {
  const { states, events } = record(lesson8Timeout.scenario);
  const end = states[states.length - 1];

  it('the sum switches at tick 13 and checkpoint 1 completes at tick 16 with 8 in-flight records', () => {
    const switched = events.find((e) => e.type === 'AlignmentTimedOut')!;
    expect([switched.tick, switched.type === 'AlignmentTimedOut' && switched.task]).toEqual([
      13,
      'sum#0',
    ]);
    const c1 = end.checkpoints[0];
    expect([c1.type, c1.status, c1.endTick, c1.channelState.length]).toEqual([
      'aligned-timed-out',
      'COMPLETED',
      16,
      8,
    ]);
  });
});
