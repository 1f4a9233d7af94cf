import { ticksPerSecond, topologyOf } from './topology';
import type { SimState, StreamElement } from './types';

/**
 * The elements that reached input `input` of task `task` by the state's tick and wait at the
 * head of its channel. Behind the barrier of a blocked input they are what Flink 1.10 and
 * earlier moved into an alignment buffer; since 1.11 they stay in the channel. Pure.
 */
export function arrivedOn(state: SimState, task: number, input: number): StreamElement[] {
  const channel = topologyOf(state.scenario).tasks[task].inputs[input];
  const arrived: StreamElement[] = [];
  for (const q of state.channels[channel].queue) {
    if (q.at > state.tick) break;
    arrived.push(q.element);
  }
  return arrived;
}

/** Records in a channel: what holds its credits (barriers take none). Pure. */
export function recordsIn(state: SimState, channel: number): number {
  let n = 0;
  for (const q of state.channels[channel].queue) if (q.element.kind === 'record') n++;
  return n;
}

export type BackpressureStatus = 'OK' | 'LOW' | 'HIGH';

/** A task's shares of time, as Flink's web UI shows them, with its backpressure status. */
export interface Backpressure {
  busy: number;
  backpressured: number;
  idle: number;
  status: BackpressureStatus;
}

/**
 * Flink's web UI: OK up to 10% of the time backpressured, LOW up to 50%, HIGH above. Pure.
 */
export function backpressureStatus(backpressured: number): BackpressureStatus {
  if (backpressured <= 0.1) return 'OK';
  if (backpressured <= 0.5) return 'LOW';
  return 'HIGH';
}

function figures(busy: number, backpressured: number, span: number): Backpressure {
  if (span <= 0) return { busy: 0, backpressured: 0, idle: 1, status: 'OK' };
  const b = Math.min(1, busy / span);
  const p = Math.min(1 - b, backpressured / span);
  return { busy: b, backpressured: p, idle: 1 - b - p, status: backpressureStatus(p) };
}

/** Whether every entry of a task's last second sits in its tick's slot of a ring (or is empty). */
function isRing(recent: readonly number[], window: number): boolean {
  if (recent.length !== 3 * window) return false;
  for (let i = 0; i < recent.length; i += 3) {
    if (recent[i] !== 0 && recent[i] % window !== i / 3) return false;
  }
  return true;
}

/**
 * Task `task`'s busy, backpressured and idle shares over the last simulated second, as Flink's
 * busyTimeMsPerSecond, backPressuredTimeMsPerSecond and idleTimeMsPerSecond report them: a
 * task that cannot emit because an output channel has no credit is backpressured, one with
 * nothing to read (or only blocked inputs) is idle. Pure.
 */
export function backpressureOf(state: SimState, task: number): Backpressure {
  const load = state.tasks[task].load;
  const window = ticksPerSecond(state.scenario);
  const from = state.tick - window;
  let busy = 0;
  let backpressured = 0;
  const recent = load.recent;
  // A ring (see TaskLoad.recent) is read from its oldest slot, so that the figures are summed in
  // the order of their ticks, as from a list.
  const start = isRing(recent, window) ? ((state.tick + 1) % window) * 3 : 0;
  for (let k = 0; k < recent.length; k += 3) {
    const i = start + k < recent.length ? start + k : start + k - recent.length;
    if (recent[i] <= from) continue;
    busy += recent[i + 1];
    backpressured += recent[i + 2];
  }
  return figures(busy, backpressured, Math.min(window, state.tick - load.since));
}

/** The same shares over the whole time the task has run since it (re)started. Pure. */
export function backpressureOverRun(state: SimState, task: number): Backpressure {
  const load = state.tasks[task].load;
  return figures(load.busy, load.backpressured, state.tick - load.since);
}
