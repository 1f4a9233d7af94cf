import type { SimEvent, SimEventType } from './events';
import { nextRandom } from './prng';
import type {
  BackendWrite,
  BudgetExceeded,
  ChannelState,
  CheckpointRecord,
  ControlMessage,
  CoordinatorState,
  InFlight,
  InputState,
  JobState,
  Scenario,
  SimState,
  SinkRecord,
  SubtaskCheckpoint,
  TaskState,
  TopicRecord,
} from './types';
import { emptyQueue } from './init';
import { countDefined, topologyOf, type Topology } from './topology';

function copyTask(t: TaskState): TaskState {
  // Nearly every task is written in nearly every tick, so this runs about once per task per
  // tick: a literal of known shape instead of a spread, and plain loops. `Required` makes a field
  // added to TaskState a compile error here until it is copied too.
  const inputs = new Array<InputState>(t.inputs.length);
  for (let i = 0; i < inputs.length; i++) inputs[i] = { blockedBy: t.inputs[i].blockedBy };
  const { since, busy, backpressured, recent } = t.load;
  const copy: Required<TaskState> = {
    status: t.status,
    state: t.state,
    inputs,
    alignment: t.alignment && { ...t.alignment, arrived: t.alignment.arrived.slice() },
    tracked:
      t.tracked.length === 0 ? [] : t.tracked.map((a) => ({ ...a, arrived: a.arrived.slice() })),
    lastBarrier: t.lastBarrier,
    nextInput: t.nextInput,
    rebalance: t.rebalance.slice(),
    nextReadTick: t.nextReadTick,
    paused: t.paused,
    highWater: t.highWater,
    output: t.output,
    committed: t.committed,
    load: { since, busy, backpressured, recent: recent.length === 0 ? [] : recent.slice() },
    transactions: t.transactions,
    pendingTxns: t.pendingTxns,
    openTxn: t.openTxn,
    topic: t.topic,
  };
  return copy;
}

/**
 * The state a tick writes, at `tick`: a shallow copy of `prev`. Always this literal, so every
 * draft has the same shape and reading its fields stays a fixed-offset load; a spread copies the
 * shape of whatever state came in, and the states of a long run come in many shapes. `Required`
 * makes a field added to SimState a compile error here until it is copied too.
 */
function draftOf(prev: SimState, tick: number): SimState {
  const draft: Required<SimState> = {
    scenario: prev.scenario,
    tick,
    rng: prev.rng,
    job: prev.job,
    tasks: prev.tasks,
    channels: prev.channels,
    coordinator: prev.coordinator,
    checkpoints: prev.checkpoints,
    messages: prev.messages,
    writes: prev.writes,
    fired: prev.fired,
    nextRecordId: prev.nextRecordId,
    elementSteps: prev.elementSteps,
    restoredFrom: prev.restoredFrom,
    halted: prev.halted,
  };
  return draft;
}

function copyCheckpoint(c: CheckpointRecord): CheckpointRecord {
  return {
    ...c,
    snapshots: c.snapshots.slice(),
    stored: c.stored.slice(),
    acks: c.acks.slice(),
    alignment: c.alignment.slice(),
    subtasks: c.subtasks.slice(),
    channelState: c.channelState.slice(),
  };
}

function indexOfCheckpoint(list: readonly CheckpointRecord[], id: number): number {
  // Checkpoints are appended in id order and the ones still written are the recent ones:
  // searching from the end finds them at once in a run with hundreds of checkpoints.
  let at = list.length - 1;
  while (at >= 0 && list[at].id !== id) at--;
  return at;
}

/**
 * Where the search for open checkpoints may start in a list: before that index every checkpoint
 * had ended. A checkpoint never opens again and new ones are appended, so an index found for a
 * list stays right for it when the list is written in place, and for the copies made of it.
 */
/**
 * Whether the tick makes each type of event that comes once per element (record, barrier,
 * snapshot, ack): asked before building one, where not building it is the saving. Flags of one
 * shape, read by name, cost less than a set lookup per element.
 */
