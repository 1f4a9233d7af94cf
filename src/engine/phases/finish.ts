import type { TickDraft } from '../draft';
import { allSourcesExhausted, commitTransactions } from './checkpointing';

/**
 * The job finishes once every source reached the end of its input and nothing is left in
 * flight: no element, no buffer, no message, no write, no pending checkpoint. A savepoint taken
 * with "stop" finishes it as soon as it completes. Two-phase-commit sinks commit what is left,
 * as the final checkpoint at the end of input does, or what the stopping savepoint covers.
 */
export function finishIfDone(d: TickDraft): void {
  if (d.state.job.status !== 'RUNNING') return;
  const { state } = d;
  const stopped = d.stoppedNow();
  const idle =
    allSourcesExhausted(d) &&
    state.channels.every((c) => c.queue.length === 0) &&
    state.tasks.every(
      (t) =>
        t.alignment === null &&
        t.tracked.length === 0 &&
        t.inputs.every((i) => i.buffer.length === 0),
    ) &&
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
  d.topology.tasks.forEach((_, i) => {
    d.task(i).status = 'FINISHED';
  });
  d.setJob({ status: 'FINISHED' });
  d.emit({
    type: 'JobFinished',
    reason: stopped
      ? `stopped with savepoint ${stopped.id}`
      : 'every source reached the end of its input',
  });
}
