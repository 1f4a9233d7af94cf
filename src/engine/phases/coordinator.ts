import type { TickDraft } from '../draft';
import { periodicIntervalTicks } from '../init';
import type { CheckpointRequest } from '../types';
import {
  allSourcesExhausted,
  failCheckpoint,
  takeSnapshot,
  triggerCheckpoint,
} from './checkpointing';
import { needsFinalCheckpoint } from './finish';

function drained(d: TickDraft): boolean {
  const { state } = d;
  return (
    d.topology.sources.every((i) => state.tasks[i].paused) &&
    state.channels.every((c) => c.queue.length === 0)
  );
}

/** A stop-with-savepoint is under way: Flink stops the periodic scheduler until it fails. */
function stopping(d: TickDraft): boolean {
  return d.state.checkpoints.some((c) => c.stop && c.status !== 'FAILED');
}

/** Queues a request in the order of Flink's decider: user requests before periodic ones, then by age. */
export function queueRequest(d: TickDraft, request: CheckpointRequest): void {
  const queued = [...d.state.coordinator.queued, request];
  queued.sort((a, b) => Number(a.periodic) - Number(b.periodic) || a.tick - b.tick);
  d.setCoordinator({ queued });
}

/**
 * Flink's CheckpointRequestDecider: the first queued request runs when fewer than max concurrent
 * checkpoints are pending. A periodic one also needs the minimum pause since the last completed
 * checkpoint: if it is not over, the request is dropped and the periodic timer starts again from
 * when it is. A user's request waits for a slot but not for the pause.
 */
function decide(d: TickDraft): void {
  const { queued } = d.state.coordinator;
  if (queued.length === 0) return;
  if (stopping(d)) {
    // A stop-with-savepoint stopped the scheduler: Flink aborts the queued requests.
    d.setCoordinator({ queued: [] });
    return;
  }
  const config = d.scenario.checkpoint;
  const pending = d.pendingCheckpoints().length;
  if (pending >= config.maxConcurrent) return;
  const [first, ...rest] = queued;
  if (first.periodic && config.minPauseMs > 0) {
    const last = d.state.coordinator.lastCompleteTick;
    const earliest = last === null ? 0 : last + d.ticks(config.minPauseMs);
    if (d.tick < earliest) {
      d.setCoordinator({ queued: rest, nextPeriodicTick: earliest });
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
  d.setCoordinator({ queued: rest });
  triggerCheckpoint(d, 'checkpoint');
}

/**
 * The coordinator phase: expire checkpoints past their timeout; take the stop-the-world snapshot
 * once the paused job drained; let the periodic timer fire on its fixed grid, its request
 * joining the queue; then let the decider start the first queued request if a slot is free.
 * Pending savepoints count against the maximum, as in Flink; a savepoint itself is forced and
 * triggered whatever is pending.
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
    for (let i = 0; i < d.topology.tasks.length; i++) {
      if (!takeSnapshot(d, i, draining.id)) return;
    }
  }

  const due = d.state.coordinator.nextPeriodicTick;
  const interval = periodicIntervalTicks(d.scenario);
  // Once the input ended there is nothing new to cover, unless the tasks wait for a final
  // checkpoint (FLIP-147): then the periodic timer goes on until one completed.
  const ended = allSourcesExhausted(d) && !needsFinalCheckpoint(d);
  if (ended && d.state.coordinator.queued.some((r) => r.periodic)) {
    // The periodic requests still waiting are dropped.
    d.setCoordinator({ queued: d.state.coordinator.queued.filter((r) => !r.periodic) });
  }
  if (interval !== null && due !== null && d.tick >= due) {
    d.setCoordinator({ nextPeriodicTick: due + interval });
    if (!ended && !stopping(d)) {
      const waiting = d.pendingCheckpoints().length >= config.maxConcurrent;
      queueRequest(d, { periodic: true, tick: d.tick });
      if (waiting) {
        d.emit({
          type: 'CheckpointRequestQueued',
          periodic: true,
          pending: d.pendingCheckpoints().length,
        });
      }
    }
  }
  decide(d);
}
