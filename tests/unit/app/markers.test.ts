import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupLabel,
  groupMarkers,
  type Marker,
  type MarkerKind,
} from '../../../src/app/controls/markers';

const KINDS: MarkerKind[] = ['triggered', 'completed', 'task-failed', 'restarted'];

/** Markers in tick order, as the recorded events give them. */
const markersArb = fc
  .array(
    fc.record({
      tick: fc.integer({ min: 0, max: 20_000 }),
      kind: fc.constantFrom(...KINDS),
      checkpoint: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
      task: fc.option(fc.constantFrom('sum#0', 'sum#1', 'relay#3'), { nil: undefined }),
    }),
    { maxLength: 400 },
  )
  .map((list) =>
    [...list]
      .sort((a, b) => a.tick - b.tick)
      .map((m): Marker => ({
        tick: m.tick,
        kind: m.kind,
        ...(m.checkpoint !== undefined ? { checkpoint: m.checkpoint } : {}),
        ...(m.task !== undefined ? { task: m.task } : {}),
      })),
  );

describe('markers drawn on the timeline', () => {
  it('a short run on a wide track draws every marker on its own', () => {
    // Lesson 1's moments: 30 ticks on a 600-pixel track, 20 pixels a tick.
    const markers: Marker[] = [
      { tick: 5, kind: 'triggered', checkpoint: 1 },
      { tick: 9, kind: 'completed', checkpoint: 1 },
      { tick: 12, kind: 'task-failed', task: 'sum_odd#0' },
      { tick: 13, kind: 'restarted', checkpoint: 1 },
      { tick: 15, kind: 'triggered', checkpoint: 2 },
      { tick: 16, kind: 'triggered', checkpoint: 3 },
    ];
    const groups = groupMarkers(markers, 30, 600);
    expect(groups.map((g) => [g.kind, g.tick, g.count])).toEqual([
      ['triggered', 5, 1],
      ['completed', 9, 1],
      ['task-failed', 12, 1],
      ['restarted', 13, 1],
      ['triggered', 15, 1],
      ['triggered', 16, 1],
    ]);
    expect(groups[2].tasks).toEqual(['sum_odd#0']);
  });

  it('a thousand checkpoints on a 500-pixel track draw as at most one marker per kind every few pixels', () => {
    // The large scenario's shape: a checkpoint every 10 ticks for 12,500 ticks.
    const markers: Marker[] = [];
    for (let c = 1; c <= 1250; c++) {
      markers.push({ tick: c * 10, kind: 'triggered', checkpoint: c });
      markers.push({ tick: c * 10 + 4, kind: 'completed', checkpoint: c });
    }
    const groups = groupMarkers(markers, 12_600, 500, 4);
    expect(groups.length).toBeLessThanOrEqual(2 * (500 / 4) + 2);
    const first = groups.find((g) => g.kind === 'completed')!;
    expect(first.tick).toBe(14);
    expect(first.checkpoints).toEqual([1, first.count]);
    expect(first.lastTick).toBe(first.count * 10 + 4);
  });

  it('every marker is in exactly one group of its kind, within the gap of the group’s first', () => {
    fc.assert(
      fc.property(
        markersArb,
        fc.integer({ min: 50, max: 2_000 }),
        fc.integer({ min: 1, max: 12 }),
        (markers, width, gap) => {
          const end = Math.max(1, ...markers.map((m) => m.tick));
          const groups = groupMarkers(markers, end, width, gap);
          const px = (tick: number) => (tick / end) * width;
          expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(markers.length);
          for (const kind of KINDS) {
            const mine = markers.filter((m) => m.kind === kind);
            const drawn = groups.filter((g) => g.kind === kind);
            expect(drawn.reduce((sum, g) => sum + g.count, 0)).toBe(mine.length);
            // Walk the kind's markers through its groups in order.
            let at = 0;
            for (const g of drawn) {
              const members = mine.slice(at, at + g.count);
              at += g.count;
              expect(members[0].tick).toBe(g.tick);
              expect(members[members.length - 1].tick).toBe(g.lastTick);
              for (const m of members) expect(px(m.tick) - px(g.tick)).toBeLessThan(gap + 1e-9);
              const cps = members.flatMap((m) =>
                m.checkpoint === undefined ? [] : [m.checkpoint],
              );
              expect(g.checkpoints).toEqual(cps.length ? [cps[0], cps[cps.length - 1]] : undefined);
              expect(g.tasks).toEqual([
                ...new Set(members.flatMap((m) => (m.task ? [m.task] : []))),
              ]);
            }
            // Two groups of one kind start at least the gap apart: they would not overlap more.
            for (let i = 1; i < drawn.length; i++)
              expect(px(drawn[i].tick) - px(drawn[i - 1].tick)).toBeGreaterThanOrEqual(gap - 1e-9);
          }
        },
      ),
    );
  });
});

describe('what a marker says', () => {
  const one = (m: Marker) => groupMarkers([m], 100, 500)[0];

  it('a marker of its own names its moment as before, in both languages', () => {
    const failed = one({ tick: 12, kind: 'task-failed', task: 'sum_odd#0' });
    expect(groupLabel(failed, undefined as never)).toEqual({
      en: 'task failed: sum_odd · tick 12',
      zh: '任务失败：sum_odd · 第 12 拍',
    });
    const completed = one({ tick: 9, kind: 'completed', checkpoint: 1 });
    expect(groupLabel(completed, undefined as never).en).toBe('checkpoint completed 1 · tick 9');
  });

  it('a marker that stands for several says how many, which checkpoints and which ticks', () => {
    const markers: Marker[] = [10, 20, 30, 40].map((tick, i) => ({
      tick,
      kind: 'completed',
      checkpoint: i + 1,
    }));
    const [group] = groupMarkers(markers, 10_000, 500);
    expect(group.count).toBe(4);
    expect(groupLabel(group, undefined as never)).toEqual({
      en: 'checkpoint completed 1–4 · 4 times, ticks 10–40',
      zh: '检查点完成 1–4 · 4 次，第 10–40 拍',
    });
  });

  it('failures of several tasks name the first three and count the rest', () => {
    const tasks = ['relay#0', 'relay#1', 'sum#0', 'sum#1', 'sink#0'];
    const markers: Marker[] = tasks.map((task) => ({ tick: 50, kind: 'task-failed', task }));
    const [group] = groupMarkers(markers, 100, 500);
    const job = {
      operators: [
        { id: 'relay', kind: 'map', parallelism: 2 },
        { id: 'sum', kind: 'sum', parallelism: 2 },
        { id: 'sink', kind: 'sink', parallelism: 1 },
      ],
    };
    const label = groupLabel(group, job as never);
    expect(label.en).toBe('task failed: relay 1, relay 2, sum 1 and 2 more · 5 times, tick 50');
    expect(label.zh).toBe('任务失败：relay 1、relay 2、sum 1 等 5 个 · 5 次，第 50 拍');
    // The Chinese label has no English word besides the tasks' names.
    expect(label.zh.replace(/relay|sum/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  });
});
