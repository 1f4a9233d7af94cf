import type { TickDraft } from '../draft';
import {
  keyOf,
  sourceInput,
  subtaskForKey,
  subtaskForValue,
  ticksPerSecond,
  type TaskInfo,
} from '../topology';
import type {
  Alignment,
  Barrier,
  CheckpointFailureReason,
  DataRecord,
  FilterSpec,
  MapSpec,
  Parity,
  Scenario,
  SinkSpec,
  StreamElement,
  SumSpec,
  TaskState,
} from '../types';
import {
  alignedTimeoutTicks,
  declineOnBarrier,
  emitBarrier,
  endAlignment,
  noteProcessed,
  noteSubtask,
  noteUnaligned,
  persistRecord,
  pushElement,
  startWrite,
  takeSnapshot,
  unalignedAt,
} from './checkpointing';
import { failJob } from './failover';
import { openTransaction } from './transactions';

/** Records an operator or sink processes per tick when its spec sets no rate: fast enough that no lesson waits on it. */
export const DEFAULT_OPERATOR_RATE = 100;

function matches(parity: Parity, value: number): boolean {
  if (parity === 'all') return true;
  const even = Math.abs(value) % 2 === 0;
  return parity === 'even' ? even : !even;
}

/**
 * Whether every output channel has a free credit. Only records take credits: barriers ignore the
 * capacity, so counting them would let a stream of barriers in a small channel starve its sender.
 * Every channel has a capacity unless its edge says otherwise, so this is asked for every record
 * on every output: when all are below capacity it notes by how much (the draft's `room`), and the
 * next records pass without looking until the task has sent that many elements.
 */
function hasRoom(d: TickDraft, info: TaskInfo): boolean {
  if (d.room[info.index] > 0) return true;
  let least = Infinity;
  for (const channel of info.limited) {
    const capacity = d.topology.channels[channel].capacity!;
    const queue = d.state.channels[channel].queue;
    // Fewer elements than credits: room, whatever they are.
    if (queue.length < capacity) {
      if (capacity - queue.length < least) least = capacity - queue.length;
      continue;
    }
    least = 0;
    let records = 0;
    for (const q of queue) if (q.element.kind === 'record') records++;
    if (records >= capacity) return false;
  }
  d.room[info.index] = least;
  return true;
}

/** Sends a record downstream on every output edge, choosing channels by the edge's partitioning. */
function emitRecord(d: TickDraft, info: TaskInfo, t: TaskState, record: DataRecord): void {
  for (let k = 0; k < info.outputs.length; k++) {
    const output = info.outputs[k];
    const channels = output.channels;
    const n = channels.length;
    switch (output.edge.partitioning) {
      case 'forward':
        pushElement(d, channels[info.subtask], record);
        break;
      case 'broadcast':
        for (const c of channels) pushElement(d, c, record);
        break;
      case 'rebalance':
        pushElement(d, channels[t.rebalance[k] % n], record);
        t.rebalance[k] = (t.rebalance[k] + 1) % n;
        break;
      case 'hash': {
        const keyBy = output.edge.keyBy ?? 'value';
        const subtask =
          keyBy === 'value'
            ? subtaskForValue(record.value, n)
            : subtaskForKey(keyOf(keyBy, record.value), n);
        pushElement(d, channels[subtask], record);
        break;
      }
    }
  }
}

