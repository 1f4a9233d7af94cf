import type { TickDraft } from '../draft';
import { emptyChannels, firstPeriodicTick, freshTask } from '../init';
import { decideRestart, effectiveRestart } from '../restartStrategy';
import type {
  CheckpointFailureReason,
  CheckpointRecord,
  FailoverCause,
  Origin,
  RecoveryChoice,
  SimState,
  TaskFailure,
  TaskState,
} from '../types';
import { abortOpen, abortPending, commitTransactions } from './transactions';

export type FailureCause =
  | { task: number; record?: number; origin?: Origin; reason: TaskFailure }
  | { task?: undefined; reason: Exclude<FailoverCause, TaskFailure> };

/**
 * Every pending checkpoint ends FAILED with `reason`, announced as it would be by Flink's
 * coordinator aborting it. Only the records: the caller drops what is still in flight.
 */
export function abortPendingCheckpoints(d: TickDraft, reason: CheckpointFailureReason): void {
  for (const pending of d.pendingCheckpoints()) {
    const record = d.checkpoint(pending.id)!;
    record.status = 'FAILED';
    record.failReason = reason;
    record.endTick = d.tick;
    d.emit({ type: 'CheckpointFailed', checkpoint: record.id, kind: record.kind, reason });
  }
}

/**
 * A failover starts: the failed task is marked FAILED, pending checkpoints fail, and the restart
 * strategy decides whether and when the job restarts. The other tasks are cancelled at the start
 * of the next tick (`cancelIfFailingOver`), as Flink's cancellation reaches them after the
 * failure: in the tick of the failure they still hold their state, so the screen can show the
 * moment a task failed while the others had not yet stopped. A job that fails for good is
 * cancelled at once. What an external system already received (a sink's output) stays.
 */
export function failJob(d: TickDraft, cause: FailureCause): void {
  const status = d.state.job.status;
  if (status === 'FAILED' || status === 'FINISHED') return;
  const { topology, tick } = d;
  if (cause.task !== undefined) {
    d.emit({
      type: 'TaskFailed',
      task: topology.tasks[cause.task].id,
      ...(cause.record !== undefined ? { record: cause.record } : {}),
      ...(cause.origin ? { origin: cause.origin } : {}),
      reason: cause.reason,
    });
    d.task(cause.task).status = 'FAILED';
  }
  const decision = decideRestart(
    effectiveRestart(d.scenario),
    d.state.job,
    tick,
    d.scenario.tickMs,
    () => d.random(),
  );
  // A job that restarts aborts its checkpoints as it fails over; one that stays FAILED shuts its
  // coordinator down, as Flink's CheckpointCoordinator does when the job reaches a final state.
  abortPendingCheckpoints(
    d,
    decision.restart
      ? { code: 'job-failed-over' }
      : { code: 'coordinator-shutdown', jobStatus: 'FAILED' },
  );
  // Flink stops the checkpoint scheduler as the job fails over: queued requests are dropped.
  if (d.state.coordinator.queued.length > 0) d.setCoordinator({ queued: [] });

  if (decision.restart) {
    const delayTicks = Math.max(1, d.ticks(decision.delayMs));
    d.setJob({ ...decision.job, status: 'RESTARTING', restartAt: tick + delayTicks });
    d.emit({
      type: 'JobRestarting',
      delayTicks,
      attempt: d.state.job.restarts + 1,
      cause: cause.reason,
    });
  } else {
    cancelAll(d);
    const reason = decision.reason!;
    d.setJob({ ...decision.job, status: 'FAILED', restartAt: null, failReason: reason });
    d.emit({ type: 'JobFailed', reason, cause: cause.reason });
  }
}

/**
 * Every task is cancelled and its state cleared (a failed task stays FAILED); in-flight data,
 * control messages and snapshot writes are lost.
 */
function cancelAll(d: TickDraft): void {
  const { topology } = d;
  // A failing sink closes its producer: the broker aborts its open transaction. Pre-committed
  // ones linger until a restore commits or aborts them, or they time out.
  topology.tasks.forEach((_, i) => abortOpen(d, i));
  const tasks: TaskState[] = topology.tasks.map((info) => ({
    ...freshTask(info, d.state.tasks[info.index], d.tick),
    status: d.state.tasks[info.index].status === 'FAILED' ? 'FAILED' : 'CANCELED',
  }));
  d.replaceAll(tasks, emptyChannels(topology.channels.length));
  d.setMessages([]);
  d.setWrites([]);
  d.emit({ type: 'TasksCanceled', tasks: topology.tasks.map((t) => t.id) });
}

/**
 * The tick after a failure of a job that will restart: the cancellation reaches the tasks still
 * running, and every task's state is cleared.
 */
export function cancelIfFailingOver(d: TickDraft): void {
  if (d.state.job.status !== 'RESTARTING') return;
  if (!d.state.tasks.some((t) => t.status === 'RUNNING')) return;
  cancelAll(d);
}

/**
 * The checkpoint a restart restores: the latest completed checkpoint, else the savepoint the job
 * was started from, else nothing (empty state). Savepoints this job took are skipped, as Flink
 * 1.15 and later always do; only an old scenario with preferCheckpointForRecovery set to false
 * takes the newest of checkpoints and savepoints, as Flink 1.14 and earlier did by default. Pure.
 */
