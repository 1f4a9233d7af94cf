import type { TickDraft } from '../draft';
import { firesFor } from './checkpointActions';
import { failJob } from './failover';
import { preCommit } from './transactions';
import { sourceInput } from '../topology';
import type {
  CheckpointFailureReason,
  CheckpointKind,
  CheckpointRecord,
  CheckpointType,
  DataRecord,
  OperatorState,
  SavepointMetadata,
  Scenario,
  ScenarioAction,
  StreamElement,
  SubtaskCheckpoint,
} from '../types';

/**
 * Whether checkpoints of this scenario may be unaligned: enableUnalignedCheckpoints() in
 * exactly-once mode (Flink takes at-least-once checkpoints as they are whatever the flag says).
 */
export function unalignedEnabled(scenario: Scenario): boolean {
  return scenario.checkpoint.unaligned === true && scenario.checkpoint.mode === 'exactly-once';
}

/**
 * The ticks after its trigger at which an aligned checkpoint switches to unaligned, or null when
 * it never does: unaligned checkpoints off, or a timeout of 0 (they start unaligned).
 */
export function alignedTimeoutTicks(scenario: Scenario): number | null {
  if (!unalignedEnabled(scenario)) return null;
  const ms = scenario.checkpoint.alignedCheckpointTimeoutMs ?? 0;
  return ms > 0 ? Math.ceil(ms / scenario.tickMs) : null;
}

/** The type a checkpoint starts as: savepoints are always aligned (Flink 1.11 and later). */
function startingType(scenario: Scenario, kind: CheckpointKind): CheckpointType {
  if (kind === 'savepoint' || !unalignedEnabled(scenario)) return 'aligned';
  return alignedTimeoutTicks(scenario) === null ? 'unaligned' : 'aligned';
}

/** Whether task `task` takes checkpoint N unaligned: N started so, or the timeout switched the task. */
export function unalignedAt(d: TickDraft, task: number, checkpoint: number): boolean {
  const record = d.findCheckpoint(checkpoint);
  if (!record) return false;
  if (record.type === 'unaligned') return true;
  return record.type === 'aligned-timed-out' && record.subtasks[task]?.unaligned === true;
}

/**
 * Task `task`'s figures for checkpoint N, for writing (see TickDraft.subtaskFigures); null when
 * N is no longer pending.
 */
function figuresFor(d: TickDraft, task: number, checkpoint: number): SubtaskCheckpoint | null {
  const record = d.checkpoint(checkpoint);
  if (!record || record.status !== 'IN_PROGRESS') return null;
  return d.subtaskFigures(record, task);
}

/** Starts task `task`'s figures for checkpoint N (first barrier or trigger), if not started. */
export function noteSubtask(d: TickDraft, task: number, checkpoint: number): void {
  const record = d.checkpoint(checkpoint);
  if (!record || record.status !== 'IN_PROGRESS' || record.subtasks[task]) return;
  d.subtaskFigures(record, task);
}

/** Task `task` processed `records` records while it aligned checkpoint N. */
export function noteProcessed(d: TickDraft, task: number, checkpoint: number, records: number) {
  const figures = figuresFor(d, task, checkpoint);
  if (figures) figures.processed = records;
}

/** Task `task` takes checkpoint N unaligned. */
export function noteUnaligned(d: TickDraft, task: number, checkpoint: number): void {
  const figures = figuresFor(d, task, checkpoint);
  if (figures) figures.unaligned = true;
}

/** Persists one in-flight record as part of checkpoint N's channel state, on behalf of `task`. */
export function persistRecord(
  d: TickDraft,
  checkpoint: number,
  task: number,
  channel: number,
  record: DataRecord,
): void {
  const c = d.checkpoint(checkpoint);
  if (!c || c.status !== 'IN_PROGRESS') return;
  c.channelState.push({ task, channel, record });
  d.subtaskFigures(c, task).persisted += 1;
}

/** Whether this job may start a checkpoint now: it runs and not every source reached its end. */
export function allSourcesExhausted(d: TickDraft): boolean {
  // Asked twice in every tick: a plain loop.
  const sources = d.topology.sources;
  for (let k = 0; k < sources.length; k++) {
    const i = sources[k];
    const state = d.state.tasks[i].state;
    if (state.kind !== 'source' || state.offset < sourceInput(d.topology.tasks[i]).length) {
      return false;
    }
  }
  return true;
}

