import { describe, expect, it } from 'vitest';
import type { Scenario, SimEvent } from '../../../../src/engine';
import {
  eventsAt,
  forkTimeline,
  recordTimeline,
  type Timeline,
} from '../../../../src/session/timeline';
import { upcomingValues } from '../../../../src/app/graph/upcomingValues';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { oddEvenSum } from '../../../../src/scenarios/presets/oddEvenSum';

/** The first tick whose events include one `found` accepts, or -1. */
function firstTick(timeline: Timeline, found: (e: SimEvent) => boolean): number {
  for (let t = 0; t <= timeline.end; t++) if (eventsAt(timeline, t).some(found)) return t;
  return -1;
}

describe('the records the inspector offers to fail before', () => {
  it('are what the task still processes, once each, in the order it first does', () => {
    // Seed: sum_odd fails before 7, so after checkpoint 1 it sees 6 to 9 again only after the
    // restore, replayed from offset 5.
    const timeline = recordTimeline(oddEvenSum);
    const completed = firstTick(timeline, (e) => e.type === 'CheckpointCompleted');
    const restored = firstTick(timeline, (e) => e.type === 'StateRestored');
    const offered = upcomingValues(timeline, 'sum_odd#0', completed);
    expect(offered.map((o) => o.value)).toEqual([6, 7, 8, 9]);
    for (const o of offered) expect(o.tick).toBeGreaterThan(restored);
    offered.forEach((o, k) => k > 0 && expect(o.tick).toBeGreaterThanOrEqual(offered[k - 1].tick));
  });

  it('name a failure that happens where the inspector says: forked at the cursor, it fires at that tick', () => {
    const timeline = recordTimeline(barrierAlignment);
    const cursor = 4;
    const [first] = upcomingValues(timeline, 'sum_even#0', cursor);
    expect(first).toBeDefined();
    const scenario: Scenario = {
      ...timeline.scenario,
      actions: [
        ...timeline.scenario.actions,
        {
          type: 'fail-task',
          task: 'sum_even#0',
          when: { beforeValue: first.value, afterTick: cursor },
        },
      ],
    };
    const forked = forkTimeline(timeline, cursor, scenario);
    const failedAt = firstTick(forked, (e) => e.type === 'TaskFailed' && e.task === 'sum_even#0');
    expect(failedAt).toBe(first.tick);
  });

  it('are none for a task that processes nothing more', () => {
    const timeline = recordTimeline(barrierAlignment);
    expect(upcomingValues(timeline, 'sum_even#0', timeline.end)).toEqual([]);
  });
});