function runSource(d: TickDraft, info: TaskInfo): void {
  const prev = d.state.tasks[info.index];
  if (prev.paused || prev.state.kind !== 'source' || d.tick < prev.nextReadTick) return;
  const input = sourceInput(info);
  if (prev.state.offset >= input.length) return;
  const t = d.task(info.index);
  let offset = prev.state.offset;
  const rate = Math.max(1, info.rate ?? 1);
  let read = 0;
  let backpressured = false;
  for (; read < rate && offset < input.length; read++) {
    if (!hasRoom(d, info)) {
      backpressured = true;
      break;
    }
    const value = input[offset];
    const replay = offset < t.highWater;
    const record: DataRecord = {
      kind: 'record',
      id: d.nextRecordId(),
      value,
      origin: { task: info.id, index: offset, value },
      from: info.id,
      replay,
    };
    emitRecord(d, info, t, record);
    offset += 1;
    t.highWater = Math.max(t.highWater, offset);
    if (d.wanted.RecordEmitted)
      d.emit({ type: 'RecordEmitted', task: info.id, record: value, offset, replay });
  }
  t.state = { kind: 'source', offset };
  if (read > 0 || backpressured) noteLoad(d, t, read / rate, backpressured ? 1 - read / rate : 0);
  const period = info.operator.kind === 'source' ? (info.operator.period ?? 1) : 1;
  t.nextReadTick = d.tick + Math.max(1, period);
}

const tasksFailingBefore = new WeakMap<Scenario, boolean[]>();

/**
 * By task index: whether some "fail just before record v" action names the task. The others skip
 * the search for one, which would otherwise run for every record.
 */
function failingBefore(d: TickDraft): boolean[] {
  let tasks = tasksFailingBefore.get(d.scenario);
  if (!tasks) {
    const named = new Set<string>();
    for (const a of d.scenario.actions) {
      if (a.type === 'fail-task' && 'beforeValue' in a.when) named.add(a.task);
    }
    tasks = d.topology.tasks.map((info) => named.has(info.id));
    tasksFailingBefore.set(d.scenario, tasks);
  }
  return tasks;
}

/** The scenario's "fail just before processing record v" action for this task, if it is due. */
function failureBefore(d: TickDraft, info: TaskInfo, record: DataRecord): number {
  return d.scenario.actions.findIndex(
    (a, k) =>
      !d.state.fired[k] &&
      a.type === 'fail-task' &&
      a.task === info.id &&
      'beforeValue' in a.when &&
      a.when.beforeValue === record.value &&
      (a.when.fromTask === undefined || a.when.fromTask === record.origin.task) &&
      (a.when.afterTick === undefined || d.tick > a.when.afterTick),
  );
}

function processRecord(d: TickDraft, info: TaskInfo, t: TaskState, record: DataRecord): void {
  let applied = false;
  let out: number | null = null;
  // By the task's kind, not the spec's: the specs of the kinds have a shape each.
  switch (info.kind) {
    case 'filter':
      if (matches((info.operator as FilterSpec).predicate, record.value)) out = record.value;
      break;
    case 'map': {
      const op = info.operator as MapSpec;
      out = record.value * (op.multiply ?? 1) + (op.add ?? 0);
      break;
    }
    case 'sum': {
      const op = info.operator as SumSpec;
      if (!matches(op.accept, record.value) || t.state.kind !== 'sum') break;
      applied = true;
      const sum = t.state.sum + record.value;
      let byKey = t.state.byKey;
      out = sum;
      if (byKey && op.keyBy) {
        const key = keyOf(op.keyBy, record.value);
        byKey = { ...byKey, [key]: (byKey[key] ?? 0) + record.value };
        out = byKey[key];
      }
      t.state = { kind: 'sum', sum, byKey };
      break;
    }
    case 'sink': {
      const op = info.operator as SinkSpec;
      applied = true;
      const received = {
        value: record.value,
        from: record.from,
        origin: record.origin,
        replay: record.replay,
      };
      let txn: number | null = null;
      if (t.state.kind === 'sink' && op.transactional) {
        txn = openTransaction(d, info, t);
        t.state = { ...t.state, open: t.state.open.concat([received]) };
      } else {
        d.appendToOutput(t, received);
        if (d.wanted.RecordOutput)
          d.emit({
            type: 'RecordOutput',
            task: info.id,
            record: record.value,
            origin: record.origin,
            replay: record.replay,
          });
      }
      if (op.topic !== undefined) d.appendTopic(t, { ...received, txn, tick: d.tick });
      break;
    }
    case 'source':
      break;
  }
  if (applied ? d.wanted.RecordProcessed : d.wanted.UnappliedRecordProcessed)
    d.emit({
      type: 'RecordProcessed',
      task: info.id,
      record: record.value,
      origin: record.origin,
      applied,
      replay: record.replay,
    });
  if (out !== null) {
    emitRecord(d, info, t, {
      kind: 'record',
      id: d.nextRecordId(),
      value: out,
      origin: record.origin,
      from: info.id,
      replay: record.replay,
    });
  }
}

