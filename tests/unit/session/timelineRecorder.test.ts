import { describe, expect, it } from 'vitest';
import {
  eventsAt,
  recordTimeline,
  startRecording,
  stateAt,
  type Timeline,
} from '../../../src/session/timeline';
import { describeBudget } from '../../../src/scenarios/budgetText';
import { restartFixedDelay } from '../../../src/scenarios/presets/restartFixedDelay';
import { stressScenario } from '../../../bench/scenarios';

/** Records in pieces of `ticks` ticks each, keeping every piece's timeline as handed out. */
function inPieces(recorder: ReturnType<typeof startRecording>, ticks: number): Timeline[] {
  const pieces: Timeline[] = [];
  while (!recorder.done) {
    let left = ticks;
    pieces.push(recorder.advance(() => --left > 0));
  }
  return pieces;
}

describe('recording a run a piece at a time', () => {
  it('gives the same timeline as recording it at once', () => {
    const whole = recordTimeline(restartFixedDelay);
    const pieces = inPieces(startRecording(restartFixedDelay), 7);
    expect(pieces.length).toBeGreaterThan(5);
    const last = pieces[pieces.length - 1];
    expect(last.complete).toBe(true);
    expect(pieces.slice(0, -1).every((p) => !p.complete)).toBe(true);
    expect(last.end).toBe(whole.end);
    expect(last.milestones).toEqual(whole.milestones);
    for (let tick = 0; tick <= whole.end; tick++) {
      expect(stateAt(last, tick)).toEqual(stateAt(whole, tick));
      expect(eventsAt(last, tick)).toEqual(eventsAt(whole, tick));
    }
  });

  it('never changes a piece it handed out: the screen may show any of them', () => {
    const recorder = startRecording(stressScenario());
    const seen: { timeline: Timeline; final: string }[] = [];
    while (!recorder.done) {
      let left = 5;
      const timeline = recorder.advance(() => --left > 0);
      seen.push({ timeline, final: JSON.stringify(timeline.final) });
    }
    for (const { timeline, final } of seen) {
      expect(JSON.stringify(timeline.final)).toBe(final);
      expect(JSON.stringify(stateAt(timeline, timeline.end))).toBe(final);
    }
    // Each piece explores what it recorded: its last tick is the one it reached.
    expect(seen.map((s) => s.timeline.end)).toEqual(
      [...seen.map((s) => s.timeline.end)].sort((a, b) => a - b),
    );
  });

  it('stops where cancelled, and the part recorded stays explorable', () => {
    const recorder = startRecording(restartFixedDelay);
    let left = 20;
    recorder.advance(() => --left > 0);
    const cut = recorder.cancel();
    expect(cut.complete).toBe(true);
    expect(cut.end).toBe(20);
    expect(recorder.advance().end).toBe(20);
    expect(stateAt(cut, 13)).toEqual(stateAt(recordTimeline(restartFixedDelay), 13));
  });

  it('stops at its memory budget with the reason, keeping what it recorded', () => {
    const keep = 1_000;
    const cut = startRecording(stressScenario(), undefined, keep).advance();
    expect(cut.complete).toBe(true);
    expect(cut.final.halted).toMatchObject({ limit: 'recording', max: keep });
    expect(cut.final.halted!.used).toBeGreaterThan(keep);
    expect(cut.end % 32).toBe(0);
    expect(cut.end).toBeLessThan(recordTimeline(stressScenario()).end);
    expect(cut.milestones[cut.end].some((e) => e.type === 'RunHalted')).toBe(true);
    expect(describeBudget(cut.final.halted!).en).toMatch(/^The recording stopped: /);
    expect(stateAt(cut, cut.end - 1).tick).toBe(cut.end - 1);
  });
});