function savepointMetadata(d: TickDraft): SavepointMetadata {
  const { scenario } = d;
  return {
    triggerMs: d.tick * scenario.tickMs,
    job: { id: scenario.id, title: scenario.title, version: scenario.jobVersion ?? null },
    operators: scenario.operators.map((op) => ({
      id: op.id,
      uid: op.uid ?? op.id,
      kind: op.kind,
      parallelism: op.parallelism,
      keyBy: op.kind === 'sum' ? (op.keyBy ?? null) : null,
    })),
  };
}

/**
 * The coordinator starts checkpoint N: with barriers, a trigger message to every source subtask;
 * stop-the-world, a pause message instead. A savepoint also records Flink's savepoint metadata.
 * Returns the new id, or null when the job cannot take one (it is not running).
 */
export function triggerCheckpoint(
  d: TickDraft,
  kind: CheckpointKind,
  options: { name?: string; stop?: boolean; drain?: boolean } = {},
): number | null {
  if (d.state.job.status !== 'RUNNING') return null;
  const id = d.state.coordinator.nextId;
  d.setCoordinator({ nextId: id + 1 });
  const stopTheWorld = d.scenario.checkpoint.mode === 'stop-the-world';
  const tasks = d.topology.tasks.length;
  const record: CheckpointRecord = {
    id,
    kind,
    name: options.name ?? null,
    stop: options.stop ?? false,
    ...(options.stop && options.drain ? { drain: true as const } : {}),
    status: 'IN_PROGRESS',
    triggerTick: d.tick,
    completeTick: null,
    endTick: null,
    failReason: null,
    snapshots: new Array<OperatorState | null>(tasks).fill(null),
    stored: new Array<number | null>(tasks).fill(null),
    acks: new Array<number | null>(tasks).fill(null),
    alignment: new Array<{ start: number; end: number } | null>(tasks).fill(null),
    stateBytes: 0,
    phase: stopTheWorld ? 'draining' : 'barriers',
    savepoint: kind === 'savepoint' ? savepointMetadata(d) : null,
    type: startingType(d.scenario, kind),
    subtasks: new Array<SubtaskCheckpoint | null>(tasks).fill(null),
    channelState: [],
  };
  d.addCheckpoint(record);
  d.emit({ type: 'CheckpointTriggered', checkpoint: id, kind });
  const at = d.tick + d.scenario.controlLatency;
  for (const task of d.topology.sources) {
    d.send({ type: stopTheWorld ? 'pause' : 'trigger', task, checkpoint: id, sentAt: d.tick, at });
  }
  return id;
}

function stateBytesOf(d: TickDraft, task: number, state: OperatorState): number {
  const declared = d.topology.tasks[task].stateBytes;
  if (declared !== null) return declared;
  if (state.kind === 'sink') {
    const pending =
      state.open.length + state.precommitted.reduce((n, t) => n + t.records.length, 0);
    return 16 + 16 * pending;
  }
  if (state.kind === 'sum' && state.byKey) return 16 + 16 * Object.keys(state.byKey).length;
  return state.kind === 'stateless' ? 0 : 16;
}

const syncFailures = new WeakMap<Scenario, boolean>();

/** The scenario's unfired "fail in the synchronous snapshot" action for this task and checkpoint. */
function syncFailure(d: TickDraft, task: number, checkpoint: number): number {
  let any = syncFailures.get(d.scenario);
  if (any === undefined) {
    any = d.scenario.actions.some((a) => a.type === 'fail-sync-snapshot');
    syncFailures.set(d.scenario, any);
  }
  if (!any) return -1;
  const id = d.topology.tasks[task].id;
  return d.scenario.actions.findIndex(
    (a, k) =>
      !d.state.fired[k] &&
      a.type === 'fail-sync-snapshot' &&
      a.checkpoint === checkpoint &&
      a.task === id,
  );
}

/**
 * The synchronous phase of a task's snapshot: copy its state into checkpoint N and start the
 * asynchronous write to the state backend, unless `deferWrite`: an unaligned snapshot is written
 * once its channel state is complete (startWrite). A two-phase-commit sink pre-commits its open
 * transaction here. Nothing is stored for a checkpoint that is no longer pending. A failure in
 * this phase fails the task, and so the job, over: Flink never counts it as a tolerable
 * checkpoint failure. Returns whether the job still runs.
 */
