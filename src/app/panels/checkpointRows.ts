import {
  channelStateByTask,
  checkpointMetrics,
  countDefined,
  summarize,
  type CheckpointType,
  topologyOf,
  type CheckpointFailureReason,
  type CheckpointKind,
  type CheckpointStatus,
  type OperatorState,
  type SimState,
  type SubtaskCheckpointMetrics,
} from '../../engine';
import { FIGURES, type FigureSummary } from './checkpointFigures';

export interface TaskCheckpoint {
  task: string;
  /** What the task snapshotted, once it did. */
  snapshot: OperatorState | null;
  /** Tick the state backend confirmed the write. */
  stored: number | null;
  /** Tick the coordinator received the acknowledgement. */
  ack: number | null;
  /** Ticks the task's alignment started and ended. */
  alignment: { start: number; end: number } | null;
  /** From the trigger until the first barrier reached the task; null before it did. */
  startDelayMs: number | null;
  /** Records the task persisted as channel state. */
  persisted: number;
  /** The values of those records, in persisted order. */
  persistedValues: number[];
  /** Flink's figures for the task, once it started the checkpoint. */
  metrics: SubtaskCheckpointMetrics | null;
}

/** One checkpoint as Flink's web UI lists it, measured at the state's tick. */
export interface CheckpointRow {
  id: number;
  kind: CheckpointKind;
  name: string | null;
  status: CheckpointStatus;
  failReason: CheckpointFailureReason | null;
  triggerTick: number;
  triggerMs: number;
  /** Tick it completed or failed; null while in progress. */
  endTick: number | null;
  /** Trigger to the last acknowledgement (or to now, while in progress). */
  durationMs: number;
  /** Longest alignment of any task; null when no task aligned. */
  alignmentMs: number | null;
  acknowledged: number;
  total: number;
  stateBytes: number;
  type: CheckpointType;
  /** Flink's summary over the subtasks (minimum, average, maximum) of each figure. */
  summary: FigureSummary;
  /** Records persisted as channel state, over all subtasks. */
  persisted: number;
  tasks: TaskCheckpoint[];
}

/**
 * The checkpoint history at `state`'s tick, newest first, as the web UI's table shows it; at
 * most `limit` rows, so a long run costs what is shown. Pure.
 */
export function checkpointRows(state: SimState, limit = Infinity): CheckpointRow[] {
  const { tickMs } = state.scenario;
  const tasks = topologyOf(state.scenario).tasks;
  const newest =
    limit >= state.checkpoints.length ? state.checkpoints : state.checkpoints.slice(-limit);
  return newest
    .map((c) => {
      const end = c.endTick ?? state.tick;
      const channelState = c.type === 'aligned' ? {} : channelStateByTask(state.scenario, c);
      const metrics = new Map(checkpointMetrics(state.scenario, c).map((m) => [m.id, m]));
      // As Flink measures it: first barrier to snapshot, so 0 where a task went unaligned at once.
      const alignments = tasks.flatMap((info) =>
        c.alignment[info.index] === null ? [] : [metrics.get(info.id)?.alignmentMs ?? null],
      );
      const aligned = alignments.filter((a): a is number => a !== null);
      return {
        id: c.id,
        kind: c.kind,
        name: c.name,
        status: c.status,
        failReason: c.failReason,
        triggerTick: c.triggerTick,
        triggerMs: c.triggerTick * tickMs,
        endTick: c.endTick,
        durationMs: (end - c.triggerTick) * tickMs,
        alignmentMs: aligned.length > 0 ? Math.max(...aligned) : null,
        acknowledged: countDefined(c.acks),
        total: tasks.length,
        stateBytes: c.stateBytes,
        type: c.type,
        summary: Object.fromEntries(
          FIGURES.map((f) => [f.key, summarize([...metrics.values()].map((m) => m[f.key]))]),
        ) as FigureSummary,
        persisted: c.channelState.length,
        tasks: tasks.map((info) => ({
          task: info.id,
          snapshot: c.snapshots[info.index] ?? null,
          stored: c.stored[info.index] ?? null,
          ack: c.acks[info.index] ?? null,
          alignment: c.alignment[info.index] ?? null,
          startDelayMs: metrics.get(info.id)?.startDelayMs ?? null,
          persisted: metrics.get(info.id)?.persistedRecords ?? 0,
          persistedValues: (channelState[info.id] ?? []).map((r) => r.value),
          metrics: metrics.get(info.id) ?? null,
        })),
      };
    })
    .reverse();
}
