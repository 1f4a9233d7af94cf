import type { TickDraft } from '../draft';
import { periodicIntervalTicks } from '../init';
import {
  allSourcesExhausted,
  failCheckpoint,
  takeSnapshot,
  triggerCheckpoint,
} from './checkpointing';

function drained(d: TickDraft): boolean {
  const { state } = d;
  return (
    d.topology.sources.every((i) => state.tasks[i].paused) &&
    state.channels.every((c) => c.queue.length === 0) &&
    state.tasks.every((t) => t.inputs.every((i) => i.buffer.length === 0))
  );
}

/**
 * The coordinator phase: expire checkpoints past their timeout; take the stop-the-world snapshot
 * once the paused job drained; start the periodic checkpoint when the interval, the minimum
 * pause and the maximum of concurrent checkpoints all allow it. Pending savepoints count
 * against the maximum, as in Flink; a savepoint itself is triggered whatever is pending.
 */
export function coordinate(d: TickDraft): void {
  if (d.state.job.status !== 'RUNNING') return;
  const config = d.scenario.checkpoint;
  const timeout = d.ticks(config.timeoutMs);
  for (const pending of d.pendingCheckpoints()) {
    if (d.tick - pending.triggerTick >= timeout) {
      failCheckpoint(
        d,
        pending.id,
        { code: 'checkpoint-expired', timeoutMs: config.timeoutMs },
        'expired',
      );
      if (d.state.job.status !== 'RUNNING') return;
    }
  }

  const draining = d.pendingCheckpoints().find((c) => c.phase === 'draining');
  if (draining && drained(d)) {
    d.checkpoint(draining.id)!.phase = 'snapshotting';
    d.topology.tasks.forEach((_, i) => takeSnapshot(d, i, draining.id));
  }

  const due = d.state.coordinator.nextPeriodicTick;
  const interval = periodicIntervalTicks(d.scenario);
  if (interval === null || due === null || d.tick < due) return;
  if (allSourcesExhausted(d)) return;
  const pending = d.pendingCheckpoints();
  if (pending.length >= config.maxConcurrent) return;
  // Flink stops the periodic scheduler once a stop-with-savepoint starts; it resumes only if
  // the savepoint fails.
  if (d.state.checkpoints.some((c) => c.stop && c.status !== 'FAILED')) return;
  if (config.minPauseMs > 0) {
    // A minimum pause is measured from the end of the previous checkpoint, so while one runs
    // the next cannot start: min pause > 0 means one checkpoint at a time.
    if (pending.length > 0) return;
    const last = d.state.coordinator.lastCompleteTick;
    const earliest = last === null ? 0 : last + d.ticks(config.minPauseMs);
    if (d.tick < earliest) {
      // Flink drops the periodic request and schedules the trigger for when the pause is over.
      d.setCoordinator({ nextPeriodicTick: earliest });
      const ms = (tick: number) => tick * d.scenario.tickMs;
      d.emit({
        type: 'CheckpointSkipped',
        reason: {
          code: 'min-pause',
          minPauseMs: config.minPauseMs,
          lastEndMs: ms(last!),
          untilMs: ms(earliest),
        },
      });
      return;
    }
  }
  // Stop-the-world: sources read at least once between a resume and the next pause. A pause sent
  // with the resume would reach them in the same tick, so a checkpoint slower than the interval
  // (or one that expired) would keep them paused for good.
  if (config.mode === 'stop-the-world' && d.state.messages.some((m) => m.type === 'resume')) {
    return;
  }
  triggerCheckpoint(d, 'checkpoint');
  d.setCoordinator({ nextPeriodicTick: d.tick + interval });
}
