import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../../../../src/engine';
import { logWindow } from '../../../../src/app/panels/logWindow';
import { RECORD_NOISE } from '../../../../src/session/describeEvent';
import { eventsAt, recordTimeline } from '../../../../src/session/timeline';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';

const read = (tick: number): SimEvent => ({
  type: 'RecordEmitted',
  task: 'source#0',
  record: tick,
  offset: tick,
  replay: false,
});
const trigger = (id: number): SimEvent => ({
  type: 'CheckpointTriggered',
  checkpoint: id,
  kind: 'checkpoint',
});

describe('event log window', () => {
  const timeline = recordTimeline(barrierAlignment);
  const perTick = Array.from({ length: timeline.end + 1 }, (_, t) => eventsAt(timeline, t));
  const at = (t: number) => perTick[t];

  it('tells the run up to the cursor, oldest first, grouped by tick', () => {
    const cursor = 8;
    const { groups, more } = logWindow(at, cursor, false, 10_000);
    expect(more).toBe(false);
    expect(groups.at(-1)!.tick).toBeLessThanOrEqual(cursor);
    const ticks = groups.map((g) => g.tick);
    expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
    const all = perTick.slice(0, cursor + 1).flat();
    expect(groups.flatMap((g) => g.events)).toEqual(all);
  });

  it('hides the per-record events when asked, and the snapshot a barrier sentence tells', () => {
    const { groups } = logWindow(at, timeline.end, true, 10_000);
    const shown = groups.flatMap((g) => g.events);
    expect(shown.some((e) => RECORD_NOISE.has(e.type))).toBe(false);
    const snapshots = shown.filter((e) => e.type === 'SnapshotTaken').map((e) => e.task);
    expect(snapshots.sort()).toEqual(['sink#0', 'sum_even#0', 'sum_odd#0']);
    const kept = perTick
      .flat()
      .filter((e) => !RECORD_NOISE.has(e.type))
      .filter((e) => !(e.type === 'SnapshotTaken' && e.task.startsWith('source#')));
    expect(shown).toEqual(kept);
    expect(shown.filter((e) => e.type === 'BarrierInjected')).toHaveLength(2);
    expect(shown.some((e) => e.type === 'ChannelBlocked')).toBe(true);
  });

  it('renders only the latest events of a 10,000-tick run, and says there are more', () => {
    const events: SimEvent[][] = [[]];
    for (let t = 1; t <= 10_000; t++)
      events.push(t % 100 === 0 ? [read(t), trigger(t / 100)] : [read(t)]);
    const noisy = logWindow((t) => events[t], 9_000, false, 150);
    expect(noisy.more).toBe(true);
    expect(noisy.groups.flatMap((g) => g.events).length).toBe(150);
    expect(noisy.groups.at(-1)!.tick).toBe(9_000);
    const quiet = logWindow((t) => events[t], 9_000, true, 150);
    expect(quiet.groups.map((g) => g.tick).slice(-2)).toEqual([8_900, 9_000]);
    expect(quiet.groups.length).toBe(90);
    expect(quiet.more).toBe(false);
    const capped = logWindow((t) => events[t], 9_000, true, 10);
    expect(capped.groups.length).toBe(10);
    expect(capped.more).toBe(true);
  });
});
