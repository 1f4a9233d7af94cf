import type { SimEvent } from '../../engine';
import { RECORD_NOISE } from '../../session/describeEvent';

export interface LogGroup {
  tick: number;
  events: SimEvent[];
}

export interface LogWindow {
  /** Ticks with something to say, oldest first, ending at the cursor. */
  groups: LogGroup[];
  /** Earlier ticks also had something to say but fell outside the limit. */
  more: boolean;
}

/**
 * A tick's events without the per-record ones, and without a source's snapshot, which the
 * sentence of its barrier ("stored offset 5 and emitted barrier 1") already tells.
 */
function condense(events: readonly SimEvent[]): readonly SimEvent[] {
  return events.filter(
    (e) =>
      !RECORD_NOISE.has(e.type) &&
      !(
        e.type === 'SnapshotTaken' &&
        events.some(
          (b) => b.type === 'BarrierInjected' && b.task === e.task && b.checkpoint === e.checkpoint,
        )
      ),
  );
}

/**
 * The log up to `cursor`: the latest ticks with events, walking back until `limit` events are
 * gathered (whole ticks only), so a long run costs what is shown, not what was recorded. With
 * `hideNoise` the per-record events and repeated sentences are left out. Pure.
 */
export function logWindow(
  eventsAt: (tick: number) => readonly SimEvent[] | undefined,
  cursor: number,
  hideNoise: boolean,
  limit: number,
): LogWindow {
  const groups: LogGroup[] = [];
  let count = 0;
  let t = cursor;
  for (; t >= 0; t--) {
    const all = eventsAt(t);
    if (!all || all.length === 0) continue;
    const shown = hideNoise ? condense(all) : all;
    if (shown.length === 0) continue;
    if (count >= limit) break;
    groups.push({ tick: t, events: shown as SimEvent[] });
    count += shown.length;
  }
  return { groups: groups.reverse(), more: t >= 0 };
}