function allArrived(arrived: readonly boolean[]): boolean {
  for (let i = 0; i < arrived.length; i++) if (!arrived[i]) return false;
  return true;
}

/**
 * The last barrier of an alignment arrived: its span goes into the checkpoint's record, with the
 * records the task processed meanwhile.
 */
function noteAlignment(d: TickDraft, info: TaskInfo, alignment: Alignment): void {
  const record = d.checkpoint(alignment.checkpoint);
  if (record && record.status === 'IN_PROGRESS') {
    record.alignment[info.index] = { start: alignment.startTick, end: d.tick };
    noteProcessed(d, info.index, alignment.checkpoint, alignment.processed);
  }
}

/** A task's first barrier (or announcement) of checkpoint N: it starts counting for N. */
function startAlignment(d: TickDraft, info: TaskInfo, checkpoint: number): Alignment {
  noteSubtask(d, info.index, checkpoint);
  return { checkpoint, startTick: d.tick, arrived: info.inputs.map(() => false), processed: 0 };
}

/**
 * Unaligned: the task snapshots at once, without waiting for the other barriers, and puts
 * barrier N at the head of its outputs. From here on it persists what it reads from inputs whose
 * barrier is still to come. Returns whether the job still runs.
 */
function snapshotUnaligned(d: TickDraft, info: TaskInfo, checkpoint: number): boolean {
  if (!takeSnapshot(d, info.index, checkpoint, true)) return false;
  emitBarrier(d, info.index, checkpoint, false, true);
  if (info.outputs.length > 0 && d.wanted.BarrierForwarded)
    d.emit({ type: 'BarrierForwarded', task: info.id, checkpoint });
  return true;
}

/** The last barrier of an unaligned checkpoint arrived: its channel state is complete, the write starts. */
function finishUnaligned(d: TickDraft, info: TaskInfo, t: TaskState): void {
  const alignment = t.alignment!;
  noteAlignment(d, info, alignment);
  endAlignment(d, info.index, alignment.checkpoint);
  startWrite(d, info.index, alignment.checkpoint);
}

/** The position of barrier N in a channel, if it reached the receiver by now; -1 otherwise. */
function arrivedBarrier(d: TickDraft, channel: number, checkpoint: number): number {
  const queue = d.state.channels[channel].queue;
  for (let k = 0; k < queue.length; k++) {
    const q = queue[k];
    if (q.at > d.tick) return -1;
    const e = q.element;
    if (e.kind === 'barrier' && !e.cancel && e.checkpoint === checkpoint) return k;
  }
  return -1;
}

/**
 * The aligned-checkpoint timeout ran out while task `info` aligns checkpoint N, or knows of it
 * from a barrier queued on an input (Flink's barrier announcement): as Flink's alternating
 * barrier handler does, it goes on unaligned. Barriers of N already queued on its inputs
 * overtake the records in front of them, which it persists; blocked inputs are released; it
 * snapshots now and sends N ahead of its outputs' records.
 */
