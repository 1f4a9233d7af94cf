import {
  createInitialState,
  isTerminal,
  step,
  topologyOf,
  type CheckpointRecord,
  type OperatorState,
  type Scenario,
  type SimState,
  type TimedEvent,
} from '../../src/engine';

/** A recorded run: the state after every tick (index = tick) and every event. */
export interface Recording {
  states: SimState[];
  events: TimedEvent[];
}

export function record(scenario: Scenario, maxTicks = 10_000): Recording {
  let state = createInitialState(scenario);
  const states = [state];
  const events: TimedEvent[] = [];
  while (!isTerminal(state) && state.tick < maxTicks) {
    const result = step(state);
    state = result.state;
    states.push(state);
    for (const e of result.events) events.push({ ...e, tick: state.tick });
  }
  return { states, events };
}

export function taskState(state: SimState, id: string): OperatorState {
  const index = topologyOf(state.scenario).taskIndex.get(id);
  if (index === undefined) throw new Error(`no task ${id}`);
  return state.tasks[index].state;
}

/** Task id to entry of one of a checkpoint's tables, which are by task index. */
export function byTaskId<T>(scenario: Scenario, table: readonly (T | null)[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const info of topologyOf(scenario).tasks) {
    const v = table[info.index];
    if (v !== null) out[info.id] = v;
  }
  return out;
}

/** The state task `id` snapshotted in checkpoint `c` of a run of `scenario`, if any. */
export function snapshotOf(
  scenario: Scenario,
  c: CheckpointRecord,
  id: string,
): OperatorState | null {
  const index = topologyOf(scenario).taskIndex.get(id);
  if (index === undefined) throw new Error(`no task ${id}`);
  return c.snapshots[index];
}

export function sumOf(state: SimState, id: string): number {
  const s = taskState(state, id);
  if (s.kind !== 'sum') throw new Error(`${id} is not a sum`);
  return s.sum;
}

export function offsetOf(state: SimState, id: string): number {
  const s = taskState(state, id);
  if (s.kind !== 'source') throw new Error(`${id} is not a source`);
  return s.offset;
}

export function firstEvent<T extends TimedEvent['type']>(
  events: readonly TimedEvent[],
  type: T,
  where: (e: Extract<TimedEvent, { type: T }>) => boolean = () => true,
): Extract<TimedEvent, { type: T }> {
  const found = events.find(
    (e): e is Extract<TimedEvent, { type: T }> =>
      e.type === type && where(e as Extract<TimedEvent, { type: T }>),
  );
  if (!found) throw new Error(`no ${type} event`);
  return found;
}
