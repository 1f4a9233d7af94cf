import { isolated } from '../../scenarios/text';
import type { Edge, Node } from '@xyflow/react';
import {
  arrivedOn,
  backpressureOf,
  channelStateByTask,
  countDefined,
  recordsIn,
  type BackpressureStatus,
  sourceInput,
  topologyOf,
  type CheckpointKind,
  type CheckpointStatus,
  type ControlMessage,
  type InFlight,
  type JobFailReason,
  type JobStatus,
  type Mode,
  type OperatorSpec,
  type OperatorState,
  type Scenario,
  type Origin,
  type SimEvent,
  type SimState,
  type SinkRecord,
  type StreamElement,
  type TaskStatus,
  type Topology,
} from '../../engine';
import { taskName as taskLabel } from '../../session/narration';
import { controlSpan } from './controlPath';
import { crossings, horizontalBezier, type KeepOut } from './geometry';
import { sinkTransactions, type SinkTransactions } from './transactionView';
import {
  ignoresSome,
  layoutJob,
  MAX_CROSSING_CHANNELS,
  tapeCellWidth,
  type Arrangement,
  type Detail,
  type JobLayout,
  type TaskBox,
} from './layout';

// ---------------------------------------------------------------------------------------------
// What the nodes and edges show. Plain data copied or read from the engine state and this
// tick's events; nothing here decides anything the engine decides.

export type RecordView = {
  kind: 'record';
  /** Stable across ticks, so an element keeps its identity while it travels. */
  key: string;
  value: number;
  replay: boolean;
  origin: Origin;
};

export type BarrierView = {
  kind: 'barrier';
  key: string;
  checkpoint: number;
  savepoint: boolean;
  /** A cancellation barrier: its sender gave the checkpoint up. */
  cancel: boolean;
};

export type ElementView = RecordView | BarrierView;

/**
 * An element on a channel, sent at `sentAt` and taken from `at` on: where it is at a tick is
 * `positionAt(view, tick)`. `persistedIn`: a record an unaligned barrier overtook, still in the
 * channel, is also in that checkpoint's channel state (null for anything else). The view holds
 * no tick, so an element keeps it for its whole trip.
 */
export type InFlightView = ElementView & {
  sentAt: number;
  at: number;
  persistedIn: number | null;
};

/** The fraction of its trip an element in flight has done at `tick`: 0 at the sender, 1 there. */
export function positionAt(view: InFlightView, tick: number): number {
  return progress(tick, view.sentAt, view.at);
}

export type InputView = {
  channel: string;
  from: string;
  /** The sender as a teacher names it ("source 2"). */
  fromLabel: string;
  /** Checkpoint whose barrier blocks this input during alignment. */
  blockedBy: number | null;
  /**
   * At-least-once: the checkpoint whose barrier arrived on this input and was counted without
   * blocking it (Flink's barrier tracker), while the task waits for its other inputs' barriers.
   */
  counted: number | null;
  /** What arrived behind the barrier of a blocked input and waits in its channel (Flink 1.10 buffered it). */
  buffer: ElementView[];
  /** Elements still travelling on the channel. */
  inFlight: number;
  /** The channel's records against its credits, said in this row (see ChannelFill). */
  fill: ChannelFill | null;
};

export type AlignmentView = { checkpoint: number; arrived: number; total: number };

type TaskData = {
  task: string;
  /** The task as a teacher names it ("source 2", or "sum_even" when it has one subtask). */
  label: string;
  operator: string;
  name: string;
  subtask: number;
  parallelism: number;
  /** It sends to a downstream operator. */
  hasOutput: boolean;
  status: TaskStatus;
  /** The task failed in this tick. */
  failedNow: boolean;
  /** State came back from the backend in this tick (checkpoint null: nothing to restore). */
  restored: { checkpoint: number | null } | null;
  /** Checkpoint whose snapshot the task took in this tick. */
  snapshotNow: number | null;
  /** Flink's backpressure status over the last second, and the share of it backpressured. */
  backpressure: { status: BackpressureStatus; ratio: number };
  box: TaskBox;
};

export type SourceMark = {
  checkpoint: number;
  offset: number;
  completed: boolean;
  savepoint: boolean;
};

