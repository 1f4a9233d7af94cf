import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInitialState, step, type SimState } from '../../../src/engine';
import {
  eventsAt,
  follow,
  forkTimeline,
  keepEvents,
  KEYFRAME_EVERY,
  MILESTONES,
  recordTimeline,
  stateAt,
} from '../../../src/session/timeline';
import { PRESETS } from '../../../src/scenarios/presets';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';

function stepTo(start: SimState, tick: number): SimState {
  let s = start;
  while (s.tick < tick) s = step(s).state;
  return s;
}

// A run long enough to span several keyframes.
const long = {
  ...barrierAlignment,
  operators: barrierAlignment.operators.map((op) =>
    op.kind === 'source' ? { ...op, input: Array.from({ length: 60 }, (_, i) => i + 1) } : op,
  ),
  checkpoint: { ...barrierAlignment.checkpoint, intervalMs: 700 },
  actions: [{ type: 'fail-task' as const, task: 'sum_odd#0', when: { atTick: 45 } }],
};

describe('time travel', () => {
  it('seeking to any tick shows exactly the state that stepping there shows', () => {
    for (const scenario of [...PRESETS, long]) {
      const timeline = recordTimeline(scenario);
      if (scenario === long) expect(timeline.end).toBeGreaterThan(2 * KEYFRAME_EVERY);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: timeline.end }), (tick) => {
          const seeked = stateAt(timeline, tick);
          const stepped = stepTo(createInitialState(scenario), tick);
          expect(JSON.stringify(seeked)).toBe(JSON.stringify(stepped));
        }),
        { numRuns: 60, seed: 7 },
      );
    }
  }, 120_000);

  it('gives the events of every tick, as stepping produces them, in any order of asking', () => {
    const timeline = recordTimeline(long);
    const stepped = [[]] as ReturnType<typeof step>['events'][];
    let s = createInitialState(long);
    for (let t = 1; t <= timeline.end; t++) {
      const r = step(s);
      s = r.state;
      stepped.push(r.events);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: timeline.end }), (tick) => {
        expect(eventsAt(timeline, tick)).toEqual(stepped[tick]);
        expect(timeline.milestones[tick]).toEqual(
          stepped[tick].filter((e) => MILESTONES.has(e.type)),
        );
      }),
      { numRuns: 200, seed: 11 },
    );
    expect(eventsAt(timeline, timeline.end + 1)).toEqual([]);
  });

  it('keeps the events playback stepped: the same arrays at those ticks, and every other tick as stepping gives it', () => {
    const timeline = recordTimeline(long);
    expect(timeline.end).toBeGreaterThan(2 * KEYFRAME_EVERY);
    // Playback steps from tick 40 to tick 50, in the middle of an interval between keyframes.
    let s = stateAt(timeline, 40);
    const played = new Map<number, ReturnType<typeof step>['events']>();
    for (let t = 41; t <= 50; t++) {
      const r = step(s);
      s = r.state;
      played.set(t, r.events);
      keepEvents(timeline, t, r.events);
    }
    for (const [t, events] of played) expect(eventsAt(timeline, t)).toBe(events);
    // The rest of that interval is replayed, and what was kept stays the array handed out.
    const stepped = [[]] as ReturnType<typeof step>['events'][];
    let fresh = createInitialState(long);
    for (let t = 1; t <= timeline.end; t++) {
      const r = step(fresh);
      fresh = r.state;
      stepped.push(r.events);
    }
    for (let t = 1; t <= timeline.end; t++) expect(eventsAt(timeline, t)).toEqual(stepped[t]);
    for (const [t, events] of played) expect(eventsAt(timeline, t)).toBe(events);
  });

  it('follows a run tick after tick as seeking would, with the tick its events', () => {
    const timeline = recordTimeline(long);
    const at = follow(timeline);
    const ticks = [0, 1, 2, 3, 40, 41, 42, 7, 8, timeline.end - 1, timeline.end, 5];
    for (const tick of ticks) {
      expect(JSON.stringify(at(tick))).toBe(JSON.stringify(stateAt(timeline, tick)));
    }
    const fresh = recordTimeline(long);
    for (const tick of [41, 42]) expect(eventsAt(timeline, tick)).toEqual(eventsAt(fresh, tick));
  });

  it('a fork keeps everything before the injection and changes the future after it', () => {
    const timeline = recordTimeline(long);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (forkAt) => {
        const scenario = {
          ...timeline.scenario,
          actions: [
            ...timeline.scenario.actions,
            { type: 'fail-task' as const, task: 'sum_even#0', when: { atTick: forkAt + 1 } },
          ],
        };
        const forked = forkTimeline(timeline, forkAt, scenario);
        for (let t = 0; t <= forkAt; t++) {
          const a = stateAt(timeline, t);
          const b = stateAt(forked, t);
          expect(b.tasks).toEqual(a.tasks);
          expect(b.channels).toEqual(a.channels);
          expect(eventsAt(forked, t)).toEqual(eventsAt(timeline, t));
        }
        const failed = eventsAt(forked, forkAt + 1).find((e) => e.type === 'TaskFailed');
        expect(failed).toMatchObject({ task: 'sum_even#0' });
        // The forked future is what a fresh run of the new scenario records.
        const fresh = recordTimeline(scenario);
        expect(forked.end).toBe(fresh.end);
        expect(JSON.stringify(forked.final)).toBe(JSON.stringify(fresh.final));
      }),
      { numRuns: 12, seed: 3 },
    );
  }, 120_000);

  it('recovers to 20 / 25 when the seed failure is injected at the cursor', () => {
    const withoutFailure = {
      ...oddEvenSum,
      actions: oddEvenSum.actions.filter((a) => a.type !== 'fail-task'),
    };
    const timeline = recordTimeline(withoutFailure);
    const forked = forkTimeline(timeline, 10, {
      ...withoutFailure,
      actions: [
        ...withoutFailure.actions,
        { type: 'fail-task', task: 'sum_odd#0', when: { beforeValue: 7, afterTick: 10 } },
      ],
    });
    expect(forked.final.job.restarts).toBe(1);
    const sums = forked.final.tasks.map((t) => (t.state.kind === 'sum' ? t.state.sum : null));
    expect(sums).toEqual([null, 20, 25]);
  });
});
