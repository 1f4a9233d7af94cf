import {
  definedValues,
  type CheckpointFailureReason,
  type CheckpointKind,
  type CheckpointStatus,
  type SimEvent,
  type SimState,
} from '../../engine';

/** One checkpoint's lane in the scheduling chart, in ticks. */
export interface Lane {
  id: number;
  kind: CheckpointKind;
  trigger: number;
  /** Tick it completed or failed in the recorded run; null if the run ended first. */
  end: number | null;
  /** How it ended in the recorded run. */
  outcome: CheckpointStatus;
  failReason: CheckpointFailureReason | null;
  /** Its status at the cursor; null while it lies in the future. */
  statusNow: CheckpointStatus | null;
  /** From the first task starting to align to the last one done. */
  alignment: { start: number; end: number } | null;
  stored: number[];
  acks: number[];
  /** Where the timeout expires it. */
  deadline: number;
  /** Where the interval alone would start the next checkpoint. */
  intervalDue: number | null;
  /** Until when the min pause holds the next checkpoint back, counted from its completion. */
  pauseUntil: number | null;
}

export interface TickWindow {
  from: number;
  to: number;
}

/**
 * The ticks the chart shows: the whole run when it is short, else a window of about eight
 * intervals that follows the cursor, so a long run stays readable. Pure.
 */
export function scheduleWindow(
  end: number,
  cursor: number,
  intervalTicks: number | null,
): TickWindow {
  const span = Math.max(40, (intervalTicks ?? 10) * 8);
  if (end <= span) return { from: 0, to: Math.max(end, 1) };
  const from = Math.max(0, Math.min(cursor - Math.round(span * 0.7), end - span));
  return { from, to: from + span };
}

/**
 * The lanes of the checkpoints that overlap `window`, from the recorded run (`final`), with
 * each one's status at the cursor (`current`). Both states come from the same deterministic
 * run, so the past part of a lane is exactly what the cursor's state knows. Pure.
 */
export function scheduleLanes(final: SimState, current: SimState, window: TickWindow): Lane[] {
  const { tickMs, checkpoint: config } = final.scenario;
  const ticks = (ms: number) => Math.ceil(ms / tickMs);
  const now = new Map(current.checkpoints.map((c) => [c.id, c.status]));
  // The run keeps only its latest checkpoints (Flink's history): the ones it forgot by its end
  // come from the cursor's state, which may still hold them.
  const known = new Set(final.checkpoints.map((c) => c.id));
  const older = current.checkpoints.filter((c) => !known.has(c.id));
  const all = older.length === 0 ? final.checkpoints : [...older, ...final.checkpoints];
  return all
    .filter((c) => c.triggerTick <= window.to && (c.endTick ?? final.tick) >= window.from)
    .map((c) => {
      const aligned = definedValues(c.alignment);
      return {
        id: c.id,
        kind: c.kind,
        trigger: c.triggerTick,
        end: c.endTick,
        outcome: c.status,
        failReason: c.failReason,
        statusNow: now.get(c.id) ?? null,
        alignment:
          aligned.length > 0
            ? {
                start: Math.min(...aligned.map((a) => a.start)),
                end: Math.max(...aligned.map((a) => a.end)),
              }
            : null,
        stored: definedValues(c.stored),
        acks: definedValues(c.acks),
        deadline: c.triggerTick + ticks(config.timeoutMs),
        intervalDue:
          c.kind === 'checkpoint' && config.intervalMs !== null
            ? c.triggerTick + ticks(config.intervalMs)
            : null,
        pauseUntil:
          c.kind === 'checkpoint' && c.completeTick !== null && config.minPauseMs > 0
            ? c.completeTick + ticks(config.minPauseMs)
            : null,
      };
    });
}

/** Checkpoints in progress at the state's tick, savepoints included (Flink counts both). */
export function inFlight(state: SimState): number {
  return state.checkpoints.filter((c) => c.status === 'IN_PROGRESS').length;
}

/** A stretch in which the job was not running: from a failure to the restart (or the end). */
export interface Downtime {
  start: number;
  /** Tick the job ran again; null if it never did. */
  end: number | null;
}

/**
 * The stretches up to `to` in which the job had failed over, from the recorded events: a task
 * failure or an exhausted tolerance cancels every task, and no checkpoint can run until the
 * job restarts. Pure.
 */
export function downtimes(
  events: readonly (readonly SimEvent[] | undefined)[],
  to: number,
): Downtime[] {
  const found: Downtime[] = [];
  let open: Downtime | null = null;
  for (let t = 0; t <= Math.min(to, events.length - 1); t++) {
    for (const e of events[t] ?? []) {
      // A failover starts when the job goes RESTARTING; its tasks are cancelled a tick later.
      if ((e.type === 'JobRestarting' || e.type === 'TasksCanceled') && !open) {
        open = { start: t, end: null };
        found.push(open);
      } else if (e.type === 'JobRestarted' && open) {
        open.end = t;
        open = null;
      }
    }
  }
  return found;
}