export type SourceData = TaskData & {
  kind: 'source';
  input: number[];
  offset: number;
  /** The furthest position ever read: cells between offset and it will be replayed. */
  highWater: number;
  paused: boolean;
  /** Offsets the checkpoints stored for this source. */
  marks: SourceMark[];
  /** The source jumped back in this tick. */
  rewound: { from: number; to: number } | null;
  cellWidth: number;
};

export type OperatorData = TaskData & {
  kind: 'operator';
  spec: OperatorSpec;
  state: OperatorState;
  inputs: InputView[];
  alignment: AlignmentView | null;
  /** The values the task read in this tick and left out of its state (a sum of odd values). */
  ignoredNow: number[];
};

export type OutputView = { key: string; value: number; replay: boolean; duplicate: boolean };

export type SinkData = TaskData & {
  kind: 'sink';
  state: OperatorState;
  inputs: InputView[];
  alignment: AlignmentView | null;
  /** The latest outputs the external system received, oldest first. */
  output: OutputView[];
  outputCount: number;
  duplicates: number;
  transactional: boolean;
  /** A two-phase-commit sink's transactions; null for any other sink. */
  transactions: SinkTransactions | null;
};

export type PendingView = {
  id: number;
  kind: CheckpointKind;
  acks: number;
  expected: number;
  stored: number;
  phase: 'barriers' | 'draining' | 'snapshotting';
};

export type JobManagerData = {
  /** How much larger than normal the node draws its contents. */
  scale: number;
  status: JobStatus;
  mode: Mode;
  /** Unaligned checkpoints: never, always, or once the aligned-checkpoint timeout ran out. */
  unaligned: 'no' | 'always' | 'after-timeout';
  restarts: number;
  /** Ticks until a RESTARTING job restores. */
  restartIn: number | null;
  failReason: JobFailReason | null;
  pending: PendingView[];
  /** The latest checkpoints that ended, newest last. */
  recent: { id: number; kind: CheckpointKind; status: CheckpointStatus }[];
  triggeredNow: number | null;
  completedNow: number | null;
};

export type BackendCell = {
  task: string;
  label: string;
  state: OperatorState | null;
  stored: boolean;
  /**
   * The values of the in-flight records this task persisted as channel state, in persisted
   * order; null for an aligned checkpoint, or a task it has not reached yet.
   */
  inFlight: number[] | null;
};

export type BackendRow = {
  id: number;
  kind: CheckpointKind;
  status: CheckpointStatus;
  /** Some subtask snapshotted it unaligned: its cells show their channel state. */
  unaligned: boolean;
  cells: BackendCell[];
};

export type BackendData = {
  scale: number;
  rows: BackendRow[];
  cellsPerLine: number;
  /** Height of a line of cells (two lines of text where checkpoints may be unaligned). */
  lineHeight: number;
  /** The checkpoint every task restored from in this tick. */
  restoringFrom: number | null;
};

export type MessageView = {
  key: string;
  type: ControlMessage['type'];
  checkpoint: number;
  /** Fraction of the trip done, 0 where it was sent. */
  position: number;
  toJobManager: boolean;
};

export type ChannelEdgeData = {
  kind: 'channel';
  channel: string;
  /** The moment drawn: where each element is along the channel. */
  tick: number;
  elements: InFlightView[];
  /** The receiver holds this input for alignment. */
  blockedBy: number | null;
  /** Stretches of the channel, by distance along it, where another channel crosses it. */
  keepOut: readonly KeepOut[];
  /**
   * The channel's fill, labelled on the edge only where its receiver has no row for the input
   * (its inputs drawn as a grid of cells); otherwise its input row says it.
   */
  fill: ChannelFill | null;
};

/**
 * Records in a channel against its capacity (its credits); null capacity: unbounded. Null when
 * the edge keeps Flink's default and is less than half full: nothing worth a label.
 */
export type ChannelFill = { records: number; capacity: number | null };

export type ControlEdgeData = {
  kind: 'control';
  task: string;
  messages: MessageView[];
  /** How far along the control lane the farthest task's turn is from the job manager. */
  span: number;
};

export type BackendEdgeData = {
  kind: 'backend';
  task: string;
  /** Snapshot writes in progress, with the fraction of the write done. */
  writes: { key: string; checkpoint: number; position: number }[];
  /** This tick the task's state came back from this checkpoint. */
  restore: number | null;
  /**
   * A backend beside the tasks: the lane under them to follow, and where the backend's side is;
   * null when the backend is below and the way goes straight down.
   */
  lane: { y: number; toX: number } | null;
};