function switchToUnaligned(d: TickDraft, info: TaskInfo, checkpoint: number): void {
  const t = d.task(info.index);
  if (!t.alignment) t.alignment = startAlignment(d, info, checkpoint);
  const alignment = t.alignment;
  alignment.unaligned = true;
  const record = d.checkpoint(checkpoint)!;
  record.type = 'aligned-timed-out';
  noteUnaligned(d, info.index, checkpoint);
  d.emit({
    type: 'AlignmentTimedOut',
    task: info.id,
    checkpoint,
    timeoutMs: d.scenario.checkpoint.alignedCheckpointTimeoutMs ?? 0,
  });
  for (let k = 0; k < info.inputs.length; k++) {
    const channel = info.inputs[k];
    const id = d.topology.channels[channel].id;
    if (alignment.arrived[k]) {
      if (t.inputs[k].blockedBy === checkpoint) {
        t.inputs[k].blockedBy = null;
        if (d.wanted.ChannelUnblocked)
          d.emit({ type: 'ChannelUnblocked', task: info.id, channel: id, checkpoint });
      }
      continue;
    }
    const position = arrivedBarrier(d, channel, checkpoint);
    if (position < 0) continue;
    const queue = d.channel(channel).queue;
    const overtaken: number[] = [];
    for (let p = 0; p < position; p++) {
      const element = queue[p].element;
      if (element.kind !== 'record') continue;
      persistRecord(d, checkpoint, info.index, channel, element);
      overtaken.push(element.value);
    }
    queue.splice(position, 1);
    d.countSteps(1);
    alignment.arrived[k] = true;
    if (d.wanted.BarrierReceived)
      d.emit({ type: 'BarrierReceived', task: info.id, channel: id, checkpoint });
    if (overtaken.length > 0)
      d.emit({
        type: 'BarrierOvertook',
        task: info.id,
        channel: id,
        checkpoint,
        records: overtaken,
      });
  }
  if (!snapshotUnaligned(d, info, checkpoint)) return;
  if (allArrived(alignment.arrived)) finishUnaligned(d, info, t);
}

/** The checkpoints whose aligned-checkpoint timeout ran out by this tick while they are still aligned somewhere. */
function timedOutCheckpoints(d: TickDraft): number[] {
  const timeout = alignedTimeoutTicks(d.scenario);
  if (timeout === null) return [];
  const due: number[] = [];
  for (const c of d.pendingCheckpoints()) {
    if (c.kind === 'checkpoint' && c.phase === 'barriers' && d.tick >= c.triggerTick + timeout)
      due.push(c.id);
  }
  return due;
}

/**
 * Switches task `info` to unaligned for every timed-out checkpoint it aligns, or has been
 * announced by a barrier queued behind records on an input (one at the head of its channel is
 * simply read next).
 */
function switchIfTimedOut(d: TickDraft, info: TaskInfo, due: readonly number[]): void {
  for (const checkpoint of due) {
    const t = d.state.tasks[info.index];
    if (checkpoint <= t.lastBarrier || t.alignment?.unaligned) continue;
    if (t.alignment && t.alignment.checkpoint !== checkpoint) continue;
    const announced =
      t.alignment !== null || info.inputs.some((c) => arrivedBarrier(d, c, checkpoint) > 0);
    if (announced) switchToUnaligned(d, info, checkpoint);
  }
}

/** The last barrier of checkpoint N arrived: snapshot, then forward N on every output. */
function snapshotAndForward(d: TickDraft, info: TaskInfo, barrier: Barrier): void {
  noteSubtask(d, info.index, barrier.checkpoint);
  if (!takeSnapshot(d, info.index, barrier.checkpoint)) return;
  emitBarrier(d, info.index, barrier.checkpoint, barrier.savepoint);
  if (info.outputs.length > 0 && d.wanted.BarrierForwarded)
    d.emit({ type: 'BarrierForwarded', task: info.id, checkpoint: barrier.checkpoint });
}

function supersededReason(info: TaskInfo, newer: number): CheckpointFailureReason {
  return { code: 'alignment-superseded', task: info.id, by: newer };
}

/**
 * Exactly-once, as Flink's SingleCheckpointBarrierHandler aligns: the input blocks until barrier
 * N arrived on all inputs. A newer barrier while aligning N means N cannot complete here: the
 * task declines N as subsumed (not a failure that counts) and sends a cancellation barrier
 * downstream, then aligns the newer one. An unaligned checkpoint blocks nothing: the first
 * barrier snapshots, the last one completes the channel state. A first barrier that comes after
 * the aligned-checkpoint timeout ran out switches to unaligned at once.
 */
