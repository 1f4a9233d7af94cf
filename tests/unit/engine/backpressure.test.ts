import { describe, expect, it } from 'vitest';
import {
  arrivedOn,
  backpressureOf,
  backpressureStatus,
  recordsIn,
  topologyOf,
  type SimState,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { offsetOf, record } from '../../helpers/sim';

const ONE_TO_FORTY = Array.from({ length: 40 }, (_, i) => i + 1);

function index(state: SimState, id: string): number {
  return topologyOf(state.scenario).taskIndex.get(id)!;
}

// Credit-based flow control (Flink 1.5 and later): a channel holds at most its capacity of
// records, a sender without a free credit stops, and the stop travels back to the source.
describe('a slow sink backpressures the job back to its source', () => {
  const scenario = withDefaults({
    id: 'slow-sink',
    title: 'Slow sink',
    operators: [
      { id: 'source', kind: 'source', parallelism: 1, input: ONE_TO_FORTY, rate: 4 },
      { id: 'map', kind: 'map', parallelism: 1, multiply: 1 },
      { id: 'sink', kind: 'sink', parallelism: 1, rate: 1 },
    ],
    edges: [
      { from: 'source', to: 'map', partitioning: 'forward', capacity: 3 },
      { from: 'map', to: 'sink', partitioning: 'forward', capacity: 3 },
    ],
  });
  const { states } = record(scenario);
  const end = states[states.length - 1];

  it('never holds more records in a channel than its capacity, and still delivers all of them', () => {
    for (const s of states) {
      for (const c of topologyOf(scenario).channels)
        expect(recordsIn(s, c.index)).toBeLessThanOrEqual(3);
    }
    expect(end.job.status).toBe('FINISHED');
    const sink = end.tasks[index(end, 'sink#0')];
    expect(sink.output.map((r) => r.value)).toEqual(ONE_TO_FORTY);
  });

  it('makes the sink the bottleneck: one record a tick, busy all the time', () => {
    // Once both channels filled, the job runs at the sink's rate.
    const s = states[20];
    expect(backpressureOf(s, index(s, 'sink#0'))).toMatchObject({ busy: 1, status: 'OK' });
    const before = states[19].tasks[index(s, 'sink#0')].output.length;
    expect(s.tasks[index(s, 'sink#0')].output.length - before).toBe(1);
  });

  it('backpressures the map and the source: HIGH by Flink thresholds', () => {
    const s = states[20];
    for (const id of ['map#0', 'source#0']) {
      const figures = backpressureOf(s, index(s, id));
      expect(figures.status).toBe('HIGH');
      expect(figures.backpressured).toBeGreaterThan(0.5);
      expect(figures.busy + figures.backpressured + figures.idle).toBeCloseTo(1);
    }
    // The source reads only as fast as the sink takes: 4 a tick at first, then about 1.
    expect(offsetOf(states[20], 'source#0') - offsetOf(states[10], 'source#0')).toBe(10);
  });

  it('classifies the shares as Flink’s web UI does: OK up to 10%, LOW up to 50%, HIGH above', () => {
    expect([0, 0.1, 0.11, 0.5, 0.51, 1].map(backpressureStatus)).toEqual([
      'OK',
      'OK',
      'LOW',
      'LOW',
      'HIGH',
      'HIGH',
    ]);
  });
});

// FLINK-16404 (Flink 1.11): a blocked input is no longer read into an alignment buffer; what
// arrives behind the barrier stays in the channel, so the channel fills and its sender stops.
describe('alignment backpressures the input that delivered its barrier first', () => {
  const scenario = withDefaults({
    id: 'alignment-backpressure',
    title: 'Alignment backpressure',
    operators: [
      { id: 'source', kind: 'source', parallelism: 2, input: ONE_TO_FORTY },
      { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
      { id: 'sink', kind: 'sink', parallelism: 1 },
    ],
    edges: [
      { from: 'source', to: 'sum', partitioning: 'rebalance', latency: [1, 12], capacity: 2 },
      { from: 'sum', to: 'sink', partitioning: 'forward' },
    ],
    actions: [{ type: 'checkpoint', when: { atTick: 3 } }],
  });
  const { states, events } = record(scenario);
  const blocked = events.find((e) => e.type === 'ChannelBlocked')!;
  const unblocked = events.find((e) => e.type === 'ChannelUnblocked')!;

  it('holds the blocked input’s records in its channel, unread, and stops its sender', () => {
    expect(blocked.type === 'ChannelBlocked' && blocked.channel).toBe('source#0->sum#0');
    const sum = index(states[0], 'sum#0');
    const read = offsetOf(states[blocked.tick + 3], 'source#0');
    for (let t = blocked.tick + 3; t < unblocked.tick; t++) {
      const s = states[t];
      expect(s.tasks[sum].inputs[0].blockedBy).toBe(1);
      // Two records (the channel's capacity) wait on the blocked input; the source reads no more.
      expect(arrivedOn(s, sum, 0).filter((e) => e.kind === 'record')).toHaveLength(2);
      expect(offsetOf(s, 'source#0')).toBe(read);
      expect(backpressureOf(s, index(s, 'source#0')).backpressured).toBeGreaterThan(0);
    }
    expect(unblocked.tick - blocked.tick).toBeGreaterThan(5);
  });

  it('never reads a record from a blocked input', () => {
    for (const e of events) {
      if (e.type !== 'RecordProcessed' || e.task !== 'sum#0') continue;
      const before = states[e.tick - 1].tasks[index(states[0], 'sum#0')];
      // A record from source#0 processed in a tick that began with that input blocked would have
      // been read from a blocked input, unless the barrier that unblocked it came in that tick.
      if (e.origin.task === 'source#0' && before.inputs[0].blockedBy !== null) {
        expect(e.tick).toBe(unblocked.tick);
      }
    }
  });
});