export type JobManagerNode = Node<JobManagerData, 'jobManager'>;
export type SourceNode = Node<SourceData, 'source'>;
export type OperatorNode = Node<OperatorData, 'operator'>;
export type SinkNode = Node<SinkData, 'sink'>;
export type BackendNode = Node<BackendData, 'backend'>;
export type FlowNode = JobManagerNode | SourceNode | OperatorNode | SinkNode | BackendNode;
export type TaskNode = SourceNode | OperatorNode | SinkNode;

export type ChannelEdge = Edge<ChannelEdgeData, 'channel'>;
export type ControlEdge = Edge<ControlEdgeData, 'control'>;
export type BackendEdge = Edge<BackendEdgeData, 'backend'>;
export type FlowEdge = ChannelEdge | ControlEdge | BackendEdge;

export const JOB_MANAGER_ID = 'job-manager';
const NO_VALUES: number[] = [];
const NO_STRETCHES: readonly KeepOut[] = [];

/**
 * Half the stretch kept free of resting elements on both sides of a crossing of two channels,
 * before enlargement: a barrier on one and a record on the other, each this far from the
 * crossing, do not touch.
 */
const CROSSING_CLEARANCE = 32;

/**
 * Per channel, where other channels cross it (two sources that both feed two operators): the
 * stretches around each crossing where its elements do not rest, so that records and barriers
 * on different channels never cover each other. From the layout, as the edges draw the paths
 * between the same handles; memoised with the layout.
 */
function crossedStretches(
  layout: JobLayout,
  topology: Topology,
  outputHandle: Map<number, number>,
): Map<number, KeepOut[]> {
  const known = stretchesOf.get(layout);
  if (known) return known;
  if (topology.channels.length > MAX_CROSSING_CHANNELS) return new Map();
  const paths = topology.channels.map((c) => {
    const from = layout.tasks.get(topology.tasks[c.from].id)!;
    const to = layout.tasks.get(topology.tasks[c.to].id)!;
    return horizontalBezier(
      {
        x: from.x + from.width,
        y: from.y + from.outputYs[outputHandle.get(c.index) ?? 0] * from.scale,
      },
      { x: to.x, y: to.y + to.inputYs[c.input] * to.scale },
    );
  });
  const clearance = CROSSING_CLEARANCE * layout.scale;
  const found = new Map<number, KeepOut[]>();
  const add = (channel: number, along: number) =>
    found.set(channel, [...(found.get(channel) ?? []), [along - clearance, along + clearance]]);
  for (let a = 0; a < paths.length; a++) {
    for (let b = a + 1; b < paths.length; b++) {
      for (const crossing of crossings(paths[a], paths[b])) {
        add(a, crossing.alongA);
        add(b, crossing.alongB);
      }
    }
  }
  stretchesOf.set(layout, found);
  return found;
}

const stretchesOf = new WeakMap<JobLayout, Map<number, KeepOut[]>>();
export const BACKEND_ID = 'state-backend';

export interface FlowOptions {
  /** The events of the state's tick: what just happened, for highlights. */
  events?: readonly SimEvent[];
  /** Outputs a sink shows at most. */
  outputLimit?: number;
  /** Draw the contents of nodes this much larger (presenter mode, small screens). */
  scale?: number;
  /** Where the job manager and the state backend go. */
  arrangement?: Arrangement;
  /** How much each task shows. */
  detail?: Detail;
  /** What a screen reader says of each edge, in the reader's language; given display names. */
  edgeLabels?: EdgeLabels;
}

/** Sentences naming an edge by the tasks' display names (React Flow's default names internal ids in English). */
export interface EdgeLabels {
  channel(from: string, to: string): string;
  control(task: string): string;
  backend(task: string): string;
}