export interface ElementEvents {
  RecordEmitted: boolean;
  RecordProcessed: boolean;
  /** RecordProcessed of a record no state or sink took in (StepOptions.appliedRecordsOnly). */
  UnappliedRecordProcessed: boolean;
  RecordOutput: boolean;
  BarrierInjected: boolean;
  BarrierReceived: boolean;
  BarrierForwarded: boolean;
  ChannelBlocked: boolean;
  ChannelUnblocked: boolean;
  TriggerReceived: boolean;
  SnapshotTaken: boolean;
  SnapshotStored: boolean;
  CheckpointAcknowledged: boolean;
}

function elementEventsOf(
  only: ReadonlySet<SimEventType> | null,
  appliedOnly: boolean,
): ElementEvents {
  const wants = (type: SimEventType) => only === null || only.has(type);
  return {
    RecordEmitted: wants('RecordEmitted'),
    RecordProcessed: wants('RecordProcessed'),
    UnappliedRecordProcessed: wants('RecordProcessed') && !appliedOnly,
    RecordOutput: wants('RecordOutput'),
    BarrierInjected: wants('BarrierInjected'),
    BarrierReceived: wants('BarrierReceived'),
    BarrierForwarded: wants('BarrierForwarded'),
    ChannelBlocked: wants('ChannelBlocked'),
    ChannelUnblocked: wants('ChannelUnblocked'),
    TriggerReceived: wants('TriggerReceived'),
    SnapshotTaken: wants('SnapshotTaken'),
    SnapshotStored: wants('SnapshotStored'),
    CheckpointAcknowledged: wants('CheckpointAcknowledged'),
  };
}

const ALL_ELEMENT_EVENTS = elementEventsOf(null, false);
const APPLIED_ELEMENT_EVENTS = elementEventsOf(null, true);
/** By the types asked for, the flags without and with appliedRecordsOnly. */
const elementEvents = new WeakMap<ReadonlySet<SimEventType>, ElementEvents[]>();

function elementEventsFor(
  only: ReadonlySet<SimEventType> | null,
  appliedOnly: boolean,
): ElementEvents {
  if (only === null) return appliedOnly ? APPLIED_ELEMENT_EVENTS : ALL_ELEMENT_EVENTS;
  let both = elementEvents.get(only);
  if (!both) elementEvents.set(only, (both = []));
  const k = appliedOnly ? 1 : 0;
  return (both[k] ??= elementEventsOf(only, appliedOnly));
}

const endedBefore = new WeakMap<readonly CheckpointRecord[], number>();

function firstOpenCheckpoint(list: readonly CheckpointRecord[]): number {
  let at = endedBefore.get(list) ?? 0;
  while (at < list.length && list[at].status !== 'IN_PROGRESS') at++;
  endedBefore.set(list, at);
  return at;
}

/**
 * The parts of a state that a run of steps copied itself, and may therefore write in place: the
 * objects and arrays, by identity. A state published before the working set was made shares
 * none of them, so writing them cannot change it. A fresh working set per tick is copy-on-write
 * per tick; one working set kept over many ticks copies each part once and then writes it in
 * place, which is what makes recording a long run cheap.
 */