export function recoveryPoint(
  state: Pick<SimState, 'checkpoints' | 'scenario'> & Partial<Pick<SimState, 'restoredFrom'>>,
): CheckpointRecord | null {
  const preferCheckpoint = state.scenario.checkpoint.preferCheckpointForRecovery !== false;
  let latest: CheckpointRecord | null = state.restoredFrom?.savepoint ?? null;
  for (const c of state.checkpoints) {
    if (c.status !== 'COMPLETED') continue;
    if (preferCheckpoint && c.kind === 'savepoint') continue;
    if (!latest || c.id > latest.id) latest = c;
  }
  return latest;
}

/** Why a restart restores what it restores, when a teacher would want it said. */
function recoveryNote(
  state: Pick<SimState, 'checkpoints' | 'restoredFrom'>,
  point: CheckpointRecord | null,
): { ignoredSavepoint?: number; reason?: RecoveryChoice } {
  const newer = state.checkpoints.filter(
    (c) => c.kind === 'savepoint' && c.status === 'COMPLETED' && c.id > (point?.id ?? 0),
  );
  const fromStart = point !== null && point === state.restoredFrom?.savepoint;
  const ignored = newer.length === 0 ? null : newer[newer.length - 1].id;
  if (ignored === null && !fromStart) return {};
  const reason: RecoveryChoice = {
    code: 'recovery-choice',
    restored: point === null ? 'empty' : fromStart ? 'start-savepoint' : 'latest',
    checkpoint: point?.id ?? null,
    kind: point?.kind ?? null,
    ignoredSavepoint: ignored,
  };
  return ignored === null ? { reason } : { ignoredSavepoint: ignored, reason };
}

/**
 * An unaligned checkpoint's channel state goes back into its channels, in the order it was
 * persisted (which is each channel's order), ahead of anything read after the restore: it
 * arrives in the first tick the tasks run again. It may hold more than a channel's capacity;
 * the channel's sender then waits until it drained, as a recovered channel in Flink is read
 * before new data.
 */
function restoreChannelState(d: TickDraft, point: CheckpointRecord | null): void {
  if (!point || point.channelState.length === 0) return;
  for (const { channel, record } of point.channelState) {
    const element = { ...record, id: d.nextRecordId(), restored: true as const };
    d.enqueue(channel, { element, sentAt: d.tick, at: d.tick + 1 });
  }
}

/** A RESTARTING job whose delay ran out: every task restores from the recovery point. */
export function restoreIfDue(d: TickDraft): void {
  const job = d.state.job;
  if (job.status !== 'RESTARTING' || job.restartAt === null || d.tick < job.restartAt) return;
  restoreJob(d, false);
}

/**
 * Every task restores from the recovery point and the job runs again: restarted by its restart
 * strategy, or a `newJob` submitted from the failed job's checkpoint, whose restart strategy
 * starts counting again. A sink commits what the restored checkpoint pre-committed, unless the
 * broker aborted it meanwhile.
 */
export function restoreJob(d: TickDraft, newJob: boolean): void {
  const job = d.state.job;
  const point = recoveryPoint(d.state);
  const { topology } = d;
  const tasks = topology.tasks.map((info) => {
    const before = d.state.tasks[info.index];
    const task = freshTask(info, before, d.tick);
    const snapshot = point?.snapshots[info.index];
    if (snapshot) task.state = snapshot;
    // A sink names its next transaction after the checkpoint it restored, as KafkaSink does.
    if (snapshot?.kind === 'sink') task.lastBarrier = point!.id;
    // The tick of the restore shows the restored state; reading goes on from the next one.
    task.nextReadTick = d.tick + 1;
    return task;
  });
  d.replaceAll(tasks, emptyChannels(topology.channels.length));
  restoreChannelState(d, point);
  for (const info of topology.tasks) {
    const task = d.state.tasks[info.index];
    d.emit({
      type: 'StateRestored',
      task: info.id,
      checkpoint: point?.id ?? null,
      state: task.state,
    });
    if (task.state.kind === 'source') {
      d.emit({
        type: 'SourceRewound',
        task: info.id,
        offset: task.state.offset,
        from: task.highWater,
      });
    }
    if (task.state.kind === 'sink' && point) commitTransactions(d, info.index, point.id);
    // KafkaSink aborts the lingering transactions the restored checkpoint does not hold.
    abortPending(d, info.index, 'recovery');
  }
  // The failure count survives a restart: Flink clears it only on success or as it fails the job.
  // Flink starts the checkpoint scheduler again, with a new random first delay.
  // A new job's checkpoint failure manager counts from zero.
  d.setCoordinator({
    nextPeriodicTick: firstPeriodicTick(d.scenario, d.tick, () => d.random()),
    ...(newJob ? { consecutiveFailures: 0 } : {}),
  });
  d.setJob({
    status: 'RUNNING',
    restartAt: null,
    restarts: newJob ? 0 : job.restarts + 1,
    runningSince: d.tick,
    endOfInputTick: null,
    ...(newJob ? { failureTicks: [], backoffMs: null, failReason: null } : {}),
  });
  d.emit({
    type: 'JobRestarted',
    checkpoint: point?.id ?? null,
    kind: point?.kind ?? null,
    ...recoveryNote(d.state, point),
    ...(newJob ? { newJob: true as const } : {}),
  });
}
