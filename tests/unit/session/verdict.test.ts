import { describe, expect, it } from 'vitest';
import { judge, type Verdict } from '../../../src/engine';
import { allEvents, recordTimeline } from '../../../src/session/timeline';
import {
  judgeAhead,
  judged,
  judgeSoon,
  judgingFrom,
  type JudgingElsewhere,
} from '../../../src/session/verdict';
import { drain } from '../../../src/engine/account';
import { atLeastOnceReplay } from '../../../src/scenarios/presets/atLeastOnceReplay';
import { oddEvenSum } from '../../../src/scenarios/presets/oddEvenSum';

/** A thread elsewhere that answers when told to. */
function elsewhere() {
  const started: { verdict: (v: Verdict | null) => void; stopped: boolean }[] = [];
  const start = (): JudgingElsewhere => {
    const entry = { verdict: (_: Verdict | null) => {}, stopped: false };
    started.push(entry);
    return {
      done: new Promise<Verdict | null>((resolve) => (entry.verdict = resolve)),
      stop: () => (entry.stopped = true),
    };
  };
  return { started, start };
}

describe('judging a recorded run', () => {
  it("judges from the run's start as judge() does with its events: the at-least-once replay's duplicate", () => {
    const timeline = recordTimeline(atLeastOnceReplay);
    const verdict = drain(judgingFrom(timeline.keyframes[0].state, timeline.end));
    expect(verdict).toEqual(judge({ state: timeline.final, events: allEvents(timeline) }));
    expect(verdict.stateExactlyOnce).toBe(false);
    expect(verdict.duplicates.length).toBeGreaterThan(0);
  });

  it('keeps the verdict judged elsewhere', async () => {
    const timeline = recordTimeline(oddEvenSum);
    const away = elsewhere();
    const done = judgeSoon(timeline, away.start);
    expect(away.started).toHaveLength(1);
    const verdict = drain(judgingFrom(timeline.keyframes[0].state, timeline.end));
    away.started[0].verdict(verdict);
    await expect(done).resolves.toBe(verdict);
    expect(judged(timeline)).toBe(verdict);
  });

  it('judges on this thread where judging elsewhere failed, or could not start', async () => {
    const timeline = recordTimeline(atLeastOnceReplay);
    const away = elsewhere();
    const done = judgeSoon(timeline, away.start);
    away.started[0].verdict(null);
    const verdict = await done;
    expect(verdict.duplicates.length).toBeGreaterThan(0);

    const other = recordTimeline(oddEvenSum);
    const here = await judgeSoon(other, () => null);
    expect(here.stateExactlyOnce).toBe(true);
  });

  it('asking for another run stops the judging elsewhere of the one before', () => {
    const first = recordTimeline(oddEvenSum);
    const second = recordTimeline(atLeastOnceReplay);
    const away = elsewhere();
    void judgeSoon(first, away.start);
    void judgeSoon(second, away.start);
    expect(away.started.map((s) => s.stopped)).toEqual([true, false]);
  });

  it('judges ahead only on another thread, and the verdict asked for later is that one', async () => {
    const timeline = recordTimeline(atLeastOnceReplay);
    judgeAhead(timeline, () => null);
    // Nothing was started here: asking now starts it, elsewhere.
    const away = elsewhere();
    const done = judgeSoon(timeline, away.start);
    expect(away.started).toHaveLength(1);
    // Judging ahead what is under way starts nothing more.
    judgeAhead(timeline, away.start);
    expect(away.started).toHaveLength(1);
    const verdict = drain(judgingFrom(timeline.keyframes[0].state, timeline.end));
    away.started[0].verdict(verdict);
    await expect(done).resolves.toBe(verdict);
    // Judged: neither judging ahead nor asking again starts anything.
    judgeAhead(timeline, away.start);
    await expect(judgeSoon(timeline, away.start)).resolves.toBe(verdict);
    expect(away.started).toHaveLength(1);
  });
});
