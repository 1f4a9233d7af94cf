/** A box on the stage, in screen pixels from the stage's top left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space kept between a box moved wholly onto the stage, or off it, and the stage's edge. */
const MARGIN = 4;
/** Rounding a box may be off by and still count as on the stage or off it. */
const SLACK = 0.5;
/** The part of a task's width, and of its height, from its top left corner that shows its name. */
const NAME_WIDTH = 0.5;
const NAME_HEIGHT = 0.3;
/** Past this many tasks the framing is left as it is: a lesson's job has a dozen. */
const MOST_OTHERS = 40;

/** Whether any of `box`, moved by `dx`, `dy`, is on the stage. */
function seen(box: Box, dx: number, dy: number, stage: { width: number; height: number }) {
  const left = box.x + dx;
  const top = box.y + dy;
  return (
    left + box.width > SLACK &&
    left < stage.width - SLACK &&
    top + box.height > SLACK &&
    top < stage.height - SLACK
  );
}

/**
 * What a task costs a framing moved by `dx`, `dy`: cut at its top or left edge, or with too little
 * of it on the stage, its name, which the class reads it by, is cut (3); cut at its right or
 * bottom with its name on the stage, 1;
 * moved off the stage it was on, it is no longer seen (0.5); wholly on, or still off, nothing.
 */
function cost(box: Box, dx: number, dy: number, stage: { width: number; height: number }): number {
  if (!seen(box, dx, dy, stage)) return seen(box, 0, 0, stage) ? 0.5 : 0;
  const left = box.x + dx;
  const top = box.y + dy;
  const shownWidth = stage.width - left;
  const shownHeight = stage.height - top;
  // The name sits in the header at the top left: the top left corner, half the width and the
  // header's third of the height on the stage show it.
  const nameCut =
    left < -SLACK ||
    top < -SLACK ||
    shownWidth < box.width * NAME_WIDTH ||
    shownHeight < box.height * NAME_HEIGHT;
  const cut = nameCut || shownWidth < box.width - SLACK || shownHeight < box.height - SLACK;
  return nameCut ? 3 : cut ? 1 : 0;
}

/** The size that goes with each axis of a box. */
const SIZE = { x: 'width', y: 'height' } as const;

/** Moves along `axis` that keep `keep` within `edge` of the stage, candidates for `others`. */
function moves(
  axis: 'x' | 'y',
  keep: Box,
  others: readonly Box[],
  length: number,
  edge: number,
): number[] {
  const size = SIZE[axis];
  const lowest = edge - keep[axis];
  const highest = length - edge - (keep[axis] + keep[size]);
  // What is kept does not fit: it stays where the framing centred it.
  if (lowest > highest) return [0];
  const clamp = (d: number) => Math.min(highest, Math.max(lowest, d));
  const found = new Set([clamp(0)]);
  for (const other of others) {
    const from = other[axis];
    const to = from + other[size];
    // Wholly on the stage (its near edge first, when it is larger than the stage), or wholly off.
    found.add(clamp(length - MARGIN - to));
    found.add(clamp(MARGIN - from));
    found.add(clamp(-MARGIN - to));
    found.add(clamp(length + MARGIN - from));
  }
  return [...found];
}

/** A framing's move, and what it still costs: the sum of its tasks' costs (see `cost`). */
export interface Settled {
  dx: number;
  dy: number;
  cost: number;
}

/**
 * How far to move a framing (in screen pixels) so that the tasks it frames (`keep`, kept `edge`
 * pixels inside the stage) stay framed and as few other tasks as can be are cut at the stage's
 * edges: a task partly on the stage is brought wholly onto it, or off it, or at least its name
 * onto it. Of equally good moves, the shortest; none when nothing is better than where it is.
 * With more tasks than a lesson's job has, the framing is left as it is, at no cost.
 */
export function settle(
  stage: { width: number; height: number },
  keep: Box,
  others: readonly Box[],
  edge: number,
): Settled {
  if (others.length > MOST_OTHERS) return { dx: 0, dy: 0, cost: 0 };
  if (others.length === 0) return { dx: 0, dy: 0, cost: 0 };
  const xs = moves('x', keep, others, stage.width, edge);
  const ys = moves('y', keep, others, stage.height, edge);
  let best = { dx: 0, dy: 0, cost: Infinity, distance: Infinity };
  for (const dx of xs) {
    for (const dy of ys) {
      let total = 0;
      for (const box of others) total += cost(box, dx, dy, stage);
      const distance = Math.abs(dx) + Math.abs(dy);
      if (total < best.cost || (total === best.cost && distance < best.distance)) {
        best = { dx, dy, cost: total, distance };
      }
    }
  }
  return { dx: best.dx, dy: best.dy, cost: best.cost };
}