export interface FlowElements {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** A sink's outputs so far in one run, which of them are duplicates, and their views once asked for. */
interface ViewedOutput {
  records: SinkRecord[];
  /** duplicate[k]: whether output k repeats an earlier one. */
  duplicate: boolean[];
  /** duplicatesBefore[k]: how many of the first k outputs are duplicates. */
  duplicatesBefore: number[];
  /** Made when first shown, then kept, so that a view keeps its identity from tick to tick. */
  views: (OutputView | undefined)[];
  /** By sending operator, then source task: the source offsets whose results arrived. */
  seen: Map<string, Map<string, Set<number>>>;
}

/**
 * Per scenario and sink task, the outputs of the longest run seen. A sink's output only ever
 * grows through a run, and a scenario's run is always the same, so any state's output of that
 * task is a prefix of it: a tick reads its marks, and marks only outputs it has not seen,
 * instead of marking every output again (a long run's sink holds 100,000). Marking allocates
 * nothing per output: reaching the end of such a run marked them all in one frame.
 */
const viewed = new WeakMap<Scenario, Map<number, ViewedOutput>>();

const sameRecord = (a: SinkRecord, b: SinkRecord) =>
  a === b ||
  (a.value === b.value &&
    a.from === b.from &&
    a.replay === b.replay &&
    a.origin.task === b.origin.task &&
    a.origin.index === b.origin.index);

/** A task id's operator ("sum#1" → "sum"), for the few ids a run's sinks hear from. */
const operatorOfTask = new Map<string, string>();

function operatorOf(task: string): string {
  let operator = operatorOfTask.get(task);
  if (operator === undefined) {
    operator = task.split('#')[0];
    operatorOfTask.set(task, operator);
  }
  return operator;
}

function viewedOutput(state: SimState, index: number, most = Infinity): ViewedOutput {
  const output = state.tasks[index].output;
  let byTask = viewed.get(state.scenario);
  if (!byTask) viewed.set(state.scenario, (byTask = new Map()));
  let line = byTask.get(index);
  const known = line ? Math.min(line.records.length, output.length) : 0;
  if (!line || (known > 0 && !sameRecord(line.records[known - 1], output[known - 1]))) {
    line = { records: [], duplicate: [], duplicatesBefore: [0], views: [], seen: new Map() };
    byTask.set(index, line);
  }
  const { records, duplicate, duplicatesBefore, seen } = line;
  // Outputs come in runs from one sender and one source: their sets are looked up once a run.
  let from = '';
  let source = '';
  let offsets: Set<number> | undefined;
  const end = Math.min(output.length, records.length + most);
  for (let k = records.length; k < end; k++) {
    const r = output[k];
    // The same operator's result for the same source record, received again: a replay's.
    if (r.from !== from || r.origin.task !== source || !offsets) {
      from = r.from;
      source = r.origin.task;
      const operator = operatorOf(from);
      let bySource = seen.get(operator);
      if (!bySource) seen.set(operator, (bySource = new Map()));
      offsets = bySource.get(source);
      if (!offsets) bySource.set(source, (offsets = new Set()));
    }
    const again = offsets.has(r.origin.index);
    if (!again) offsets.add(r.origin.index);
    records.push(r);
    duplicate.push(again);
    duplicatesBefore.push(duplicatesBefore[k] + (again ? 1 : 0));
  }
  return line;
}

/**
 * Marks the outputs of every sink in `state` before they are first shown, `MARK_SLICE` at a time
 * while `more()` allows; true once all are marked. A long run's end holds 100,000 outputs, and
 * marking them in the frame that first showed the end made that the slowest jump of all.
 */
export function markOutputsAhead(state: SimState, more: () => boolean): boolean {
  for (let index = 0; index < state.tasks.length; index++) {
    while (viewedOutput(state, index, MARK_SLICE).records.length < state.tasks[index].output.length)
      if (!more()) return false;
  }
  return true;
}

const MARK_SLICE = 2000;

/** The views of outputs `from` to `to` (excluded) of a sink's line, made once each. */
function viewsOf(line: ViewedOutput, from: number, to: number): OutputView[] {
  const shown: OutputView[] = [];
  for (let k = from; k < to; k++) {
    let view = line.views[k];
    if (!view) {
      const r = line.records[k];
      view = { key: `o${k}`, value: r.value, replay: r.replay, duplicate: line.duplicate[k] };
      line.views[k] = view;
    }
    shown.push(view);
  }
  return shown;
}

/**
 * A sink's last `limit` outputs, each marked when the sink already received the same output (the
 * same operator's result for the same source record) before, which is what a replay duplicates;
 * how many it holds, and how many of them are duplicates.
 */
export function latestOutputs(state: SimState, index: number, limit: number) {
  const line = viewedOutput(state, index);
  const count = state.tasks[index].output.length;
  return {
    shown: viewsOf(line, Math.max(0, count - limit), count),
    count,
    duplicates: line.duplicatesBefore[count],
  };
}

/**
 * The view of each element in flight, by its entry in the channel's queue: an element keeps it
 * from one tick to the next, so the structural sharing of the graph's data passes the elements
 * of a channel by at a glance (the stress scenario has 400 in flight, every one moving).
 */
const inFlightViews = new WeakMap<
  InFlight,
  { element: StreamElement; channel: string; view: InFlightView }
>();

function inFlightView(f: InFlight, channel: string, persistedIn: number | null): InFlightView {
  const last = inFlightViews.get(f);
  if (
    last !== undefined &&
    last.element === f.element &&
    last.channel === channel &&
    last.view.persistedIn === persistedIn &&
    last.view.sentAt === f.sentAt &&
    last.view.at === f.at
  )
    return last.view;
  const view: InFlightView = {
    ...elementView(f.element, channel),
    sentAt: f.sentAt,
    at: f.at,
    persistedIn,
  };
  inFlightViews.set(f, { element: f.element, channel, view });
  return view;
}

function progress(tick: number, sentAt: number, at: number): number {
  return Math.max(0, Math.min(1, (tick - sentAt) / Math.max(1, at - sentAt)));
}

/** What a node or the inspector draws for a record or barrier; `channel` names a barrier. */
export function elementView(element: StreamElement, channel: string): ElementView {
  if (element.kind === 'record') {
    return {
      kind: 'record',
      key: `r${element.id}`,
      value: element.value,
      replay: element.replay,
      origin: element.origin,
    };
  }
  return {
    kind: 'barrier',
    // One barrier per checkpoint per channel, so this names it for its whole trip.
    key: `${element.cancel ? 'c' : 'b'}${element.checkpoint}@${channel}`,
    checkpoint: element.checkpoint,
    savepoint: element.savepoint,
    cancel: element.cancel === true,
  };
}

function fillOf(records: number, capacity: number | null, explicit: boolean): ChannelFill | null {
  if (!explicit && (capacity === null || records * 2 < capacity)) return null;
  return { records, capacity };
}

function messageKey(m: ControlMessage): string {
  return `${m.type}${m.checkpoint}@${m.task}`;
}

/**
 * The checkpoints the state backend has room to show, `room` of them, oldest first: the latest
 * ones, except that a savepoint stays in place of an older checkpoint, as Flink keeps a savepoint
 * until its user deletes it and discards a checkpoint's state once a newer one completes (lesson
 * 6 said savepoint 2 stays, and it left the backend for failed checkpoint 3). The checkpoint
 * being restored stays too. The newest row is always shown: it is what the run is doing.
 */
export function backendShown<C extends { id: number; kind: 'checkpoint' | 'savepoint' }>(
  checkpoints: readonly C[],
  room: number,
  restoring: number | null = null,
): C[] {
  if (checkpoints.length <= room) return [...checkpoints];
  const shown = checkpoints.slice(-room);
  const newest = shown[shown.length - 1];
  const kept = (c: C) => c.kind === 'savepoint' || c.id === restoring;
  const older = checkpoints.slice(0, -room).filter(kept);
  // The newest kept ones first, each in place of the oldest row that is not itself kept.
  for (const c of older.reverse()) {
    const out = shown.findIndex((r) => r !== newest && !kept(r));
    if (out < 0) break;
    shown.splice(out, 1);
    shown.push(c);
  }
  return checkpoints.filter((c) => shown.includes(c));
}

/**
 * Maps a simulation state to React Flow nodes and edges. Pure: the same state and events give
 * equal elements; positions come from the layout, which depends on the job graph only.
 */
export function toFlowElements(state: SimState, options: FlowOptions = {}): FlowElements {
  const events = options.events ?? [];
  const outputLimit = options.outputLimit ?? 14;
  const topology = topologyOf(state.scenario);
  const layout = layoutJob(state.scenario, options.scale ?? 1, options.arrangement, options.detail);
  const { tick } = state;

  const failedNow = new Set<string>();
  const restored = new Map<string, number | null>();
  const snapshotNow = new Map<string, number>();
  const rewound = new Map<string, { from: number; to: number }>();
  const ignoredNow = new Map<string, number[]>();
  let triggeredNow: number | null = null;
  let completedNow: number | null = null;
  let restoringFrom: number | null = null;
  for (const e of events) {
    switch (e.type) {
      case 'TaskFailed':
        failedNow.add(e.task);
        break;
      case 'StateRestored':
        restored.set(e.task, e.checkpoint);
        if (e.checkpoint !== null) restoringFrom = e.checkpoint;
        break;
      case 'SnapshotTaken':
        snapshotNow.set(e.task, e.checkpoint);
        break;
      case 'SourceRewound':
        rewound.set(e.task, { from: e.from, to: e.offset });
        break;
      case 'RecordProcessed':
        if (!e.applied) ignoredNow.set(e.task, [...(ignoredNow.get(e.task) ?? []), e.record]);
        break;
      case 'CheckpointTriggered':
        triggeredNow = e.checkpoint;
        break;
      case 'CheckpointCompleted':
        completedNow = e.checkpoint;
        break;
      default:
        break;
    }
  }

  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];

