/*
 * What a channel shows of its queue when the queue is longer than the channel has room for:
 * every barrier, the records nearest the receiver, and in place of each run of records left out,
 * one "+N" chip where the run is, so the order of records and barriers stays true.
 */

/** One element drawn as itself, or a run of records drawn as one "+N" chip. */
export type Fitted<T> = { one: T } | { run: T[] };

export interface QueueFit<T> {
  /** Is the element a record (one that may be left out) rather than a barrier? */
  isRecord: (element: T) => boolean;
  /** How large the element is drawn. */
  size: (element: T) => Size;
  /** How large a "+N" chip is drawn. */
  runSize: (count: number) => Size;
  /** Where the element wants to be, as a fraction of its trip. */
  position: (element: T) => number;
  /** The direction of the path at a fraction of it, in radians (0: to the right). */
  angleAt: (fraction: number) => number;
  /** The least distance between the centres of two neighbours. */
  least: number;
  /** The room along the channel the centres may spread over. */
  room: number;
}

export interface Size {
  width: number;
  height: number;
}

function sizeOf<T>(item: Fitted<T>, fit: QueueFit<T>): Size {
  return 'one' in item ? fit.size(item.one) : fit.runSize(item.run.length);
}

/** Where an item wants to be: its element's place, or a run's first record's. */
export function fittedPosition<T>(item: Fitted<T>, fit: QueueFit<T>): number {
  return fit.position('one' in item ? item.one : item.run[0]);
}

/**
 * The distance along the path between the centres of each item and the one before it (the
 * first: 0): enough that their boxes do not overlap where the path runs between them (a box
 * is upright, so a slanting path needs more distance than its width), borders touching. Where
 * they run is `at` (fractions of the path, one per item), or where they want to be.
 */
export function fittedGaps<T>(
  items: readonly Fitted<T>[],
  fit: QueueFit<T>,
  at: readonly number[] = items.map((item) => fittedPosition(item, fit)),
): number[] {
  return items.map((item, i) => {
    if (i === 0) return 0;
    const a = sizeOf(items[i - 1], fit);
    const b = sizeOf(item, fit);
    const angle = fit.angleAt((at[i - 1] + at[i]) / 2);
    const along = Math.abs(Math.cos(angle));
    const across = Math.abs(Math.sin(angle));
    const apart = Math.min(
      along > 1e-6 ? (a.width + b.width) / 2 / along : Infinity,
      across > 1e-6 ? (a.height + b.height) / 2 / across : Infinity,
    );
    return Math.max(fit.least, apart - 1);
  });
}

/**
 * `gaps` widened where two neighbours placed at `centres` still overlap (a path that bends
 * between them brings them closer than the distance along it): each such gap grows by as much
 * as their centres must move apart, borders touching.
 */
export function widenedGaps<T>(
  items: readonly Fitted<T>[],
  fit: QueueFit<T>,
  gaps: readonly number[],
  centres: readonly { x: number; y: number }[],
): number[] {
  return gaps.map((gap, i) => {
    if (i === 0) return gap;
    const a = sizeOf(items[i - 1], fit);
    const b = sizeOf(items[i], fit);
    const wide = (a.width + b.width) / 2 - 1;
    const tall = (a.height + b.height) / 2 - 1;
    const dx = Math.abs(centres[i].x - centres[i - 1].x);
    const dy = Math.abs(centres[i].y - centres[i - 1].y);
    if (dx >= wide || dy >= tall) return gap;
    const grow = Math.min(wide / Math.max(dx, 1e-6), tall / Math.max(dy, 1e-6));
    return gap * Math.min(grow, 4);
  });
}

/** `queue` with every record after its first `kept` records drawn in runs. */
function keeping<T>(queue: readonly T[], kept: number, fit: QueueFit<T>): Fitted<T>[] {
  const out: Fitted<T>[] = [];
  let records = 0;
  for (const element of queue) {
    if (!fit.isRecord(element) || records++ < kept) {
      out.push({ one: element });
      continue;
    }
    const last = out[out.length - 1];
    if (last && 'run' in last) last.run.push(element);
    else out.push({ run: [element] });
  }
  return out;
}

/**
 * The queue (head, nearest the receiver, first) as drawn: all of it when it fits in the room,
 * else as many records from the head as leave room for the rest in runs. When not even every
 * barrier fits, the barriers and one run between each: the placing then squeezes them. `gaps`
 * gives the room items need between them (fittedGaps, where they end up).
 */
export function fitQueue<T>(
  queue: readonly T[],
  fit: QueueFit<T>,
  gaps: (items: readonly Fitted<T>[]) => readonly number[] = (items) => fittedGaps(items, fit),
): Fitted<T>[] {
  const records = queue.filter(fit.isRecord).length;
  // No gap is under the least: a row that cannot fit at the least spacing is not measured.
  const fits = (items: readonly Fitted<T>[]) =>
    (items.length - 1) * fit.least <= fit.room &&
    gaps(items).reduce((sum, g) => sum + g, 0) <= fit.room;
  const all = keeping(queue, records, fit);
  if (fits(all)) return all;
  // The most records kept that fit (keeping fewer never needs more room): a binary search, so
  // a long queue costs a few placings, not one per record.
  let lo = 0;
  let hi = records - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(keeping(queue, mid, fit))) lo = mid;
    else hi = mid - 1;
  }
  return keeping(queue, lo, fit);
}
