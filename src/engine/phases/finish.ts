import type { TickDraft } from '../draft';
import { allSourcesExhausted, commitTransactions } from './checkpointing';
import { abortPendingCheckpoints } from './failover';

/**
 * The job finishes once every source reached the end of its input and nothing is left in
 * flight: no element, no message, no write, no pending checkpoint. A savepoint taken
 * with "stop" finishes it as soon as it completes, aborting any checkpoint still pending. Two-phase-commit sinks commit what is left,
 * as the final checkpoint at the end of input does, or what the stopping savepoint covers.
 */
export function finishIfDone(d: TickDraft): void {
  if (d.state.job.status !== 'RUNNING') return;
  const { state } = d;
  const stopped = d.stoppedNow();
  const idle =
    allSourcesExhausted(d) &&
    state.channels.every((c) => c.queue.length === 0) &&
    state.tasks.every((t) => t.alignment === null && t.tracked.length === 0) &&
    // An abort still on its way changes nothing once no task aligns anything.
    state.messages.every((m) => m.type === 'abort') &&
    state.writes.length === 0 &&
    d.pendingCheckpoints().length === 0;
  if (!stopped && !idle) return;

  if (stopped) {
    // A stop-with-savepoint commits what it covers before the tasks finish (Flink waits for
    // notifyCheckpointComplete); nothing came after its barrier.
    d.topology.tasks.forEach((_, i) => {
      if (d.state.tasks[i].state.kind === 'sink') commitTransactions(d, i, stopped.id);
    });
  } else {
    d.topology.tasks.forEach((info, i) => {
      if (d.state.tasks[i].state.kind !== 'sink') return;
      commitTransactions(d, i, Number.MAX_SAFE_INTEGER);
      const t = d.task(i);
      if (t.state.kind !== 'sink' || t.state.open.length === 0) return;
      const open = t.state.open;
      d.appendOutput(t, open);
      t.state = { ...t.state, open: [] };
      d.emit({ type: 'SinkCommitted', task: info.id, checkpoint: null, records: open.length });
    });
  }
  // The coordinator shuts down with the job, as Flink's does when the job reaches a final
  // state: what is still pending is aborted, and nothing of it (a trigger, a barrier, an ack,
  // a backend write) moves any more.
  abortPendingCheckpoints(d, { code: 'coordinator-shutdown', jobStatus: 'FINISHED' });
  d.setMessages([]);
  d.setWrites([]);
  if (d.state.coordinator.queued.length > 0) d.setCoordinator({ queued: [] });
  d.topology.channels.forEach((_, c) => {
    if (d.state.channels[c].queue.length > 0) d.channel(c).queue = [];
  });
  d.topology.tasks.forEach((_, i) => {
    const t = d.task(i);
    t.status = 'FINISHED';
    t.alignment = null;
    t.tracked = [];
    if (t.inputs.some((input) => input.blockedBy !== null)) {
      t.inputs = t.inputs.map(() => ({ blockedBy: null }));
    }
  });
  d.setJob({ status: 'FINISHED' });
  d.emit({
    type: 'JobFinished',
    reason: stopped
      ? { code: 'stopped-with-savepoint', savepoint: stopped.id }
      : { code: 'input-exhausted' },
  });
}