  const atLeastOnce = state.scenario.checkpoint.mode === 'at-least-once';
  const inputsOf = (index: number): InputView[] =>
    topology.tasks[index].inputs.map((channel, k) => {
      const info = topology.channels[channel];
      const input = state.tasks[index].inputs[k];
      const tracking = state.tasks[index].alignment;
      return {
        channel: info.id,
        from: topology.tasks[info.from].id,
        fromLabel: taskLabel(topology.tasks[info.from].id, state.scenario),
        blockedBy: input.blockedBy,
        counted:
          atLeastOnce && tracking !== null && tracking.arrived[k] ? tracking.checkpoint : null,
        buffer:
          input.blockedBy === null
            ? []
            : arrivedOn(state, index, k).map((el) => elementView(el, info.id)),
        inFlight: state.channels[channel].queue.length,
        fill: fillOf(recordsIn(state, channel), info.capacity, info.edge.capacity !== undefined),
      };
    });

  const alignmentOf = (index: number): AlignmentView | null => {
    const a = state.tasks[index].alignment;
    if (!a) return null;
    return {
      checkpoint: a.checkpoint,
      arrived: a.arrived.filter(Boolean).length,
      total: a.arrived.length,
    };
  };

  for (const info of topology.tasks) {
    const task = state.tasks[info.index];
    const box = layout.tasks.get(info.id)!;
    const base: TaskData = {
      task: info.id,
      label: taskLabel(info.id, state.scenario),
      operator: info.operator.id,
      name: isolated(info.operator.name ?? info.operator.id),
      subtask: info.subtask,
      parallelism: info.operator.parallelism,
      hasOutput: info.outputs.length > 0,
      status: task.status,
      failedNow: failedNow.has(info.id),
      restored: restored.has(info.id) ? { checkpoint: restored.get(info.id)! } : null,
      snapshotNow: snapshotNow.get(info.id) ?? null,
      backpressure: (() => {
        const b = backpressureOf(state, info.index);
        return { status: b.status, ratio: Math.round(b.backpressured * 100) / 100 };
      })(),
      box,
    };
    const common = {
      id: info.id,
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      connectable: false,
      deletable: false,
    };
    if (info.operator.kind === 'source') {
      const input = sourceInput(info);
      const marks: SourceMark[] = [];
      for (const c of state.checkpoints) {
        const snapshot = c.snapshots[info.index];
        if (c.status === 'FAILED' || !snapshot || snapshot.kind !== 'source') continue;
        marks.push({
          checkpoint: c.id,
          offset: snapshot.offset,
          completed: c.status === 'COMPLETED',
          savepoint: c.kind === 'savepoint',
        });
      }
      nodes.push({
        ...common,
        type: 'source',
        data: {
          ...base,
          kind: 'source',
          input,
          offset: task.state.kind === 'source' ? task.state.offset : 0,
          highWater: task.highWater,
          // A finished source is finished (its tick says so), not paused; a failed one's
          // state row says what happened to it.
          paused: task.paused && task.status === 'RUNNING',
          marks,
          rewound: rewound.get(info.id) ?? null,
          cellWidth: tapeCellWidth(input),
        },
      });
    } else if (info.operator.kind === 'sink') {
      const output = latestOutputs(state, info.index, outputLimit);
      nodes.push({
        ...common,
        type: 'sink',
        data: {
          ...base,
          kind: 'sink',
          state: task.state,
          inputs: inputsOf(info.index),
          alignment: alignmentOf(info.index),
          output: output.shown,
          outputCount: output.count,
          duplicates: output.duplicates,
          transactional: info.operator.transactional === true,
          transactions: info.operator.transactional === true ? sinkTransactions(task) : null,
        },
      });
    } else {
      nodes.push({
        ...common,
        type: 'operator',
        data: {
          ...base,
          kind: 'operator',
          spec: info.operator,
          state: task.state,
          inputs: inputsOf(info.index),
          alignment: alignmentOf(info.index),
          ignoredNow: ignoresSome(info.operator)
            ? (ignoredNow.get(info.id) ?? NO_VALUES)
            : NO_VALUES,
        },
      });
    }
  }

