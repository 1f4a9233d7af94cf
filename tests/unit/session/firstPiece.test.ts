import { afterEach, describe, expect, it, vi } from 'vitest';
import { largeScenario } from '../../../bench/scenarios';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import { PRESETS } from '../../../src/scenarios/presets';
import { createSession } from '../../../src/session/store';
import { recordTimeline } from '../../../src/session/timeline';

/** A machine far slower than the first piece allows: each reading of the clock is 40 ms on. */
function slowMachine() {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 40));
}

afterEach(() => vi.restoreAllMocks());

describe('the first piece of a recording, before the first screen', () => {
  it('holds every lesson and preset whole, however slow the machine', () => {
    slowMachine();
    const runs = [
      ...PRESETS.map((p) => ({ name: p.id, scenario: p })),
      ...LESSONS.map((l) => ({ name: `lesson ${l.id}`, scenario: l.scenario })),
    ];
    const partial = runs.flatMap(({ name, scenario }) => {
      const session = createSession();
      session.getState().loadScenario(scenario, name);
      const { recording, timeline } = session.getState();
      const whole = recordTimeline(scenario);
      return recording === null && timeline.end === whole.end
        ? []
        : [`${name}: ${timeline.end} of ${whole.end} ticks, recording ${recording}`];
    });
    expect(partial).toEqual([]);
  });

  it('stops by the clock on a run that costs more, which records the rest between frames', () => {
    slowMachine();
    const session = createSession();
    session.getState().loadScenario(largeScenario(), 'large');
    const { recording, timeline } = session.getState();
    session.getState().cancelRecording();
    expect(recording).toBe(0);
    expect(timeline.end).toBeLessThan(100);
  });
});
