import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../src/engine';
import {
  downtimes,
  inFlight,
  scheduleLanes,
  scheduleWindow,
} from '../../../../src/app/panels/scheduleLanes';
import { recordTimeline, stateAt } from '../../../../src/session/timeline';
import { withDefaults } from '../../../../src/scenarios/defaults';
import { oddEvenSum } from '../../../../src/scenarios/presets/oddEvenSum';
import { firstEvent, record } from '../../../helpers/sim';

/**
 * One source reading 1..150 into a sum whose snapshot is `stateBytes` large; the backend
 * writes 100 bytes per tick (100 ms), so the state size sets how long a checkpoint takes.
 */
function job(stateBytes: number, checkpoint: Partial<Scenario['checkpoint']>): Scenario {
  return withDefaults({
    id: 'schedule',
    title: 'schedule',
    operators: [
      {
        id: 'source',
        kind: 'source',
        parallelism: 1,
        input: Array.from({ length: 150 }, (_, i) => i + 1),
        period: 1,
      },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all', stateBytes },
    ],
    edges: [{ from: 'source', to: 'sum', partitioning: 'forward', latency: 1 }],
    checkpoint,
    backend: { writeLatency: 0, bandwidth: 100 },
  });
}

function lanesOf(scenario: Scenario) {
  const timeline = recordTimeline(scenario);
  return {
    timeline,
    lanes: scheduleLanes(timeline.final, timeline.final, { from: 0, to: timeline.end }),
  };
}

const SEED = { intervalMs: 1000, minPauseMs: 500, maxConcurrent: 1 };

describe('scheduling chart lanes', () => {
  it("show the seed's first example: a 600 ms checkpoint pushes the next start to 1100 ms", () => {
    const { lanes } = lanesOf(job(300, SEED));
    const [first, second] = lanes;
    expect((first.end! - first.trigger) * 100).toBe(600);
    expect((second.trigger - first.trigger) * 100).toBe(1100);
    // The marks say why: the min pause after completion ends after the interval would.
    expect(first.pauseUntil! * 100).toBe(first.end! * 100 + 500);
    expect(second.trigger).toBe(Math.max(first.intervalDue!, first.pauseUntil!));
    expect(second.trigger).toBe(first.pauseUntil);
  });

  it("show the seed's second example: after a 400 ms checkpoint the next starts at 1000 ms", () => {
    const { lanes } = lanesOf(job(100, SEED));
    const [first, second] = lanes;
    expect((first.end! - first.trigger) * 100).toBe(400);
    expect((second.trigger - first.trigger) * 100).toBe(1000);
    expect(second.trigger).toBe(first.intervalDue);
    expect(first.pauseUntil!).toBeLessThan(first.intervalDue!);
  });

  it('overlap up to max concurrent, never more, when checkpoints outlast the interval', () => {
    const scenario = job(1500, { intervalMs: 1000, minPauseMs: 0, maxConcurrent: 2 });
    const { timeline } = lanesOf(scenario);
    let most = 0;
    for (const state of record(scenario).states) {
      const t = state.tick;
      // As the chart draws them at that tick: the run keeps only its latest checkpoints.
      const lanes = scheduleLanes(timeline.final, state, { from: 0, to: timeline.end });
      const running = lanes.filter((l) => l.trigger <= t && (l.end === null || l.end > t));
      most = Math.max(most, running.length);
      expect(inFlight(state)).toBe(running.length);
    }
    expect(most).toBe(2);
    expect(lanesOf(scenario).lanes.every((l) => l.pauseUntil === null)).toBe(true);
  });

  it('mark where the timeout expires a checkpoint', () => {
    const scenario = job(3000, { intervalMs: 1000, timeoutMs: 2000, tolerableFailures: 100 });
    const { lanes } = lanesOf(scenario);
    const expired = lanes.find((l) => l.outcome === 'FAILED');
    expect(expired).toBeDefined();
    expect(expired!.end).toBe(expired!.deadline);
    expect((expired!.deadline - expired!.trigger) * 100).toBe(2000);
  });

  it('tell the lanes apart as past and future by the state at the cursor', () => {
    // A history long enough to keep the checkpoints after the cursor in the final state.
    const timeline = recordTimeline(job(300, { ...SEED, history: 100 }));
    const cursor = 15;
    const lanes = scheduleLanes(timeline.final, stateAt(timeline, cursor), { from: 0, to: 40 });
    for (const lane of lanes) {
      if (lane.trigger > cursor) expect(lane.statusNow).toBeNull();
      else if (lane.end !== null && lane.end <= cursor) expect(lane.statusNow).toBe(lane.outcome);
      else expect(lane.statusNow).toBe('IN_PROGRESS');
    }
    expect(lanes.some((l) => l.statusNow === null)).toBe(true);
  });

  it('follow the cursor through a long run with a window of a few intervals', () => {
    expect(scheduleWindow(30, 10, 10)).toEqual({ from: 0, to: 30 });
    const w = scheduleWindow(10_000, 5_000, 10);
    expect(w.from).toBeLessThanOrEqual(5_000);
    expect(w.to).toBeGreaterThanOrEqual(5_000);
    expect(w.to - w.from).toBe(80);
    expect(scheduleWindow(10_000, 10_000, 10).to).toBe(10_000);
    expect(scheduleWindow(10_000, 0, 10).from).toBe(0);
  });

  it('shade the failover of the first example, from the failure before 7 to the restart', () => {
    const timeline = recordTimeline(oddEvenSum);
    const { events } = record(oddEvenSum);
    const failed = firstEvent(events, 'TaskFailed').tick;
    const restarted = firstEvent(events, 'JobRestarted').tick;
    expect(downtimes(timeline.milestones, timeline.end)).toEqual([
      { start: failed, end: restarted },
    ]);
    expect(downtimes(timeline.milestones, failed)).toEqual([{ start: failed, end: null }]);
    expect(downtimes(timeline.milestones, failed - 1)).toEqual([]);
  });
});