  const pending: PendingView[] = state.checkpoints
    .filter((c) => c.status === 'IN_PROGRESS')
    .map((c) => ({
      id: c.id,
      kind: c.kind,
      acks: countDefined(c.acks),
      expected: topology.tasks.length,
      stored: countDefined(c.stored),
      phase: c.phase,
    }));
  const ended = state.checkpoints.filter((c) => c.status !== 'IN_PROGRESS');
  nodes.push({
    id: JOB_MANAGER_ID,
    type: 'jobManager',
    position: { x: layout.jobManager.x, y: layout.jobManager.y },
    width: layout.jobManager.width,
    height: layout.jobManager.height,
    connectable: false,
    deletable: false,
    data: {
      scale: layout.scale,
      status: state.job.status,
      mode: state.scenario.checkpoint.mode,
      unaligned:
        state.scenario.checkpoint.unaligned !== true
          ? 'no'
          : (state.scenario.checkpoint.alignedCheckpointTimeoutMs ?? 0) > 0
            ? 'after-timeout'
            : 'always',
      restarts: state.job.restarts,
      restartIn:
        state.job.status === 'RESTARTING' && state.job.restartAt !== null
          ? Math.max(0, state.job.restartAt - tick)
          : null,
      failReason: state.job.failReason,
      pending,
      recent: ended.slice(-4).map((c) => ({ id: c.id, kind: c.kind, status: c.status })),
      triggeredNow,
      completedNow,
    },
  });

