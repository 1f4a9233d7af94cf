import type { TickDraft } from '../draft';
import type { ControlMessage } from '../types';
import {
  completeCheckpoint,
  emitBarrier,
  emitCancellation,
  endAlignment,
  failCheckpoint,
  startWrite,
  takeSnapshot,
  unalignedAt,
} from './checkpointing';
import { commitTransactions } from './transactions';

/**
 * The coordinator's notice that checkpoint N failed reaches a task: if it is still aligning (or
 * counting) N it stops, and sends a cancellation barrier downstream so that no task below waits
 * for a barrier of N from it. A task that has not seen N yet aligns it when its barriers come.
 */
function abortAlignment(d: TickDraft, task: number, checkpoint: number): void {
  const t = d.state.tasks[task];
  if (t.status !== 'RUNNING') return;
  const counting = [t.alignment, ...t.tracked].find((a) => a?.checkpoint === checkpoint);
  if (!counting || counting.aborted) return;
  d.emit({ type: 'AlignmentAborted', task: d.topology.tasks[task].id, checkpoint });
  if (d.scenario.checkpoint.mode === 'at-least-once') {
    // Only N: older checkpoints counted here may still complete.
    const w = d.task(task);
    for (const a of [w.alignment, ...w.tracked]) if (a?.checkpoint === checkpoint) a.aborted = true;
  } else {
    endAlignment(d, task, checkpoint);
  }
  emitCancellation(d, task, checkpoint);
}

function deliver(d: TickDraft, message: ControlMessage): void {
  const info = d.topology.tasks[message.task];
  const task = d.state.tasks[message.task];
  const { checkpoint } = message;
  const record = d.findCheckpoint(checkpoint);
  const pending = record?.status === 'IN_PROGRESS';
  switch (message.type) {
    case 'trigger': {
      if (!pending || task.status !== 'RUNNING' || task.state.kind !== 'source') return;
      if (d.wanted.TriggerReceived) d.emit({ type: 'TriggerReceived', task: info.id, checkpoint });
      // The source snapshots its offset and emits the barrier before it reads anything else,
      // so the barrier separates the records before the offset from those after it.
      const offset = task.state.offset;
      // Unaligned: the barrier overtakes the records in the source's outputs, which are
      // persisted with its offset before the write starts.
      const unaligned = unalignedAt(d, message.task, checkpoint);
      if (!takeSnapshot(d, message.task, checkpoint, unaligned)) return;
      emitBarrier(d, message.task, checkpoint, record.kind === 'savepoint', unaligned);
      if (unaligned) startWrite(d, message.task, checkpoint);
      d.task(message.task).lastBarrier = checkpoint;
      // Stop-with-savepoint: nothing follows the last barrier, so the savepoint is where the
      // job ends and where its next version resumes.
      if (record.stop) d.task(message.task).paused = true;
      if (d.wanted.BarrierInjected)
        d.emit({ type: 'BarrierInjected', task: info.id, checkpoint, offset });
      return;
    }
    case 'pause':
    case 'resume': {
      // A pause that arrives after its checkpoint ended (expired, aborted) holds nothing.
      if (message.type === 'pause' && !pending) return;
      d.task(message.task).paused = message.type === 'pause';
      const sources = d.topology.sources.map((i) => d.state.tasks[i]);
      if (message.type === 'pause' && sources.every((s) => s.paused)) {
        d.emit({ type: 'SourcesPaused', checkpoint });
      }
      if (message.type === 'resume' && sources.every((s) => !s.paused)) {
        d.emit({ type: 'SourcesResumed', checkpoint });
      }
      return;
    }
    case 'ack': {
      if (!pending) return;
      const acked = d.acknowledge(d.checkpoint(checkpoint)!, info.index, d.tick);
      if (d.wanted.CheckpointAcknowledged)
        d.emit({ type: 'CheckpointAcknowledged', task: info.id, checkpoint });
      if (acked === d.topology.tasks.length) {
        const failure = d.scenario.actions.findIndex(
          (a, k) =>
            !d.state.fired[k] &&
            a.type === 'fail-checkpoint-metadata' &&
            a.checkpoint === checkpoint,
        );
        if (failure >= 0) {
          // Finalizing on the JobManager: the metadata write fails (an I/O failure), which counts.
          d.markFired(failure);
          failCheckpoint(d, checkpoint, { code: 'metadata-write-failed' }, 'finalize');
        } else {
          completeCheckpoint(d, checkpoint);
        }
      }
      return;
    }
    case 'decline':
      if (pending) failCheckpoint(d, checkpoint, message.reason, message.failure ?? 'declined');
      return;
    case 'abort':
      abortAlignment(d, message.task, checkpoint);
      return;
    case 'notify-complete':
      commitTransactions(d, message.task, checkpoint);
      return;
  }
}

/** The message phase: control messages whose latency ran out reach their task or the coordinator. */
export function deliverMessages(d: TickDraft): void {
  const messages = d.state.messages;
  let first = 0;
  while (first < messages.length && messages[first].at > d.tick) first++;
  if (first === messages.length) return;
  // One pass, in order: the messages that arrive now, and the others, which stay.
  const due: ControlMessage[] = [];
  const later = messages.slice(0, first);
  let resumes = false;
  for (let i = first; i < messages.length; i++) {
    const m = messages[i];
    if (m.at > d.tick) {
      later.push(m);
      continue;
    }
    due.push(m);
    if (m.type === 'resume') resumes = true;
  }
  // Resumes first: a pause that arrives with a resume is for a later checkpoint (a savepoint,
  // forced while the earlier one held the sources), and must leave them paused. The sort is
  // stable, so without a resume it would change nothing.
  if (resumes) due.sort((a, b) => Number(b.type === 'resume') - Number(a.type === 'resume'));
  d.setMessages(later);
  for (const message of due) {
    if (d.state.job.status !== 'RUNNING') return;
    deliver(d, message);
  }
}
