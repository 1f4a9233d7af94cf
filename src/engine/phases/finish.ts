import type { TickDraft } from '../draft';
import { sourceInput } from '../topology';
import type { CheckpointRecord, FinishReason, Scenario } from '../types';
import { allSourcesExhausted } from './checkpointing';
import { abortPendingCheckpoints } from './failover';
import { abortPending, commitTransactions, markCommitted } from './transactions';

/**
 * Whether the tasks of this job wait for a final checkpoint once their input ended (FLIP-147:
 * `execution.checkpointing.checkpoints-after-tasks-finish`, on by default since Flink 1.15).
 * Only with periodic checkpointing on: without it Flink finishes at once, and a Sink V2
 * committer commits what is left at the end of input.
 */
export function waitsForFinalCheckpoint(scenario: Scenario): boolean {
  return (
    scenario.checkpoint.intervalMs !== null &&
    scenario.checkpoint.checkpointsAfterTasksFinish !== false
  );
}

/** Every source read all its input and no record or barrier is left to process anywhere. */
function inputProcessed(d: TickDraft): boolean {
  const { state } = d;
  return (
    allSourcesExhausted(d) &&
    state.channels.every((c) => c.queue.length === 0) &&
    state.tasks.every((t) => t.alignment === null && t.tracked.length === 0)
  );
}

/**
 * The newest completed checkpoint taken after every source reached the end of its input: its
 * barriers came behind the last record everywhere and overtook none, so it covers all output. Savepoints do not
 * count: since Flink 1.15 a savepoint that does not stop the job commits nothing.
 */
export function finalCheckpoint(d: TickDraft): Readonly<CheckpointRecord> | null {
  const list = d.state.checkpoints;
  for (let i = list.length - 1; i >= 0; i--) {
    const c = list[i];
    if (c.status !== 'COMPLETED' || c.kind !== 'checkpoint') continue;
    // An unaligned barrier that overtook records leaves them to be processed after the cut:
    // what they produce needs a later checkpoint.
    if (c.channelState.length > 0) continue;
    const atEnd = d.topology.sources.every((s) => {
      const snap = c.snapshots[s];
      return snap?.kind === 'source' && snap.offset >= sourceInput(d.topology.tasks[s]).length;
    });
    if (atEnd) return c;
  }
  return null;
}

/**
 * Whether a two-phase-commit sink still holds a transaction up to `checkpoint` that no commit
 * notification on its way will commit: its notification was lost, so it waits for the next
 * checkpoint, whose notification commits the earlier transactions too.
 */
function uncommittedUpTo(d: TickDraft, checkpoint: number): boolean {
  return d.topology.tasks.some((_, i) => {
    const s = d.state.tasks[i].state;
    if (s.kind !== 'sink' || !s.precommitted.some((t) => t.checkpoint <= checkpoint)) return false;
    return !d.state.messages.some(
      (m) => m.type === 'notify-complete' && m.task === i && m.checkpoint >= checkpoint,
    );
  });
}

/**
 * Whether the coordinator still has to take a checkpoint for the job to finish: the input ended,
 * the tasks wait for a final checkpoint, and none completed yet (or one did, but a sink's commit
 * notification was lost and the next checkpoint has to commit).
 */
export function needsFinalCheckpoint(d: TickDraft): boolean {
  if (!waitsForFinalCheckpoint(d.scenario)) return false;
  const final = finalCheckpoint(d);
  return final === null || uncommittedUpTo(d, final.id);
}

/**
 * The job finishes:
 * - stopped with a savepoint: as soon as it completes, aborting any checkpoint still pending;
 *   two-phase-commit sinks commit what it covers (Flink waits for its notifyCheckpointComplete);
 * - at the end of input, with periodic checkpointing on (FLIP-147): once every task processed
 *   all its input, the tasks wait for a checkpoint taken after that, and finish when it
 *   completed and its commit notifications reached the sinks;
 * - at the end of input, without checkpointing (or with checkpoints-after-tasks-finish off):
 *   once nothing is in flight. Without checkpointing a sink commits what is left, as Flink's
 *   Sink V2 committer does at the end of input; with the option off, the tasks finish without
 *   a final checkpoint and what was not committed is aborted, as before Flink 1.15.
 */
export function finishIfDone(d: TickDraft): void {
  if (d.state.job.status !== 'RUNNING') return;
  const stopped = d.stoppedNow();
  if (stopped) {
    // Nothing came after its barrier.
    d.topology.tasks.forEach((_, i) => {
      if (d.state.tasks[i].state.kind === 'sink') commitTransactions(d, i, stopped.id);
    });
    endJob(d, {
      code: 'stopped-with-savepoint',
      savepoint: stopped.id,
      ...(stopped.drain ? { drain: true as const } : {}),
    });
    return;
  }
  if (!inputProcessed(d)) return;
  const waits = waitsForFinalCheckpoint(d.scenario);
  if (d.state.job.endOfInputTick === null) {
    d.setJob({ endOfInputTick: d.tick });
    d.emit({ type: 'InputFinished', awaitingCheckpoint: waits });
  }
  if (waits) {
    const final = finalCheckpoint(d);
    if (!final) return;
    // The commit notifications (and a stop-the-world resume) reach the tasks first.
    if (!d.state.messages.every((m) => m.type === 'abort')) return;
    if (uncommittedUpTo(d, final.id)) return;
    endJob(d, { code: 'input-exhausted', finalCheckpoint: final.id });
    return;
  }
  const idle =
    // An abort still on its way changes nothing once no task aligns anything.
    d.state.messages.every((m) => m.type === 'abort') &&
    d.state.writes.length === 0 &&
    d.pendingCheckpoints().length === 0;
  if (!idle) return;
  if (d.scenario.checkpoint.intervalMs === null) {
    d.topology.tasks.forEach((info, i) => {
      if (d.state.tasks[i].state.kind !== 'sink') return;
      commitTransactions(d, i, Number.MAX_SAFE_INTEGER);
      const t = d.task(i);
      if (t.state.kind !== 'sink' || t.state.open.length === 0) return;
      const open = t.state.open;
      if (t.openTxn !== null) {
        markCommitted(d, i, t.openTxn);
        t.openTxn = null;
      }
      d.appendOutput(t, open);
      t.state = { ...t.state, open: [] };
      d.emit({ type: 'SinkCommitted', task: info.id, checkpoint: null, records: open.length });
    });
  }
  endJob(d, { code: 'input-exhausted' });
}

function endJob(d: TickDraft, reason: FinishReason): void {
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
  // What no checkpoint committed is aborted as the sinks close.
  d.topology.tasks.forEach((_, i) => abortPending(d, i, 'job-end'));
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
  d.emit({ type: 'JobFinished', reason });
}
