import { describe, expect, it } from 'vitest';
import { arrivedOn, topologyOf, type SimState } from '../../../src/engine';
import { barrierAlignment } from '../../../src/scenarios/presets/barrierAlignment';
import { firstEvent, record, snapshotOf, sumOf } from '../../helpers/sim';

const INPUT = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const even = (v: number) => v % 2 === 0;
const odd = (v: number) => v % 2 !== 0;
const sumBefore = (offset: number, keep: (v: number) => boolean) =>
  INPUT.slice(0, offset)
    .filter(keep)
    .reduce((a, b) => a + b, 0);

function task(state: SimState, id: string) {
  return state.tasks[topologyOf(state.scenario).taskIndex.get(id)!];
}

// Seed section 2: two sources, barriers, alignment.
describe('barrier alignment with two sources', () => {
  const { states, events } = record(barrierAlignment);

  it('sends the trigger to every source, which snapshot, emit barrier 1 and ack', () => {
    expect(firstEvent(events, 'CheckpointTriggered').checkpoint).toBe(1);
    const injected = events.filter((e) => e.type === 'BarrierInjected').map((e) => e.task);
    expect(injected.sort()).toEqual(['source#0', 'source#1']);
    const acked = events.filter((e) => e.type === 'CheckpointAcknowledged').map((e) => e.task);
    expect(acked.sort()).toEqual(['sink#0', 'source#0', 'source#1', 'sum_even#0', 'sum_odd#0']);
  });

  it('blocks the input whose barrier came first; what arrives behind it waits in the channel, outside the state', () => {
    const blocked = firstEvent(events, 'ChannelBlocked', (e) => e.task === 'sum_even#0');
    expect(blocked.channel).toBe('source#0->sum_even#0');
    const checkpoint = (s: SimState) => s.checkpoints.find((c) => c.id === 1)!;
    const snapshotTick = firstEvent(events, 'SnapshotTaken', (e) => e.task === 'sum_even#0').tick;
    const offset0 = (
      snapshotOf(barrierAlignment, checkpoint(states[snapshotTick]), 'source#0') as {
        offset: number;
      }
    ).offset;
    // While blocked, every record waiting on that input is one source#0 read after its barrier.
    let sawBuffered = false;
    const sumEvenIndex = topologyOf(barrierAlignment).taskIndex.get('sum_even#0')!;
    for (let t = blocked.tick; t < snapshotTick; t++) {
      const sumEven = task(states[t], 'sum_even#0');
      expect(sumEven.inputs[0].blockedBy).toBe(1);
      expect(sumEven.inputs[1].blockedBy).toBe(null);
      for (const el of arrivedOn(states[t], sumEvenIndex, 0)) {
        if (el.kind !== 'record') continue;
        sawBuffered = true;
        expect(el.origin.task).toBe('source#0');
        expect(el.origin.index).toBeGreaterThanOrEqual(offset0);
      }
      // The state holds nothing of source#0 beyond its snapshotted offset.
      const fromSource1 = events
        .filter((e) => e.type === 'RecordProcessed' && e.tick <= t && e.task === 'sum_even#0')
        .filter((e) => e.type === 'RecordProcessed' && e.applied && e.origin.task === 'source#1')
        .reduce((n, e) => n + (e.type === 'RecordProcessed' ? e.record : 0), 0);
      expect(sumOf(states[t], 'sum_even#0')).toBe(sumBefore(offset0, even) + fromSource1);
    }
    expect(sawBuffered).toBe(true);
    const unblocked = firstEvent(events, 'ChannelUnblocked', (e) => e.task === 'sum_even#0');
    expect(unblocked.tick).toBe(snapshotTick);
  });

  it('snapshots, forwards the barrier to the sink, and completes once every task acked', () => {
    const forwarded = firstEvent(events, 'BarrierForwarded', (e) => e.task === 'sum_even#0');
    const sinkSnapshot = firstEvent(events, 'SnapshotTaken', (e) => e.task === 'sink#0');
    expect(sinkSnapshot.tick).toBeGreaterThan(forwarded.tick);
    const completed = firstEvent(events, 'CheckpointCompleted');
    const lastAck = events.filter((e) => e.type === 'CheckpointAcknowledged').pop()!;
    expect(completed.tick).toBe(lastAck.tick);
  });

  it('makes every completed checkpoint a consistent cut of both sources', () => {
    const end = states[states.length - 1];
    const completed = end.checkpoints.filter((c) => c.status === 'COMPLETED');
    expect(completed.length).toBeGreaterThan(0);
    for (const c of completed) {
      const offsets = ['source#0', 'source#1'].map(
        (s) => (snapshotOf(barrierAlignment, c, s) as { offset: number }).offset,
      );
      const expectEven = offsets.reduce((n, o) => n + sumBefore(o, even), 0);
      const expectOdd = offsets.reduce((n, o) => n + sumBefore(o, odd), 0);
      expect(snapshotOf(barrierAlignment, c, 'sum_even#0')).toMatchObject({ sum: expectEven });
      expect(snapshotOf(barrierAlignment, c, 'sum_odd#0')).toMatchObject({ sum: expectOdd });
    }
  });

  it('ends with both sources read to the end: sum_even 40, sum_odd 50', () => {
    const end = states[states.length - 1];
    expect(end.job.status).toBe('FINISHED');
    expect(sumOf(end, 'sum_even#0')).toBe(40);
    expect(sumOf(end, 'sum_odd#0')).toBe(50);
  });
});