export function takeSnapshot(
  d: TickDraft,
  task: number,
  checkpoint: number,
  deferWrite = false,
): boolean {
  const record = d.checkpoint(checkpoint);
  if (!record || record.status !== 'IN_PROGRESS') return true;
  const failure = syncFailure(d, task, checkpoint);
  if (failure >= 0) {
    d.markFired(failure);
    failJob(d, {
      task,
      reason: {
        code: 'task-failed-in-sync-snapshot',
        task: d.topology.tasks[task].id,
        checkpoint,
      },
    });
    return false;
  }
  const t = d.task(task);
  if (t.state.kind === 'sink') {
    const txn = t.openTxn;
    const precommitted =
      t.state.open.length > 0
        ? [
            ...t.state.precommitted,
            { checkpoint, records: t.state.open, ...(txn !== null ? { txn } : {}) },
          ]
        : t.state.precommitted;
    preCommit(d, task, checkpoint);
    t.state = { kind: 'sink', open: [], precommitted };
  }
  const id = d.topology.tasks[task].id;
  record.snapshots[task] = t.state;
  d.subtaskFigures(record, task).snapshot = d.tick;
  if (d.wanted.SnapshotTaken)
    d.emit({ type: 'SnapshotTaken', task: id, checkpoint, state: t.state });
  if (!deferWrite) startWrite(d, task, checkpoint);
  return true;
}

/** Bytes of one record of channel state, as the simulator counts a state entry. */
const PERSISTED_RECORD_BYTES = 16;

/**
 * The asynchronous phase: the state task `task` snapshotted for checkpoint N, and the channel
 * state it persisted, go to the backend; the write takes its latency plus bytes over bandwidth.
 */
export function startWrite(d: TickDraft, task: number, checkpoint: number): void {
  const record = d.checkpoint(checkpoint);
  const state = record?.snapshots[task];
  if (!record || record.status !== 'IN_PROGRESS' || !state) return;
  const figures = d.subtaskFigures(record, task);
  const bytes = stateBytesOf(d, task, state) + PERSISTED_RECORD_BYTES * figures.persisted;
  record.stateBytes += bytes;
  figures.bytes = bytes;
  const { writeLatency, bandwidth } = d.scenario.backend;
  const duration = Math.max(1, writeLatency + Math.ceil(bytes / Math.max(1, bandwidth)));
  d.addWrite({ task, checkpoint, startTick: d.tick, doneAt: d.tick + duration });
}

/** Puts an element on a channel. Barriers ignore the capacity: they queue behind the data. */
export function pushElement(d: TickDraft, channel: number, element: StreamElement): void {
  const info = d.topology.channels[channel];
  d.enqueue(channel, { element, sentAt: d.tick, at: d.tick + info.latency });
  d.countSteps(1);
}

/**
 * Sends barrier N on every output channel of a task. An unaligned barrier goes to the head of
 * each output, ahead of the records queued there (behind barriers already queued, which are
 * priority events too), and the records it overtook are persisted as the task's channel state.
 */
export function emitBarrier(
  d: TickDraft,
  task: number,
  checkpoint: number,
  savepoint: boolean,
  unaligned = false,
) {
  if (!unaligned) {
    const barrier: StreamElement = { kind: 'barrier', checkpoint, savepoint };
    for (const output of d.topology.tasks[task].outputs) {
      for (const channel of output.channels) {
        if (channel !== undefined) pushElement(d, channel, barrier);
      }
    }
    return;
  }
  const barrier: StreamElement = { kind: 'barrier', checkpoint, savepoint, unaligned: true };
  const info = d.topology.tasks[task];
  for (const output of info.outputs) {
    for (const channel of output.channels) {
      if (channel === undefined) continue;
      const queue = d.state.channels[channel].queue;
      let position = 0;
      while (position < queue.length && queue[position].element.kind !== 'record') position++;
      const overtaken: number[] = [];
      for (let k = position; k < queue.length; k++) {
        const element = queue[k].element;
        if (element.kind !== 'record') continue;
        persistRecord(d, checkpoint, task, channel, element);
        overtaken.push(element.value);
      }
      const latency = d.topology.channels[channel].latency;
      d.enqueueAt(channel, position, { element: barrier, sentAt: d.tick, at: d.tick + latency });
      d.countSteps(1);
      if (overtaken.length > 0)
        d.emit({
          type: 'BarrierOvertook',
          task: info.id,
          channel: d.topology.channels[channel].id,
          checkpoint,
          records: overtaken,
        });
    }
  }
}