function alignBarrier(
  d: TickDraft,
  info: TaskInfo,
  t: TaskState,
  input: number,
  barrier: Barrier,
): void {
  const { checkpoint } = barrier;
  if (checkpoint <= t.lastBarrier) return;
  if (t.alignment && checkpoint < t.alignment.checkpoint) return;
  if (t.alignment && checkpoint > t.alignment.checkpoint) {
    const older = t.alignment.checkpoint;
    endAlignment(d, info.index, older);
    declineOnBarrier(d, info.index, older, 'declined-subsumed', supersededReason(info, checkpoint));
  }
  if (!t.alignment) {
    t.alignment = startAlignment(d, info, checkpoint);
    if (unalignedAt(d, info.index, checkpoint)) {
      t.alignment.unaligned = true;
      noteUnaligned(d, info.index, checkpoint);
      if (!snapshotUnaligned(d, info, checkpoint)) return;
    }
  }
  t.alignment.arrived[input] = true;
  if (t.alignment.unaligned) {
    if (allArrived(t.alignment.arrived)) finishUnaligned(d, info, t);
    return;
  }
  const timeout = barrier.savepoint ? null : alignedTimeoutTicks(d.scenario);
  const record = timeout === null ? undefined : d.findCheckpoint(checkpoint);
  if (record && d.tick >= record.triggerTick + timeout! && !allArrived(t.alignment.arrived)) {
    switchToUnaligned(d, info, checkpoint);
    return;
  }
  if (allArrived(t.alignment.arrived)) {
    noteAlignment(d, info, t.alignment);
    endAlignment(d, info.index, checkpoint);
    snapshotAndForward(d, info, barrier);
  } else {
    t.inputs[input].blockedBy = checkpoint;
    if (d.wanted.ChannelBlocked) {
      const channel = d.topology.channels[info.inputs[input]].id;
      d.emit({ type: 'ChannelBlocked', task: info.id, channel, checkpoint });
    }
  }
}

/**
 * At-least-once, as Flink's CheckpointBarrierTracker counts: nothing blocks, for savepoints too
 * ("savepoints are always aligned" means they are never unaligned). Barriers are counted per
 * pending checkpoint, so checkpoint N completes when its last barrier arrives even if N+1's
 * arrived on another input first; when N completes, older ones still counted are dropped.
 */
function trackBarrier(d: TickDraft, info: TaskInfo, t: TaskState, input: number, barrier: Barrier) {
  const { checkpoint } = barrier;
  if (checkpoint <= t.lastBarrier) return;
  let entry =
    t.alignment?.checkpoint === checkpoint
      ? t.alignment
      : t.tracked.find((a) => a.checkpoint === checkpoint);
  if (!entry) {
    // A first barrier older than the newest counted one: that checkpoint cannot complete here.
    const newest = t.tracked.length > 0 ? t.tracked[t.tracked.length - 1] : t.alignment;
    if (newest && checkpoint < newest.checkpoint) return;
    entry = startAlignment(d, info, checkpoint);
    if (t.alignment) t.tracked.push(entry);
    else t.alignment = entry;
  }
  entry.arrived[input] = true;
  if (!allArrived(entry.arrived)) return;
  const aborted = entry.aborted === true;
  if (!aborted) noteAlignment(d, info, entry);
  dropTrackedUpTo(t, checkpoint);
  // An aborted one already sent its cancellation barrier downstream.
  if (!aborted) snapshotAndForward(d, info, barrier);
}

/** Forgets the counted checkpoints up to N, and barriers of them still to come. */
function dropTrackedUpTo(t: TaskState, checkpoint: number): void {
  const rest = t.tracked.filter((a) => a.checkpoint > checkpoint);
  if (t.alignment && t.alignment.checkpoint > checkpoint) rest.unshift(t.alignment);
  t.alignment = rest.length > 0 ? rest[0] : null;
  t.tracked = rest.slice(1);
  t.lastBarrier = Math.max(t.lastBarrier, checkpoint);
}

/**
 * A cancellation barrier of checkpoint N: an upstream task gave N up. A task that is aligning or
 * counting N, or has not seen it yet, gives it up too: it declines N and passes the cancellation
 * on. One aligning an older checkpoint declines that one as subsumed.
 */
