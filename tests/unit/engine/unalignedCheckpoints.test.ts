import { describe, expect, it } from 'vitest';
import {
  channelStateByTask,
  checkpointMetrics,
  judge,
  topologyOf,
  type CheckpointConfig,
  type Scenario,
} from '../../../src/engine';
import { withDefaults } from '../../../src/scenarios/defaults';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { record } from '../../helpers/sim';

function withCheckpoint(scenario: Scenario, patch: Partial<CheckpointConfig>): Scenario {
  return { ...scenario, checkpoint: { ...scenario.checkpoint, ...patch } };
}

function firstCheckpoint(scenario: Scenario) {
  const { states, events } = record(scenario);
  const end = states[states.length - 1];
  const c = end.checkpoints[0];
  const metrics = Object.fromEntries(checkpointMetrics(scenario, c).map((m) => [m.id, m]));
  return { states, events, end, c, metrics };
}

// The seed's second worked example: checkpoint 1 is triggered at tick 4, the sources snapshot at
// tick 5 (control latency 100 ms), barrier 1 from source#0 reaches both sums at tick 6 and the one
// from source#1 at tick 8.
describe('Flink’s checkpoint figures on the seed’s alignment example', () => {
  it('aligned: start delay 200 ms, alignment 200 ms at the sums, nothing persisted', () => {
    const { c, metrics } = firstCheckpoint(barrierAlignment);
    expect(c.triggerTick).toBe(4);
    expect(c.type).toBe('aligned');
    expect(metrics['source#0']).toMatchObject({ startDelayMs: 100, alignmentMs: 0, syncMs: 0 });
    for (const sum of ['sum_even#0', 'sum_odd#0']) {
      expect(metrics[sum]).toMatchObject({
        startDelayMs: 200,
        alignmentMs: 200,
        persistedRecords: 0,
        unaligned: false,
      });
    }
    expect(c.channelState).toEqual([]);
  });

  it('timeout 300 ms: the sums switch to unaligned at tick 7, after 100 ms of alignment, and persist the 4 from source#1', () => {
    const scenario = withCheckpoint(barrierAlignment, {
      unaligned: true,
      alignedCheckpointTimeoutMs: 300,
    });
    const { c, metrics, events } = firstCheckpoint(scenario);
    expect(c.type).toBe('aligned-timed-out');
    const switched = events.filter((e) => e.type === 'AlignmentTimedOut');
    expect(switched.map((e) => [e.tick, e.type === 'AlignmentTimedOut' && e.task])).toEqual([
      [7, 'sum_even#0'],
      [7, 'sum_odd#0'],
      // The sink gets the sums' unaligned barriers at tick 8, after the timeout: unaligned at once.
      [8, 'sink#0'],
    ]);
    expect(metrics['sum_even#0']).toMatchObject({
      startDelayMs: 200,
      alignmentMs: 100,
      unaligned: true,
    });
    // Read from source#1 after the switch and before its barrier: the channel state. The 5 and
    // 6 behind source#0's barrier came after the cut and are not in it.
    const persisted = channelStateByTask(scenario, c);
    expect(persisted['sum_even#0'].map((r) => `${r.value}@${r.origin.task}`)).toEqual([
      '4@source#1',
    ]);
    expect(c.status).toBe('COMPLETED');
  });

  it('timeout 0 (Flink’s default): unaligned from the start, no alignment anywhere', () => {
    const scenario = withCheckpoint(barrierAlignment, { unaligned: true });
    const { c, metrics } = firstCheckpoint(scenario);
    expect(c.type).toBe('unaligned');
    for (const m of Object.values(metrics)) expect(m.alignmentMs).toBe(0);
    expect(metrics['sum_even#0'].startDelayMs).toBe(200);
    expect(c.status).toBe('COMPLETED');
  });

  it('a timeout longer than the alignment keeps the checkpoint aligned', () => {
    const scenario = withCheckpoint(barrierAlignment, {
      unaligned: true,
      alignedCheckpointTimeoutMs: 5000,
    });
    const { c, events } = firstCheckpoint(scenario);
    expect(c.type).toBe('aligned');
    expect(events.some((e) => e.type === 'AlignmentTimedOut')).toBe(false);
  });
});

