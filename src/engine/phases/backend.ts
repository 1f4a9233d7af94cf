import type { TickDraft } from '../draft';

function firesFor(
  d: TickDraft,
  type: 'fail-backend-write' | 'lose-ack',
  checkpoint: number,
  task: string,
) {
  return d.scenario.actions.findIndex(
    (a, k) =>
      !d.state.fired[k] &&
      a.type === type &&
      a.checkpoint === checkpoint &&
      (a.task === undefined || a.task === task),
  );
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
  for (const write of done) {
    const id = d.topology.tasks[write.task].id;
    const { checkpoint } = write;
    const failure = firesFor(d, 'fail-backend-write', checkpoint, id);
    if (failure >= 0) {
      d.markFired(failure);
      d.emit({ type: 'BackendWriteFailed', task: id, checkpoint });
      d.send({
        type: 'decline',
        task: write.task,
        checkpoint,
        reason: `the state backend failed to write the snapshot of ${id}`,
        sentAt: d.tick,
        at,
      });
      continue;
    }
    const record = d.checkpoint(checkpoint);
    if (record) record.stored[id] = d.tick;
    if (d.wanted.SnapshotStored) d.emit({ type: 'SnapshotStored', task: id, checkpoint });
    const lost = firesFor(d, 'lose-ack', checkpoint, id);
    if (lost >= 0) {
      d.markFired(lost);
      d.emit({ type: 'AckLost', task: id, checkpoint });
      continue;
    }
    d.send({ type: 'ack', task: write.task, checkpoint, sentAt: d.tick, at });
  }
}