function processCancellation(d: TickDraft, info: TaskInfo, t: TaskState, checkpoint: number) {
  const aligning = t.alignment?.checkpoint ?? 0;
  const newest = t.tracked.length > 0 ? t.tracked[t.tracked.length - 1].checkpoint : aligning;
  const known = aligning === checkpoint || t.tracked.some((a) => a.checkpoint === checkpoint);
  if (checkpoint <= t.lastBarrier || (!known && checkpoint < newest)) return;
  if (d.scenario.checkpoint.mode === 'at-least-once') {
    const entry = [t.alignment, ...t.tracked].find((a) => a?.checkpoint === checkpoint);
    dropTrackedUpTo(t, checkpoint);
    // Given up already on the coordinator's notice, which sent the cancellation on: Flink's
    // tracker passes a checkpoint's cancellation downstream once.
    if (entry?.aborted === true) return;
  } else if (t.alignment) {
    const older = t.alignment.checkpoint;
    endAlignment(d, info.index, older);
    if (older < checkpoint) {
      declineOnBarrier(
        d,
        info.index,
        older,
        'declined-subsumed',
        supersededReason(info, checkpoint),
      );
    }
  }
  declineOnBarrier(d, info.index, checkpoint, 'cancellation-barrier', {
    code: 'cancellation-barrier',
    task: info.id,
  });
}

/** A barrier, or a cancellation barrier, arrives on input `input`. */
function processBarrier(d: TickDraft, info: TaskInfo, input: number, barrier: Barrier): void {
  const t = d.task(info.index);
  const { checkpoint } = barrier;
  if (d.wanted.BarrierReceived)
    d.emit({
      type: 'BarrierReceived',
      task: info.id,
      channel: d.topology.channels[info.inputs[input]].id,
      checkpoint,
      ...(barrier.cancel ? { cancel: true as const } : {}),
    });
  if (barrier.cancel) processCancellation(d, info, t, checkpoint);
  else if (d.scenario.checkpoint.mode === 'at-least-once') trackBarrier(d, info, t, input, barrier);
  else alignBarrier(d, info, t, input, barrier);
}

/** Whether no input of a task is blocked. */
function plainInputs(t: TaskState): boolean {
  for (const input of t.inputs) if (input.blockedBy !== null) return false;
  return true;
}

/**
 * Notes a tick's share of busy and backpressured time in the task's load, in place of the tick a
 * second before it. Ticks with neither are idle and never written.
 */
function noteLoad(d: TickDraft, t: TaskState, busy: number, backpressured: number): void {
  const load = t.load;
  load.busy += busy;
  load.backpressured += backpressured;
  // A ring (see TaskLoad.recent): a busy task notes a tick in every tick, and a list kept oldest
  // first moved all its entries down to forget one each time, a tenth of a run of the large
  // scenario.
  const window = ticksPerSecond(d.scenario);
  let recent = load.recent;
  if (recent.length !== 3 * window) load.recent = recent = ringOf(recent, d.tick, window);
  const at = (d.tick % window) * 3;
  recent[at] = d.tick;
  recent[at + 1] = busy;
  recent[at + 2] = backpressured;
}

/** The ring of a second's figures, from a task's first note or from a list of them. */
function ringOf(entries: readonly number[], tick: number, window: number): number[] {
  const ring = new Array<number>(3 * window).fill(0);
  for (let i = 0; i < entries.length; i += 3) {
    if (entries[i] <= tick - window) continue;
    const at = (entries[i] % window) * 3;
    ring[at] = entries[i];
    ring[at + 1] = entries[i + 1];
    ring[at + 2] = entries[i + 2];
  }
  return ring;
}