/** Releases every input a task blocked for checkpoint N and forgets the alignment. */
export function endAlignment(d: TickDraft, task: number, checkpoint: number): void {
  const t = d.task(task);
  const info = d.topology.tasks[task];
  for (let i = 0; i < t.inputs.length; i++) {
    const input = t.inputs[i];
    if (input.blockedBy !== checkpoint) continue;
    input.blockedBy = null;
    if (d.wanted.ChannelUnblocked)
      d.emit({
        type: 'ChannelUnblocked',
        task: info.id,
        channel: d.topology.channels[info.inputs[i]].id,
        checkpoint,
      });
  }
  if (t.alignment?.checkpoint === checkpoint) t.alignment = null;
  t.lastBarrier = Math.max(t.lastBarrier, checkpoint);
}

/**
 * A task gives checkpoint N up on a barrier (Flink's abortCheckpointOnBarrier): it declines N to
 * the coordinator and sends a cancellation barrier on every output, so that tasks downstream stop
 * waiting for N's barrier from it.
 */
export function declineOnBarrier(
  d: TickDraft,
  task: number,
  checkpoint: number,
  failure: 'declined-subsumed' | 'cancellation-barrier',
  reason: CheckpointFailureReason,
): void {
  const info = d.topology.tasks[task];
  const t = d.task(task);
  t.lastBarrier = Math.max(t.lastBarrier, checkpoint);
  d.emit({ type: 'CheckpointDeclined', task: info.id, checkpoint, reason });
  const at = d.tick + d.scenario.controlLatency;
  d.send({ type: 'decline', task, checkpoint, reason, failure, sentAt: d.tick, at });
  emitCancellation(d, task, checkpoint);
}

/** Sends the cancellation barrier of checkpoint N on every output channel of a task. */
export function emitCancellation(d: TickDraft, task: number, checkpoint: number): void {
  const cancel: StreamElement = { kind: 'barrier', checkpoint, savepoint: false, cancel: true };
  for (const output of d.topology.tasks[task].outputs) {
    for (const channel of output.channels) {
      if (channel !== undefined) pushElement(d, channel, cancel);
    }
  }
}

function resumeSources(d: TickDraft, checkpoint: number): void {
  const at = d.tick + d.scenario.controlLatency;
  for (const task of d.topology.sources) {
    d.send({ type: 'resume', task, checkpoint, sentAt: d.tick, at });
  }
}

/**
 * Why a checkpoint ends without completing, told apart as Flink's CheckpointFailureManager does:
 * - expired: the coordinator's timeout ran out; counts for a checkpoint, not for a savepoint;
 * - declined: a task's asynchronous part (the backend write) failed; counts, and fails the job
 *   outright for a stop-with-savepoint;
 * - finalize: the JobManager failed to write the checkpoint's metadata; counts;
 * - subsumed: a newer checkpoint completed first; never counts;
 * - declined-subsumed: a task aligning it received a newer checkpoint's barrier
 *   (CHECKPOINT_DECLINED_SUBSUMED); never counts;
 * - cancellation-barrier: a task received the cancellation barrier of an upstream task that gave
 *   it up (CHECKPOINT_DECLINED_ON_CANCELLATION_BARRIER); never counts;
 * - task-failure: a task failed in the synchronous part of its snapshot; never counts, the task
 *   failure itself fails the job over.
 */
export type CheckpointFailure =
  | 'expired'
  | 'declined'
  | 'finalize'
  | 'subsumed'
  | 'declined-subsumed'
  | 'cancellation-barrier'
  | 'task-failure';

/**
 * Checkpoint N ends without completing. The coordinator tells every task (Flink's
 * notifyCheckpointAborted): each one stops aligning N when that message reaches it. Failures that
 * count add to the consecutive failures; past the tolerable number the job fails over and the
 * restart strategy takes over. A failure of a checkpoint older than one that already completed is
 * not counted.
 */
