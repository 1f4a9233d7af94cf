import fc from 'fast-check';
import {
  isTerminal,
  recordsIn,
  topologyOf,
  type Scenario,
  type TimedEvent,
} from '../../../src/engine';
import { scenarioArb } from '../../helpers/arbitraries';
import { GraphModel, originKey } from './graphModel';
import { checkExactlyOnce, consistentCuts, neverCountedTwice } from './invariants';
import { InvariantViolation, LedgerTracker, observedRun, type TickObserver } from './observedRun';
import { validated } from './properties';
import { failureFree } from '../../../src/engine';

// Credit-based flow control and unaligned checkpoints over random scenarios and failure
// schedules: the properties backpressure.test.ts checks and the soak sweep runs longer.

type Variant = 'aligned' | 'unaligned' | 'switched';

/** Exactly-once scenarios with small channels and slow operators, in one of the three variants. */
const flowArb = fc
  .tuple(
    scenarioArb({ modes: ['exactly-once'] }),
    fc.constantFrom<Variant>('aligned', 'unaligned', 'switched'),
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 1, max: 5 }),
  )
  .map(([s, variant, capacity, timeoutTicks]): Scenario => {
    const checkpoint = { ...s.checkpoint, maxConcurrent: 1 };
    if (variant !== 'aligned') checkpoint.unaligned = true;
    if (variant === 'switched') checkpoint.alignedCheckpointTimeoutMs = timeoutTicks * s.tickMs;
    return {
      ...s,
      checkpoint,
      edges: s.edges.map((e) => (e.capacity === null ? { ...e, capacity } : e)),
    };
  });

/** No channel holds more records than its capacity, apart from channel state a restore put back. */
function withinCapacity(scenario: Scenario): TickObserver {
  const topology = topologyOf(scenario);
  return {
    tick(_prev, next) {
      for (const c of topology.channels) {
        if (c.capacity === null) continue;
        let sent = 0;
        for (const q of next.channels[c.index].queue)
          if (q.element.kind === 'record' && !q.element.restored) sent++;
        const all = recordsIn(next, c.index);
        if (sent > c.capacity && all > c.capacity)
          throw new InvariantViolation(
            next.tick,
            `${c.id} holds ${all} records, capacity ${c.capacity}`,
          );
      }
    },
  };
}

/**
 * A blocked input is never read: over a tick that starts and ends with an input blocked by the
 * same checkpoint, the element at its channel's head is still in the channel.
 */
function blockedNeverRead(scenario: Scenario): TickObserver {
  const topology = topologyOf(scenario);
  return {
    tick(prev, next, events) {
      if (events.some((e) => e.type === 'TasksCanceled' || e.type === 'JobRestarted')) return;
      for (const c of topology.channels) {
        const before = prev.tasks[c.to].inputs[c.input].blockedBy;
        if (before === null || next.tasks[c.to].inputs[c.input].blockedBy !== before) continue;
        const was = prev.channels[c.index].queue;
        const is = next.channels[c.index].queue;
        // An unaligned barrier may be put in front of it (a priority event), which reads nothing.
        if (was.length > 0 && !is.some((q) => q.element === was[0].element))
          throw new InvariantViolation(next.tick, `${c.id} was read while blocked by ${before}`);
      }
    },
  };
}

/**
 * The channel state of checkpoint N on a channel into a task that reads only sources holds exactly the records
 * that crossed the cut there: read by the source before its snapshot (index below its
 * snapshotted offset) and processed by the receiver after its own snapshot of N, within the
 * attempt that took N. Aligned checkpoints have none.
 */
function checkCrossings(
  scenario: Scenario,
  events: readonly TimedEvent[],
  final: ReturnType<typeof observedRun>['state'],
) {
  const topology = topologyOf(scenario);
  for (const c of final.checkpoints) {
    if (c.status !== 'COMPLETED' || c.kind !== 'checkpoint') continue;
    const triggered = events.findIndex(
      (e) => e.type === 'CheckpointTriggered' && e.checkpoint === c.id,
    );
    let from = 0;
    for (let k = triggered; k >= 0; k--)
      if (events[k].type === 'JobRestarted') {
        from = k;
        break;
      }
    let to = events.findIndex((e, k) => k > triggered && e.type === 'TasksCanceled');
    if (to < 0) to = events.length;
    for (const channel of topology.channels) {
      const sender = topology.tasks[channel.from];
      const receiver = topology.tasks[channel.to];
      // Where the receiver reads only from sources, an origin reaches it by one channel alone.
      if (receiver.inputs.some((k) => topology.tasks[topology.channels[k].from].kind !== 'source'))
        continue;
      const snap = c.snapshots[sender.index];
      if (snap?.kind !== 'source') continue;
      const snapshotAt = events.findIndex(
        (e, k) =>
          k >= from &&
          k < to &&
          e.type === 'SnapshotTaken' &&
          e.checkpoint === c.id &&
          e.task === receiver.id,
      );
      const crossed: string[] = [];
      if (snapshotAt >= 0) {
        for (let k = snapshotAt + 1; k < to; k++) {
          const e = events[k];
          if (e.type !== 'RecordProcessed' || e.task !== receiver.id) continue;
          if (e.origin.task === sender.id && e.origin.index < snap.offset)
            crossed.push(originKey(e.origin));
        }
      }
      const processed = new Set<string>();
      for (let k = from; k < to; k++) {
        const e = events[k];
        if (e.type === 'RecordProcessed' && e.task === receiver.id)
          processed.add(originKey(e.origin));
      }
      // A failure may end the attempt before the receiver got to a record of the channel state,
      // and so may the tick limit that cuts a run still going.
      const cutShort = to < events.length || !isTerminal(final);
      const persisted = c.channelState
        .filter((p) => p.channel === channel.index)
        .map((p) => originKey(p.record.origin))
        .filter((key) => !cutShort || processed.has(key));
      if (crossed.sort().join() !== persisted.sort().join()) {
        throw new Error(
          `checkpoint ${c.id} (${c.type}) on ${channel.id}: channel state [${persisted.join(', ')}], crossed the cut [${crossed.join(', ')}]`,
        );
      }
    }
  }
}

/** No channel over capacity, no blocked input read, exactly-once against the failure-free twin, channel state = the records that crossed the cut. */
export function flowControlHolds(generated: Scenario): void {
  const scenario = validated(generated);
  const model = new GraphModel(scenario);
  const ledgers = new LedgerTracker();
  const run = observedRun(scenario, [
    withinCapacity(scenario),
    blockedNeverRead(scenario),
    ledgers,
    neverCountedTwice(scenario, model, ledgers),
  ]);
  if (run.state.job.status === 'FINISHED') {
    checkExactlyOnce(run, model, ledgers, observedRun(failureFree(scenario), []));
  }
  checkCrossings(scenario, run.events, run.state);
}

export const flowControl = fc.property(flowArb, flowControlHolds);

/** An aligned checkpoint under backpressure is a consistent cut: no record sent after its barrier. */
export const alignedCutUnderBackpressure = fc.property(flowArb, (generated) => {
  const scenario = validated({
    ...generated,
    checkpoint: {
      ...generated.checkpoint,
      unaligned: false,
      alignedCheckpointTimeoutMs: undefined,
    },
  });
  const model = new GraphModel(scenario);
  const ledgers = new LedgerTracker();
  observedRun(scenario, [ledgers, consistentCuts(scenario, model, ledgers)]);
});