export class WorkingSet {
  readonly tasks: (TaskState | undefined)[] = [];
  readonly channels: (ChannelState | undefined)[] = [];
  readonly checkpoints = new Set<CheckpointRecord>();
  /** The one of `checkpoints` asked for last: a tick asks for the same checkpoint many times. */
  lastCheckpoint: CheckpointRecord | null = null;
  /**
   * The acks of the checkpoint acked last, and how many tasks acked it: the acks of one
   * checkpoint come in a row, and counting the set entries for every ack adds up.
   */
  acked: CheckpointRecord['acks'] | null = null;
  ackedCount = 0;
  readonly outputs = new Set<SinkRecord[]>();
  /**
   * By task index: the last checkpoint figures of the task this set made. A checkpoint's
   * figures for a task change four or five times (first barrier, alignment, snapshot, write)
   * and are copied only the first time.
   */
  readonly figures: (SubtaskCheckpoint | undefined)[] = [];
  tasksArray: TaskState[] | null = null;
  channelsArray: ChannelState[] | null = null;
  checkpointsArray: CheckpointRecord[] | null = null;
  writes: BackendWrite[] | null = null;
  messages: ControlMessage[] | null = null;
  fired: boolean[] | null = null;
  /**
   * By task index: a tick before which the task's operator has nothing to take, so
   * the task phase may pass it by without looking at its inputs. 0 means unknown. Kept right by
   * the draft: sending on a channel lowers it to the element's arrival, any other write to the
   * task or one of its input channels clears it, and so does a step from any state but `last`.
   */
  idleUntil: Float64Array = new Float64Array(0);
  /**
   * By channel index: the tick the element at the head of its queue arrives, Infinity when the
   * queue is empty, -Infinity when unknown (look at the queue). Kept by sends and takes; any
   * other write to the channel makes it unknown.
   */
  heads: Float64Array = new Float64Array(0);
  /**
   * By task index: 1 when no input of the task is blocked, 0 when that is not so or unknown. Any
   * write to the task but a take clears it.
   */
  plain: Uint8Array = new Uint8Array(0);
  /**
   * By task index: how many more elements the task may send, on any of its output channels, with
   * every channel that has a capacity still below it; 0 when unknown (count the queues). Every
   * send lowers it by one; a take only adds room, so it stays true; any other write to one of the
   * task's output channels clears it.
   */
  room: Float64Array = new Float64Array(0);
  /** Elements in all channels together; -1 when unknown (count the queues). */
  inFlight = -1;
  /** The state the last step with this set returned: what the tables above describe. */
  last: SimState | null = null;
}

/**
 * The working copy of one tick. Every part of the state is copied the first time a phase asks to
 * write it, unless the working set already owns it: whatever the step leaves alone keeps its
 * identity in the next state, so memoised views of unchanged tasks do not re-render and
 * keyframes share memory.
 */
export class TickDraft {
  readonly scenario: Scenario;
  readonly topology: Topology;
  /** The tick being simulated: the previous state's tick plus one. */
  readonly tick: number;
  readonly events: SimEvent[] = [];
  /** The types of event made (StepOptions.events); null: all. */
  private readonly only: ReadonlySet<SimEventType> | null;
  /** Which of the events that come once per element are made. */
  readonly wanted: ElementEvents;
  private readonly s: SimState;
  private readonly owned: WorkingSet;

  /**
   * Index of the first checkpoint that was in progress when the tick began: every one before it
   * had ended, so nothing this tick does can change it. A long run holds a thousand checkpoints
   * and the ones still moving are the last few.
   */
  private readonly firstOpen: number;

  /** The working set's `idleUntil`, valid for the state being drafted. */
  private readonly idleUntil: Float64Array;

  /** The working set's `heads` (see there), valid for the state being drafted. */
  readonly heads: Float64Array;

  /** The working set's `plain` (see there), valid for the state being drafted. */
  readonly plain: Uint8Array;

  /** The working set's `room` (see there), valid for the state being drafted. */
  readonly room: Float64Array;

  constructor(
    prev: SimState,
    owned: WorkingSet = new WorkingSet(),
    only: ReadonlySet<SimEventType> | null = null,
    appliedRecordsOnly = false,
  ) {
    this.scenario = prev.scenario;
    this.only = only;
    this.wanted = elementEventsFor(only, appliedRecordsOnly);
    this.topology = topologyOf(prev.scenario);
    this.tick = prev.tick + 1;
    this.s = draftOf(prev, this.tick);
    this.owned = owned;
    this.firstOpen = firstOpenCheckpoint(prev.checkpoints);
    const tasks = this.topology.tasks.length;
    const channels = this.topology.channels.length;
    if (
      owned.last !== prev ||
      owned.idleUntil.length !== tasks ||
      owned.heads.length !== channels
    ) {
      owned.idleUntil = new Float64Array(tasks);
      owned.heads = new Float64Array(channels).fill(-Infinity);
      owned.plain = new Uint8Array(tasks);
      owned.room = new Float64Array(tasks);
      owned.inFlight = -1;
    }
    this.idleUntil = owned.idleUntil;
    this.heads = owned.heads;
    this.plain = owned.plain;
    this.room = owned.room;
  }

  /** The state as it stands now, for reading. Write through the accessors below. */
  get state(): Readonly<SimState> {
    return this.s;
  }

