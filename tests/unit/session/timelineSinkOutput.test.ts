import { describe, expect, it } from 'vitest';
import {
  forkTimeline,
  KEYFRAME_EVERY,
  recordTimeline,
  stateAt,
} from '../../../src/session/timeline';
import { createInitialState, step, type Scenario, type SimState } from '../../../src/engine';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';

/** Every state of a run, by tick, stepped from tick 0. */
function steppedStates(scenario: Scenario, end: number): SimState[] {
  const states = [createInitialState(scenario)];
  while (states.length <= end) states.push(step(states[states.length - 1]).state);
  return states;
}

const sinkOutputs = (s: SimState) => s.tasks.map((t) => t.output);

// Long enough for the sink's output to grow across many keyframes, with a failure whose replay
// sends the sink records it already received (its output keeps both).
const long: Scenario = {
  ...barrierAlignment,
  operators: barrierAlignment.operators.map((op) =>
    op.kind === 'source' ? { ...op, input: Array.from({ length: 150 }, (_, i) => i + 1) } : op,
  ),
  checkpoint: { ...barrierAlignment.checkpoint, intervalMs: 900 },
  actions: [{ type: 'fail-task', task: 'sum_odd#0', when: { atTick: 70 } }],
};

describe('sink output across keyframes', () => {
  const timeline = recordTimeline(long);
  const stepped = steppedStates(long, timeline.end);

  it('shows at every tick exactly the output stepping there shows', () => {
    expect(timeline.end).toBeGreaterThan(4 * KEYFRAME_EVERY);
    expect(stepped[timeline.end].tasks.some((t) => t.output.length > 100)).toBe(true);
    for (let tick = 0; tick <= timeline.end; tick++) {
      expect(sinkOutputs(stateAt(timeline, tick))).toEqual(sinkOutputs(stepped[tick]));
    }
  }, 30_000);

  it('still shows the replaced future after a fork, as undo brings it back', () => {
    const forkAt = 2 * KEYFRAME_EVERY + 5;
    const injected: Scenario = {
      ...long,
      actions: [
        ...long.actions,
        { type: 'fail-task', task: 'sum_even#0', when: { atTick: forkAt + 1 } },
      ],
    };
    const forked = forkTimeline(timeline, forkAt, injected);
    const steppedForked = steppedStates(injected, forked.end);
    for (let tick = 0; tick <= forked.end; tick++) {
      expect(sinkOutputs(stateAt(forked, tick))).toEqual(sinkOutputs(steppedForked[tick]));
    }
    for (let tick = 0; tick <= timeline.end; tick++) {
      expect(sinkOutputs(stateAt(timeline, tick))).toEqual(sinkOutputs(stepped[tick]));
    }
  }, 30_000);
});