  const rows: BackendRow[] = backendShown(
    state.checkpoints.filter((c) => countDefined(c.snapshots) > 0),
    layout.backendCheckpoints,
    restoringFrom,
  ).map((c) => {
    const persisted = c.type === 'aligned' ? {} : channelStateByTask(state.scenario, c);
    return {
      id: c.id,
      kind: c.kind,
      status: c.status,
      unaligned: c.type !== 'aligned',
      cells: topology.tasks.map((t) => ({
        task: t.id,
        label: taskLabel(t.id, state.scenario),
        state: c.snapshots[t.index] ?? null,
        stored: c.stored[t.index] !== null,
        inFlight:
          c.type === 'aligned' || !c.subtasks[t.index]
            ? null
            : (persisted[t.id] ?? []).map((r) => r.value),
      })),
    };
  });
  nodes.push({
    id: BACKEND_ID,
    type: 'backend',
    position: { x: layout.backend.x, y: layout.backend.y },
    width: layout.backend.width,
    height: layout.backend.height,
    connectable: false,
    deletable: false,
    selectable: false,
    data: {
      scale: layout.scale,
      rows,
      cellsPerLine: layout.backendCellsPerLine,
      lineHeight: layout.backendRow,
      restoringFrom,
    },
  });

  // Each channel leaves its sender from a handle of its own, in the order of the outputs.
  const outputHandle = new Map<number, number>();
  for (const task of topology.tasks) {
    let k = 0;
    for (const output of task.outputs) {
      for (const channel of output.channels)
        if (channel !== undefined) outputHandle.set(channel, k++);
    }
  }