  emit(event: SimEvent): void {
    if (this.only === null || this.only.has(event.type)) this.events.push(event);
  }

  task(index: number): TaskState {
    this.idleUntil[index] = 0;
    this.plain[index] = 0;
    return this.ownTask(index);
  }

  /**
   * Task `index` for writing, for its own take of an element: that only empties its inputs, so
   * what is known of them (`plain`) stays true. The task phase sets `idleUntil` after it.
   */
  taking(index: number): TaskState {
    return this.ownTask(index);
  }

  private ownTask(index: number): TaskState {
    const owned = this.owned;
    const current = this.s.tasks[index];
    if (owned.tasks[index] === current) return current;
    if (owned.tasksArray !== this.s.tasks) this.s.tasks = owned.tasksArray = this.s.tasks.slice();
    const copy = copyTask(current);
    this.s.tasks[index] = owned.tasks[index] = copy;
    return copy;
  }

  channel(index: number): ChannelState {
    const info = this.topology.channels[index];
    this.idleUntil[info.to] = 0;
    this.room[info.from] = 0;
    this.heads[index] = -Infinity;
    this.owned.inFlight = -1;
    return this.ownChannel(index);
  }

  /**
   * Puts an element on a channel, to arrive at tick `at`. Its receiver may have something to do
   * from then on, not before: the one write to a channel that keeps what is known of it.
   */
  enqueue(index: number, entry: InFlight): void {
    const queue = this.ownChannel(index).queue;
    queue.push(entry);
    if (queue.length === 1) this.heads[index] = entry.at;
    this.sent(index, entry.at);
  }

  /** What is known after an element was put on channel `index`, to arrive at tick `at`. */
  private sent(index: number, at: number): void {
    const info = this.topology.channels[index];
    if (at < this.idleUntil[info.to]) this.idleUntil[info.to] = at;
    this.room[info.from] -= 1;
    if (this.owned.inFlight >= 0) this.owned.inFlight += 1;
  }

  /**
   * Puts an element on a channel ahead of the elements from `position` on: an unaligned barrier
   * overtaking the records queued there.
   */
  enqueueAt(index: number, position: number, entry: InFlight): void {
    const queue = this.ownChannel(index).queue;
    queue.splice(position, 0, entry);
    if (position === 0) this.heads[index] = entry.at;
    this.sent(index, entry.at);
  }

  /**
   * Takes the head of a channel, for its receiver's task phase only: the receiver says when it
   * is idle again once it looked at all its inputs (setIdleUntil).
   */
  take(index: number): void {
    const queue = this.ownChannel(index).queue;
    queue.shift();
    this.heads[index] = queue.length > 0 ? queue[0].at : Infinity;
    if (this.owned.inFlight > 0) this.owned.inFlight -= 1;
  }

  /** Elements in all channels together, counted only when no step with this set kept count. */
  inFlight(): number {
    const owned = this.owned;
    if (owned.inFlight < 0) {
      let n = 0;
      const channels = this.s.channels;
      for (let i = 0; i < channels.length; i++) n += channels[i].queue.length;
      owned.inFlight = n;
    }
    return owned.inFlight;
  }

  /** Whether task `index`'s operator has nothing to do in this tick (see WorkingSet.idleUntil). */
  idle(index: number): boolean {
    return this.idleUntil[index] > this.tick;
  }

  /**
   * Records that task `index`'s operator has nothing to take before tick `until`, as
   * its inputs stand now. Only for the task phase, right after it looked at every input.
   */
  setIdleUntil(index: number, until: number): void {
    this.idleUntil[index] = until;
  }

  private ownChannel(index: number): ChannelState {
    const owned = this.owned;
    const current = this.s.channels[index];
    if (owned.channels[index] === current) return current;
    if (owned.channelsArray !== this.s.channels) {
      this.s.channels = owned.channelsArray = this.s.channels.slice();
    }
    // An empty queue of a state made elsewhere (a test's literal, a parsed one) may be an array
    // of another kind: see emptyQueue.
    const copy = { queue: current.queue.length > 0 ? current.queue.slice() : emptyQueue() };
    this.s.channels[index] = owned.channels[index] = copy;
    return copy;
  }

