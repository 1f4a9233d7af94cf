import type { SimEvent } from './events';
import { nextRandom } from './prng';
import type {
  ChannelState,
  CheckpointRecord,
  ControlMessage,
  CoordinatorState,
  InputState,
  JobState,
  Scenario,
  SimState,
  TaskState,
} from './types';
import { topologyOf, type Topology } from './topology';

function copyTask(t: TaskState): TaskState {
  // Nearly every task is written in nearly every tick, so this runs about once per task per
  // tick: a literal of known shape instead of a spread, plain loops, and a fresh literal for the
  // (usual) empty alignment buffer. `Required` makes a field added to TaskState a compile error
  // here until it is copied too.
  const inputs = new Array<InputState>(t.inputs.length);
  for (let i = 0; i < inputs.length; i++) {
    const { blockedBy, buffer } = t.inputs[i];
    inputs[i] = { blockedBy, buffer: buffer.length === 0 ? [] : buffer.slice() };
  }
  const copy: Required<TaskState> = {
    status: t.status,
    state: t.state,
    inputs,
    alignment: t.alignment && { ...t.alignment, arrived: t.alignment.arrived.slice() },
    lastBarrier: t.lastBarrier,
    nextInput: t.nextInput,
    rebalance: t.rebalance.slice(),
    nextReadTick: t.nextReadTick,
    paused: t.paused,
    highWater: t.highWater,
    output: t.output,
    committed: t.committed,
  };
  return copy;
}

function copyCheckpoint(c: CheckpointRecord): CheckpointRecord {
  return {
    ...c,
    snapshots: { ...c.snapshots },
    stored: { ...c.stored },
    acks: { ...c.acks },
    alignment: { ...c.alignment },
  };
}

/**
 * The working copy of one tick. Every part of the state is copied the first time a phase asks to
 * write it, and only then: whatever a tick leaves alone keeps its identity in the next state, so
 * memoised views of unchanged tasks do not re-render and keyframes share memory.
 */
export class TickDraft {
  readonly scenario: Scenario;
  readonly topology: Topology;
  /** The tick being simulated: the previous state's tick plus one. */
  readonly tick: number;
  readonly events: SimEvent[] = [];
  private readonly s: SimState;
  /** Index to true once this tick's copy exists (arrays: these are dense small integers). */
  private readonly copiedTasks: boolean[] = [];
  private readonly copiedChannels: boolean[] = [];
  private readonly copiedCheckpoints = new Set<number>();
  private tasksArrayCopied = false;
  private channelsArrayCopied = false;
  private checkpointsArrayCopied = false;

  constructor(prev: SimState) {
    this.scenario = prev.scenario;
    this.topology = topologyOf(prev.scenario);
    this.tick = prev.tick + 1;
    this.s = { ...prev, tick: this.tick };
  }

  /** The state as it stands now, for reading. Write through the accessors below. */
  get state(): Readonly<SimState> {
    return this.s;
  }

  emit(event: SimEvent): void {
    this.events.push(event);
  }

  task(index: number): TaskState {
    if (this.copiedTasks[index] !== true) {
      if (!this.tasksArrayCopied) {
        this.s.tasks = this.s.tasks.slice();
        this.tasksArrayCopied = true;
      }
      this.s.tasks[index] = copyTask(this.s.tasks[index]);
      this.copiedTasks[index] = true;
    }
    return this.s.tasks[index];
  }

  channel(index: number): ChannelState {
    if (this.copiedChannels[index] !== true) {
      if (!this.channelsArrayCopied) {
        this.s.channels = this.s.channels.slice();
        this.channelsArrayCopied = true;
      }
      this.s.channels[index] = { queue: this.s.channels[index].queue.slice() };
      this.copiedChannels[index] = true;
    }
    return this.s.channels[index];
  }

  checkpoint(id: number): CheckpointRecord | undefined {
    // Checkpoints are appended in id order and the ones still written are the recent ones:
    // searching from the end finds them at once in a run with hundreds of checkpoints.
    const list = this.s.checkpoints;
    let at = list.length - 1;
    while (at >= 0 && list[at].id !== id) at--;
    if (at < 0) return undefined;
    if (!this.copiedCheckpoints.has(id)) {
      if (!this.checkpointsArrayCopied) {
        this.s.checkpoints = this.s.checkpoints.slice();
        this.checkpointsArrayCopied = true;
      }
      this.s.checkpoints[at] = copyCheckpoint(this.s.checkpoints[at]);
      this.copiedCheckpoints.add(id);
    }
    return this.s.checkpoints[at];
  }

  addCheckpoint(record: CheckpointRecord): void {
    if (!this.checkpointsArrayCopied) {
      this.s.checkpoints = this.s.checkpoints.slice();
      this.checkpointsArrayCopied = true;
    }
    this.s.checkpoints.push(record);
    this.copiedCheckpoints.add(record.id);
  }

  pendingCheckpoints(): readonly CheckpointRecord[] {
    return this.s.checkpoints.filter((c) => c.status === 'IN_PROGRESS');
  }

  setJob(patch: Partial<JobState>): void {
    this.s.job = { ...this.s.job, ...patch };
  }

  setCoordinator(patch: Partial<CoordinatorState>): void {
    this.s.coordinator = { ...this.s.coordinator, ...patch };
  }

  send(message: ControlMessage): void {
    this.s.messages = [...this.s.messages, message];
  }

  setMessages(messages: ControlMessage[]): void {
    this.s.messages = messages;
  }

  setWrites(writes: SimState['writes']): void {
    this.s.writes = writes;
  }

  markFired(action: number): void {
    this.s.fired = this.s.fired.slice();
    this.s.fired[action] = true;
  }

  nextRecordId(): number {
    return this.s.nextRecordId++;
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
    this.s.tasks = tasks;
    this.s.channels = channels;
    this.tasksArrayCopied = true;
    this.channelsArrayCopied = true;
    tasks.forEach((_, i) => (this.copiedTasks[i] = true));
    channels.forEach((_, i) => (this.copiedChannels[i] = true));
  }

  ticks(ms: number): number {
    return Math.ceil(ms / this.scenario.tickMs);
  }

  finish(): SimState {
    return this.s;
  }
}
