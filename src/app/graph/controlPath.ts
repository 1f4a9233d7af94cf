import { forkingAlong, orthogonal, type PathGeometry, type Point } from './geometry';
import type { JobLayout } from './layout';
import { SIZE } from './layout';
import type { Warp } from './timing';

/*
 * The way control messages travel between the job manager and a task, and where on it a
 * message is drawn. The job manager sends some messages to several tasks at once (a trigger to
 * every source, an abort to every task): their paths leave the coordinator as one, so the copies
 * are drawn as one pill until their paths part.
 */

/** The control lane runs this far left of a task, in the gap between columns. */
export const CONTROL_LANE = 44;
/** Room kept free at the task's end of the path, before scaling. */
const INSET = 34;
/**
 * The part of a trip in which a message sent to the task farthest along the lane reaches its
 * turn down towards that task; every control path shares this pace up to its own turn.
 */
const SHARED_TRIP = 0.6;
/** The part of a trip's length a message takes to leave the path once delivered. */
export const LEAVING = 0.1;

export interface ControlPath {
  geometry: PathGeometry;
  /** Distance from the job manager to where this path turns off the lane towards its task. */
  turn: number;
}

/**
 * Down from the coordinator (`from`, its bottom), along a lane above the tasks, down the gap left
 * of the task's column, into its header (`to`). It never crosses a node, so a message is always
 * in sight.
 */
export function controlPath(from: Point, to: Point): ControlPath {
  const lane = from.y + SIZE.bandGap / 2;
  const gutter = to.x - CONTROL_LANE;
  return {
    geometry: orthogonal([
      from,
      { x: from.x, y: lane },
      { x: gutter, y: lane },
      { x: gutter, y: to.y },
      to,
    ]),
    turn: SIZE.bandGap / 2 + Math.abs(gutter - from.x),
  };
}

/**
 * How far along the lane, from below the job manager, the farthest task's turn is: the one
 * figure every control path of a job shares (it sets their common pace).
 */
export function controlSpan(layout: Pick<JobLayout, 'jobManager' | 'tasks'>): number {
  const from = layout.jobManager.x + layout.jobManager.width / 2;
  let span = 0;
  for (const box of layout.tasks.values()) {
    span = Math.max(span, Math.abs(box.x - CONTROL_LANE - from));
  }
  return span;
}

export interface ControlTrip {
  /** Where a message's trip starts and ends on the path (the stretch between, `usable`). */
  start: number;
  usable: number;
  /**
   * Where a message is drawn, given the part of its trip done: 0 at the job manager, 1 at the
   * task, below 0 or past 1 while it leaves the path. The same part on every control path of a
   * job, so copies sent together move alike, at rest and between ticks; drawn at a pace every
   * control path shares up to where this one turns off the lane.
   */
  warp: Warp;
}

export function controlTrip(path: ControlPath, span: number, scale: number): ControlTrip {
  const inset = INSET * scale;
  // A message leaves the coordinator, and an ack reaches it, halfway down the stretch every
  // control path shares, so copies sent together start as one pill.
  const start = Math.min(inset, SIZE.bandGap / 4);
  const usable = Math.max(0, path.geometry.length - start - inset);
  const end = start + usable;
  const reach = (SIZE.bandGap / 2 + span - start) / SHARED_TRIP;
  const warp: Warp = (part) => {
    if (part < 0) return start * Math.max(0, 1 + part / LEAVING);
    if (part > 1) return end + inset * Math.min(1, (part - 1) / LEAVING);
    return start + forkingAlong(part, path.turn - start, usable, reach);
  };
  return { start, usable, warp };
}