  /** Checkpoint `id` for reading. */
  findCheckpoint(id: number): Readonly<CheckpointRecord> | undefined {
    const list = this.s.checkpoints;
    const at = indexOfCheckpoint(list, id);
    return at < 0 ? undefined : list[at];
  }

  /** Checkpoint `id` for writing. */
  checkpoint(id: number): CheckpointRecord | undefined {
    const list = this.s.checkpoints;
    const at = indexOfCheckpoint(list, id);
    if (at < 0) return undefined;
    const current = list[at];
    const owned = this.owned;
    if (owned.lastCheckpoint === current) return current;
    if (owned.checkpoints.has(current)) {
      owned.lastCheckpoint = current;
      return current;
    }
    const copy = copyCheckpoint(current);
    this.ownCheckpoints()[at] = copy;
    owned.checkpoints.add(copy);
    owned.lastCheckpoint = copy;
    return copy;
  }

  /**
   * Task `task`'s figures in checkpoint `record`, for writing: `record` is one `checkpoint`
   * returned for writing. Started at this tick if the task has none yet.
   */
  subtaskFigures(record: CheckpointRecord, task: number): SubtaskCheckpoint {
    const current = record.subtasks[task];
    if (current && this.owned.figures[task] === current) return current;
    // One literal, in the fields' order, where a spread per barrier, snapshot and write of
    // every task left V8's fast path.
    const figures: SubtaskCheckpoint = current
      ? {
          started: current.started,
          snapshot: current.snapshot,
          unaligned: current.unaligned,
          processed: current.processed,
          persisted: current.persisted,
          bytes: current.bytes,
        }
      : {
          started: this.tick,
          snapshot: null,
          unaligned: false,
          processed: 0,
          persisted: 0,
          bytes: 0,
        };
    record.subtasks[task] = this.owned.figures[task] = figures;
    return figures;
  }

  addCheckpoint(record: CheckpointRecord): void {
    this.ownCheckpoints().push(record);
    this.owned.checkpoints.add(record);
    this.owned.lastCheckpoint = record;
  }

  /** Replaces the list of checkpoints with `list`, which this tick made and now owns. */
  replaceCheckpoints(list: CheckpointRecord[]): void {
    this.s.checkpoints = this.owned.checkpointsArray = list;
  }

  private ownCheckpoints(): CheckpointRecord[] {
    const owned = this.owned;
    if (owned.checkpointsArray !== this.s.checkpoints) {
      this.s.checkpoints = owned.checkpointsArray = this.s.checkpoints.slice();
    }
    return this.s.checkpoints;
  }

  /** Appends to what a sink wrote into its topic, as appendOutput does to its output. */
  appendTopic(t: TaskState, record: TopicRecord): void {
    if (this.owned.outputs.has(t.topic)) {
      t.topic.push(record);
      return;
    }
    t.topic = t.topic.concat([record]);
    this.owned.outputs.add(t.topic);
  }

  /**
   * Appends to what a sink handed to the external system. Output only ever grows, and a long
   * run's output is long: it is copied once per working set, then appended to in place.
   */
  appendOutput(t: TaskState, records: readonly SinkRecord[]): void {
    if (this.owned.outputs.has(t.output)) {
      for (const r of records) t.output.push(r);
      return;
    }
    t.output = t.output.concat(records);
    this.owned.outputs.add(t.output);
  }

  /** Appends one record to what a sink handed to the external system, as appendOutput does. */
  appendToOutput(t: TaskState, record: SinkRecord): void {
    if (this.owned.outputs.has(t.output)) {
      t.output.push(record);
      return;
    }
    t.output = t.output.concat([record]);
    this.owned.outputs.add(t.output);
  }

  pendingCheckpoints(): readonly CheckpointRecord[] {
    const list = this.s.checkpoints;
    const pending: CheckpointRecord[] = [];
    for (let i = this.firstOpen; i < list.length; i++) {
      if (list[i].status === 'IN_PROGRESS') pending.push(list[i]);
    }
    return pending;
  }