  const keepOut = crossedStretches(layout, topology, outputHandle);
  // Records an unaligned checkpoint holds as channel state and the channel still carries.
  const persistedIn = new Map<number, number>();
  for (const c of state.checkpoints) {
    if (c.status === 'FAILED') continue;
    for (const p of c.channelState) persistedIn.set(p.record.id, c.id);
  }
  // Data channels: every element in flight, placed by the fraction of its latency it travelled.
  for (const info of topology.channels) {
    const queue = state.channels[info.index].queue;
    const receiver = state.tasks[info.to];
    const blockedBy = receiver.inputs[info.input].blockedBy;
    // What reached a blocked input is drawn in the receiver's input row, not again on the edge.
    const shown = blockedBy === null ? queue : queue.filter((f) => f.at > tick);
    edges.push({
      id: `ch:${info.id}`,
      type: 'channel',
      ariaLabel: options.edgeLabels?.channel(
        taskLabel(topology.tasks[info.from].id, state.scenario),
        taskLabel(topology.tasks[info.to].id, state.scenario),
      ),
      source: topology.tasks[info.from].id,
      sourceHandle: `out-${outputHandle.get(info.index) ?? 0}`,
      target: topology.tasks[info.to].id,
      targetHandle: `in-${info.input}`,
      selectable: false,
      focusable: false,
      deletable: false,
      data: {
        kind: 'channel',
        channel: info.id,
        // A channel with nothing on it does not change with the tick.
        tick: shown.length > 0 ? tick : 0,
        elements: shown.map((f) =>
          inFlightView(
            f,
            info.id,
            f.element.kind === 'record' ? (persistedIn.get(f.element.id) ?? null) : null,
          ),
        ),
        blockedBy,
        keepOut: keepOut.get(info.index) ?? NO_STRETCHES,
        fill: layout.tasks.get(topology.tasks[info.to].id)!.compactInputs
          ? fillOf(recordsIn(state, info.index), info.capacity, info.edge.capacity !== undefined)
          : null,
      },
    });
  }

  // Control messages travel on a dashed edge between the job manager and their task. A
  // source's edge is always drawn (triggers start there); others only while something travels.
  const messagesOf = new Map<number, MessageView[]>();
  for (const m of state.messages) {
    const list = messagesOf.get(m.task) ?? [];
    list.push({
      key: messageKey(m),
      type: m.type,
      checkpoint: m.checkpoint,
      position: progress(tick, m.sentAt, m.at),
      toJobManager: m.type === 'ack' || m.type === 'decline',
    });
    messagesOf.set(m.task, list);
  }
  // Every control path shares one pace along the lane, set by the farthest turn (controlPath).
  const span = controlSpan(layout);
  for (const info of topology.tasks) {
    const messages = messagesOf.get(info.index) ?? [];
    if (info.operator.kind !== 'source' && messages.length === 0) continue;
    edges.push({
      id: `ctl:${info.id}`,
      type: 'control',
      ariaLabel: options.edgeLabels?.control(taskLabel(info.id, state.scenario)),
      source: JOB_MANAGER_ID,
      sourceHandle: 'ctl',
      target: info.id,
      targetHandle: 'ctl',
      selectable: false,
      focusable: false,
      deletable: false,
      data: { kind: 'control', task: info.id, messages, span },
    });
  }

  // Snapshot writes travel to the backend; restored state travels back in the restore tick.
  const lane =
    layout.backendLane === null ? null : { y: layout.backendLane, toX: layout.backend.x };
  for (const info of topology.tasks) {
    const writes = state.writes
      .filter((w) => w.task === info.index)
      .map((w) => ({
        key: `w${w.checkpoint}@${info.id}`,
        checkpoint: w.checkpoint,
        position: progress(tick, w.startTick, w.doneAt),
      }));
    const restore = restored.get(info.id) ?? null;
    if (writes.length === 0 && restore === null) continue;
    edges.push({
      id: `be:${info.id}`,
      type: 'backend',
      ariaLabel: options.edgeLabels?.backend(taskLabel(info.id, state.scenario)),
      source: info.id,
      sourceHandle: 'store',
      target: BACKEND_ID,
      targetHandle: 'store',
      selectable: false,
      focusable: false,
      deletable: false,
      data: { kind: 'backend', task: info.id, writes, restore, lane },
    });
  }

  return { nodes, edges };
}
