import { describe, expect, it } from 'vitest';
import {
  backpressureOf,
  createInitialState,
  isTerminal,
  step,
  WorkingSet,
  type SimState,
} from '../../../src/engine';
import { ticksPerSecond } from '../../../src/engine/topology';
import { withDefaults } from '../../../src/scenarios/defaults';

const ONE_TO_NINETY = Array.from({ length: 90 }, (_, i) => i + 1);

/** The same state with each task's last second as a list of the noted ticks, oldest first. */
function asLists(state: SimState): SimState {
  const window = ticksPerSecond(state.scenario);
  const tasks = state.tasks.map((t) => {
    const entries: number[][] = [];
    for (let i = 0; i < t.load.recent.length; i += 3) {
      if (t.load.recent[i] > state.tick - window) entries.push(t.load.recent.slice(i, i + 3));
    }
    entries.sort((a, b) => a[0] - b[0]);
    return { ...t, load: { ...t.load, recent: entries.flat() } };
  });
  return { ...state, tasks };
}

// A task's last second is a ring that a tick overwrites in place: read, it gives the figures of
// the same ticks summed in their order, as the list of them oldest first did.
describe("a task's figures of the last second", () => {
  it('read from the ring are those of the noted ticks in order, at every tick', () => {
    // Short ticks: a window of many ticks, and tasks both busy and backpressured in it, at rates
    // whose shares are not sums of powers of two, so that the order of the sums shows.
    const scenario = withDefaults({
      id: 'uneven-load',
      title: 'Uneven load',
      tickMs: 7,
      operators: [
        { id: 'source', kind: 'source', parallelism: 2, input: ONE_TO_NINETY, rate: 3 },
        { id: 'map', kind: 'map', parallelism: 2, rate: 7 },
        { id: 'sink', kind: 'sink', parallelism: 1, rate: 5 },
      ],
      edges: [
        { from: 'source', to: 'map', partitioning: 'rebalance', capacity: 3 },
        { from: 'map', to: 'sink', partitioning: 'rebalance', capacity: 2, latency: 3 },
      ],
      checkpoint: { mode: 'exactly-once', intervalMs: 70 },
    });
    let state = createInitialState(scenario);
    const working = new WorkingSet();
    let busyTicks = 0;
    while (!isTerminal(state) && state.tick < 2_000) {
      state = step(state, working).state;
      const lists = asLists(state);
      for (let i = 0; i < state.tasks.length; i++) {
        const figures = backpressureOf(state, i);
        expect(figures).toEqual(backpressureOf(lists, i));
        if (figures.busy > 0) busyTicks++;
      }
    }
    expect(busyTicks).toBeGreaterThan(100);
  });
});
