import type { TimedEvent } from './events';
import { createInitialState } from './start';
import { WorkingSet } from './draft';
import { isTerminal, step } from './step';
import type { Scenario, SimState } from './types';

export interface RunResult {
  state: SimState;
  events: TimedEvent[];
}

/** Ticks a run stops at when the job neither finishes nor fails. */
export const DEFAULT_TICK_LIMIT = 100_000;

/**
 * Runs a scenario from tick 0 until the job finishes or fails, or for `ticks` ticks when given.
 * Pure and deterministic.
 */
export function runScenario(scenario: Scenario, ticks?: number): RunResult {
  let state = createInitialState(scenario);
  const events: TimedEvent[] = [];
  const limit = ticks ?? DEFAULT_TICK_LIMIT;
  // Only the last state is returned: every step may write in place what an earlier one copied.
  const working = new WorkingSet();
  while (state.tick < limit && (ticks !== undefined || !isTerminal(state))) {
    const result = step(state, working);
    state = result.state;
    for (const e of result.events) events.push({ ...e, tick: state.tick });
  }
  return { state, events };
}
