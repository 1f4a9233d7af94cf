import type { TickDraft } from '../draft';
import type { Scenario } from '../types';
import { firesFor } from './checkpointActions';

const scheduledFailures = new WeakMap<Scenario, boolean>();

/** Whether the scenario fails a backend write or loses an ack at all: most never do. */
function schedulesFailures(d: TickDraft): boolean {
  let any = scheduledFailures.get(d.scenario);
  if (any === undefined) {
    any = d.scenario.actions.some((a) => a.type === 'fail-backend-write' || a.type === 'lose-ack');
    scheduledFailures.set(d.scenario, any);
  }
  return any;
}

/**
 * The backend phase: snapshot writes that finished are confirmed to their task, which acks the
 * coordinator. A scheduled backend failure declines the checkpoint instead; a lost ack never
 * arrives, so the checkpoint can only expire.
 */
export function completeWrites(d: TickDraft): void {
  if (d.state.job.status !== 'RUNNING') return;
  if (!d.state.writes.some((w) => w.doneAt <= d.tick)) return;
  const done = d.state.writes.filter((w) => w.doneAt <= d.tick);
  d.setWrites(d.state.writes.filter((w) => w.doneAt > d.tick));
  const at = d.tick + d.scenario.controlLatency;
  const failures = schedulesFailures(d);
  for (const write of done) {
    const id = d.topology.tasks[write.task].id;
    const { checkpoint } = write;
    const failure = failures ? firesFor(d, 'fail-backend-write', checkpoint, id) : -1;
    if (failure >= 0) {
      d.markFired(failure);
      d.emit({ type: 'BackendWriteFailed', task: id, checkpoint });
      d.send({
        type: 'decline',
        task: write.task,
        checkpoint,
        reason: { code: 'backend-write-failed', task: id },
        sentAt: d.tick,
        at,
      });
      continue;
    }
    const record = d.checkpoint(checkpoint);
    if (record) record.stored[write.task] = d.tick;
    if (d.wanted.SnapshotStored) d.emit({ type: 'SnapshotStored', task: id, checkpoint });
    const lost = failures ? firesFor(d, 'lose-ack', checkpoint, id) : -1;
    if (lost >= 0) {
      d.markFired(lost);
      d.emit({ type: 'AckLost', task: id, checkpoint });
      continue;
    }
    d.send({ type: 'ack', task: write.task, checkpoint, sentAt: d.tick, at });
  }
}