export function failCheckpoint(
  d: TickDraft,
  checkpoint: number,
  reason: CheckpointFailureReason,
  failure: CheckpointFailure,
): void {
  const record = d.checkpoint(checkpoint);
  if (!record || record.status !== 'IN_PROGRESS') return;
  record.status = 'FAILED';
  record.failReason = reason;
  record.endTick = d.tick;
  d.emit({ type: 'CheckpointFailed', checkpoint, kind: record.kind, reason });
  if (record.phase === 'barriers') {
    const at = d.tick + d.scenario.controlLatency;
    d.topology.tasks.forEach((_, task) => {
      d.send({ type: 'abort', task, checkpoint, sentAt: d.tick, at });
    });
  }
  d.setWrites(d.state.writes.filter((w) => w.checkpoint !== checkpoint));
  // Sources stopped behind a stop-with-savepoint barrier go on reading: the job keeps running.
  if (record.phase !== 'barriers' || record.stop) resumeSources(d, checkpoint);
  if (record.stop && failure === 'declined') {
    failJob(d, {
      reason: { code: 'stop-with-savepoint-failed', savepoint: checkpoint, cause: reason },
    });
    return;
  }
  const counts =
    failure === 'declined' ||
    failure === 'finalize' ||
    (failure === 'expired' && record.kind === 'checkpoint');
  const superseded = d.state.checkpoints.some((c) => c.status === 'COMPLETED' && c.id > checkpoint);
  if (!counts || superseded) return;
  const failures = d.state.coordinator.consecutiveFailures + 1;
  const tolerable = d.scenario.checkpoint.tolerableFailures;
  if (failures <= tolerable) {
    d.setCoordinator({ consecutiveFailures: failures });
    return;
  }
  // Flink clears the count as it fails the job; a restart alone does not clear it.
  d.setCoordinator({ consecutiveFailures: 0 });
  failJob(d, {
    reason: { code: 'tolerable-failures-exceeded', failures, tolerable },
  });
}

/**
 * Every task acknowledged checkpoint N: it completes, and the minimum pause and the failure
 * count start again from here. A checkpoint, or a stop-with-savepoint, also subsumes older
 * pending checkpoints and tells two-phase-commit sinks to commit; since Flink 1.15 an
 * intermediate savepoint does neither.
 */
export function completeCheckpoint(d: TickDraft, checkpoint: number): void {
  const record = d.checkpoint(checkpoint);
  if (!record || record.status !== 'IN_PROGRESS') return;
  record.status = 'COMPLETED';
  record.completeTick = d.tick;
  record.endTick = d.tick;
  d.emit({ type: 'CheckpointCompleted', checkpoint, kind: record.kind });
  d.setCoordinator({ lastCompleteTick: d.tick, consecutiveFailures: 0 });
  if (record.phase !== 'barriers') resumeSources(d, checkpoint);
  if (record.kind === 'savepoint' && !record.stop) return;
  for (const older of d.pendingCheckpoints()) {
    if (older.id < checkpoint && older.kind === 'checkpoint') {
      failCheckpoint(d, older.id, { code: 'checkpoint-subsumed', by: checkpoint }, 'subsumed');
    }
  }
  const at = d.tick + d.scenario.controlLatency;
  d.topology.tasks.forEach((info, task) => {
    if (info.operator.kind === 'sink' && info.operator.transactional) {
      const lost = firesFor(d, 'lose-commit-notification', checkpoint, info.id);
      if (lost >= 0) {
        if (forOneTask(d.scenario.actions[lost])) d.markFired(lost);
        d.emit({ type: 'CommitNotificationLost', task: info.id, checkpoint });
        return;
      }
      const late = firesFor(d, 'delay-commit-notification', checkpoint, info.id);
      const action = late >= 0 ? d.scenario.actions[late] : null;
      const delay = action?.type === 'delay-commit-notification' ? d.ticks(action.delayMs) : 0;
      if (late >= 0 && forOneTask(action!)) d.markFired(late);
      d.send({ type: 'notify-complete', task, checkpoint, sentAt: d.tick, at: at + delay });
    }
  });
  // An action for every sink task fires once all of them were told (or not).
  d.scenario.actions.forEach((a, k) => {
    if (
      !d.state.fired[k] &&
      (a.type === 'lose-commit-notification' || a.type === 'delay-commit-notification') &&
      a.checkpoint === checkpoint &&
      a.task === undefined
    ) {
      d.markFired(k);
    }
  });
}

/** An action that names one task (fired when it applied), not every sink task. */
function forOneTask(action: ScenarioAction): boolean {
  return 'task' in action && action.task !== undefined;
}