describe('unaligned checkpoints under backpressure', () => {
  const input = Array.from({ length: 40 }, (_, i) => i + 1);
  const slowSink = (patch: Partial<CheckpointConfig>) =>
    withDefaults({
      id: 'slow-sink',
      title: 'Slow sink',
      operators: [
        { id: 'source', kind: 'source', parallelism: 1, input, rate: 4 },
        { id: 'sum', kind: 'sum', parallelism: 1, accept: 'all' },
        { id: 'sink', kind: 'sink', parallelism: 1, rate: 1 },
      ],
      edges: [
        { from: 'source', to: 'sum', partitioning: 'forward', capacity: 4 },
        { from: 'sum', to: 'sink', partitioning: 'forward', capacity: 4 },
      ],
      checkpoint: patch,
      actions: [{ type: 'checkpoint', when: { atTick: 10 } }],
    });

  it('the barrier overtakes the full channels: the sink starts the checkpoint far sooner', () => {
    const aligned = firstCheckpoint(slowSink({}));
    const unaligned = firstCheckpoint(slowSink({ unaligned: true }));
    const delay = (r: typeof aligned) => r.metrics['sink#0'].startDelayMs;
    // Aligned, barrier 1 waits behind the 4 records of each full channel, drained one a tick.
    expect(delay(unaligned)).toBe(300);
    expect(delay(aligned)).toBeGreaterThanOrEqual(2 * delay(unaligned));
    // What it overtook is in the snapshot: the source's and the sum's full outputs.
    // What the barriers overtook in the full outputs is in the snapshot, 16 bytes a record.
    for (const task of ['source#0', 'sum#0']) {
      const m = unaligned.metrics[task];
      const overtaken = unaligned.events.flatMap((e) =>
        e.type === 'BarrierOvertook' && e.task === task ? e.records : [],
      );
      expect(m.persistedRecords).toBeGreaterThan(0);
      expect(m.persistedRecords).toBe(overtaken.length);
      expect(m.sizeBytes).toBe(16 + 16 * m.persistedRecords);
    }
  });

  it('savepoints stay aligned with unaligned checkpoints on', () => {
    const scenario: Scenario = {
      ...slowSink({ unaligned: true }),
      actions: [{ type: 'savepoint', when: { atTick: 10 } }],
    };
    const { c } = firstCheckpoint(scenario);
    expect(c.kind).toBe('savepoint');
    expect(c.type).toBe('aligned');
    expect(c.channelState).toEqual([]);
  });

  it('a restore puts the channel state back into its channels and every record still counts once', () => {
    const scenario: Scenario = {
      ...slowSink({ unaligned: true }),
      actions: [
        { type: 'checkpoint', when: { atTick: 10 } },
        { type: 'fail-task', task: 'sum#0', when: { atTick: 20 } },
      ],
      restart: { type: 'fixed-delay', attempts: 1, delayMs: 100 },
    };
    const { states, events, end, c } = firstCheckpoint(scenario);
    expect(c.status).toBe('COMPLETED');
    const restored = events.find((e) => e.type === 'JobRestarted')!;
    expect(restored.type === 'JobRestarted' && restored.checkpoint).toBe(1);
    const at = states[restored.tick];
    const topology = topologyOf(scenario);
    for (const channel of topology.channels) {
      const put = at.channels[channel.index].queue.map((q) => q.element);
      const saved = c.channelState
        .filter((p) => p.channel === channel.index)
        .map((p) => p.record.value);
      expect(put.map((e) => (e.kind === 'record' ? e.value : null))).toEqual(saved);
      expect(put.every((e) => e.kind === 'record' && e.restored)).toBe(true);
    }
    expect(end.job.status).toBe('FINISHED');
    expect(judge({ state: end, events }).stateExactlyOnce).toBe(true);
  });
});