  /**
   * The stop-with-savepoint that completed in this tick, if one did: among the checkpoints that
   * were in progress when the tick began or started in it. Asked every tick, so without a copy.
   */
  stoppedNow(): Readonly<CheckpointRecord> | undefined {
    const list = this.s.checkpoints;
    for (let i = this.firstOpen; i < list.length; i++) {
      const c = list[i];
      if (c.stop && c.status === 'COMPLETED' && c.completeTick === this.tick) return c;
    }
    return undefined;
  }

  setJob(patch: Partial<JobState>): void {
    // One literal for every job, as for the draft itself: every tick reads the job's status.
    const j = { ...this.s.job, ...patch };
    const job: Required<JobState> = {
      status: j.status,
      restarts: j.restarts,
      restartAt: j.restartAt,
      failureTicks: j.failureTicks,
      backoffMs: j.backoffMs,
      runningSince: j.runningSince,
      failReason: j.failReason,
      endOfInputTick: j.endOfInputTick,
    };
    this.s.job = job;
  }

  setCoordinator(patch: Partial<CoordinatorState>): void {
    const c = { ...this.s.coordinator, ...patch };
    const coordinator: Required<CoordinatorState> = {
      nextId: c.nextId,
      nextPeriodicTick: c.nextPeriodicTick,
      queued: c.queued,
      lastCompleteTick: c.lastCompleteTick,
      consecutiveFailures: c.consecutiveFailures,
      forgotten: c.forgotten,
    };
    this.s.coordinator = coordinator;
  }

  send(message: ControlMessage): void {
    // A checkpoint sends a message to or from every task, often in one tick: copied once.
    if (this.owned.messages !== this.s.messages) {
      this.s.messages = this.owned.messages = this.s.messages.slice();
    }
    this.s.messages.push(message);
  }

  /** Replaces the messages in flight with a list made for this (not shared). */
  setMessages(messages: ControlMessage[]): void {
    this.s.messages = this.owned.messages = messages;
  }

  /** Replaces the pending backend writes with a list made for this (not shared). */
  setWrites(writes: BackendWrite[]): void {
    this.s.writes = this.owned.writes = writes;
  }

  addWrite(write: BackendWrite): void {
    if (this.owned.writes !== this.s.writes) {
      this.s.writes = this.owned.writes = this.s.writes.slice();
    }
    this.s.writes.push(write);
  }

  /** Records task `task`'s ack of a checkpoint being written; returns how many tasks acked it. */
  acknowledge(record: CheckpointRecord, task: number, tick: number): number {
    const owned = this.owned;
    const fresh = record.acks[task] === null;
    record.acks[task] = tick;
    const count =
      owned.acked === record.acks ? owned.ackedCount + (fresh ? 1 : 0) : countDefined(record.acks);
    owned.acked = record.acks;
    owned.ackedCount = count;
    return count;
  }

  markFired(action: number): void {
    if (this.owned.fired !== this.s.fired) this.s.fired = this.owned.fired = this.s.fired.slice();
    this.s.fired[action] = true;
  }

  nextRecordId(): number {
    return this.s.nextRecordId++;
  }

  /** Stops the run at a limit of its budget. */
  halt(exceeded: BudgetExceeded): void {
    this.s.halted = exceeded;
    this.emit({ type: 'RunHalted', budget: exceeded });
  }

  countSteps(n: number): void {
    this.s.elementSteps += n;
  }

  random(): number {
    const { value, state } = nextRandom(this.s.rng);
    this.s.rng = state;
    return value;
  }

  /** Replaces every task and channel at once (cancellation and restore touch them all). */
  replaceAll(tasks: TaskState[], channels: ChannelState[]): void {
    const owned = this.owned;
    this.s.tasks = owned.tasksArray = tasks;
    this.s.channels = owned.channelsArray = channels;
    tasks.forEach((t, i) => (owned.tasks[i] = t));
    channels.forEach((c, i) => (owned.channels[i] = c));
    this.idleUntil.fill(0);
    this.heads.fill(-Infinity);
    this.plain.fill(0);
    this.room.fill(0);
    owned.inFlight = -1;
  }

  ticks(ms: number): number {
    return Math.ceil(ms / this.scenario.tickMs);
  }

  finish(): SimState {
    this.owned.last = this.s;
    return this.s;
  }
}
