import type { TickDraft } from '../draft';
import type { ControlMessage } from '../types';
import {
  commitTransactions,
  completeCheckpoint,
  emitBarrier,
  failCheckpoint,
  takeSnapshot,
} from './checkpointing';

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
      takeSnapshot(d, message.task, checkpoint);
      emitBarrier(d, message.task, checkpoint, record.kind === 'savepoint');
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
        completeCheckpoint(d, checkpoint);
      }
      return;
    }
    case 'decline':
      if (pending) failCheckpoint(d, checkpoint, message.reason, 'declined');
      return;
    case 'notify-complete':
      commitTransactions(d, message.task, checkpoint);
      return;
  }
}

/** The message phase: control messages whose latency ran out reach their task or the coordinator. */
export function deliverMessages(d: TickDraft): void {
  if (!d.state.messages.some((m) => m.at <= d.tick)) return;
  const due = d.state.messages.filter((m) => m.at <= d.tick);
  d.setMessages(d.state.messages.filter((m) => m.at > d.tick));
  for (const message of due) {
    if (d.state.job.status !== 'RUNNING') return;
    deliver(d, message);
  }
}