function runOperator(d: TickDraft, info: TaskInfo, mayFail: boolean): void {
  const inputs = info.inputs;
  const n = inputs.length;
  const tick = d.tick;
  const index = info.index;
  const heads = d.heads;
  const rate = Math.max(1, info.rate ?? DEFAULT_OPERATOR_RATE);
  let budget = rate;
  // Whether the last record found an output channel without a free credit.
  let backpressured = false;
  // Whether the last look found nothing to take, and then the earliest tick something arrives on
  // an input that is not blocked.
  let waiting = false;
  let next = Infinity;
  while (d.state.job.status === 'RUNNING') {
    const state = d.state;
    const prev = state.tasks[index];
    const queues = state.channels;
    let input = -1;
    let element: StreamElement | undefined;
    // nextInput is below n but for a state made elsewhere: a compare, not a division, per look.
    const first = prev.nextInput < n ? prev.nextInput : prev.nextInput % n;
    if (d.plain[index] === 0 && plainInputs(prev)) d.plain[index] = 1;
    // No input blocked (plain), or some: a blocked input is not read, what arrived on it stays in
    // its channel. The next element, taking inputs in turn from the one after the last taken;
    // only the channels whose head arrived by now are read, by the table of heads (in the large
    // scenario a sixth of the looks find an input blocked).
    const plain = d.plain[index] === 1;
    for (let k = 0, candidate = first; k < n; k++, candidate++) {
      if (candidate === n) candidate = 0;
      if (!plain && prev.inputs[candidate].blockedBy !== null) continue;
      const channel = inputs[candidate];
      const known = heads[channel];
      if (known > tick) {
        if (known < next) next = known;
        continue;
      }
      const head = queues[channel].queue[0];
      if (head === undefined) {
        heads[channel] = Infinity;
        continue;
      }
      heads[channel] = head.at;
      if (head.at <= tick) {
        element = head.element;
        input = candidate;
        break;
      }
      if (head.at < next) next = head.at;
    }
    if (!element) {
      waiting = true;
      break;
    }
    next = Infinity;
    if (element.kind === 'record') {
      if (budget === 0) break;
      if (info.limited.length > 0 && !hasRoom(d, info)) {
        backpressured = true;
        break;
      }
      const failure = mayFail ? failureBefore(d, info, element) : -1;
      if (failure >= 0) {
        d.markFired(failure);
        failJob(d, {
          task: info.index,
          record: element.value,
          origin: element.origin,
          reason: { code: 'task-failed-before-record', task: info.id, record: element.value },
        });
        return;
      }
      budget -= 1;
    }
    const t = d.taking(index);
    d.take(inputs[input]);
    d.countSteps(1);
    t.nextInput = input + 1 === n ? 0 : input + 1;
    const alignment = t.alignment;
    if (alignment !== null && element.kind === 'record') {
      alignment.processed += 1;
      // Read before its input's barrier by an unaligned task: part of the checkpoint's channel state.
      if (alignment.unaligned && !alignment.arrived[input])
        persistRecord(d, alignment.checkpoint, index, inputs[input], element);
    }
    if (element.kind === 'record') processRecord(d, info, t, element);
    else processBarrier(d, info, input, element);
  }
  if (d.state.job.status !== 'RUNNING') return;
  const processed = rate - budget;
  if (processed > 0 || backpressured) {
    noteLoad(d, d.taking(index), processed / rate, backpressured ? 1 - processed / rate : 0);
  }
  // Nothing to take: until `next`, looking again would find nothing and change nothing.
  d.setIdleUntil(info.index, waiting ? next : 0);
}

/** The task phase: sources read, operators and sinks process what arrived. */
export function runTasks(d: TickDraft): void {
  const failing = failingBefore(d);
  const due = timedOutCheckpoints(d);
  for (const info of d.topology.tasks) {
    if (d.state.job.status !== 'RUNNING') return;
    // An idle operator is passed by without reading its task, unless a timeout may switch it.
    if (info.kind !== 'source' && due.length === 0 && d.idle(info.index)) continue;
    if (d.state.tasks[info.index].status !== 'RUNNING') continue;
    if (info.kind === 'source') {
      runSource(d, info);
      continue;
    }
    if (due.length > 0) switchIfTimedOut(d, info, due);
    if (d.state.job.status === 'RUNNING' && !d.idle(info.index))
      runOperator(d, info, failing[info.index]);
  }
}
