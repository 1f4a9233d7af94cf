/** Paths of the graph's edges, with the arc length needed to place elements along them. */

export interface Point {
  x: number;
  y: number;
}

export interface PathGeometry {
  /** SVG path data. */
  d: string;
  /** The path as a polyline, for placing elements by distance. */
  points: Point[];
  /** cumulative[i]: length of the polyline from points[0] to points[i]. */
  cumulative: number[];
  length: number;
}

function measure(d: string, points: Point[]): PathGeometry {
  const cumulative = [0];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    cumulative.push(cumulative[i - 1] + Math.hypot(b.x - a.x, b.y - a.y));
  }
  return { d, points, cumulative, length: cumulative[cumulative.length - 1] };
}

const BEZIER_SAMPLES = 48;

/** A cubic curve leaving the source to the right and entering the target from the left. */
export function horizontalBezier(source: Point, target: Point): PathGeometry {
  const bend = Math.max(40, Math.abs(target.x - source.x) / 2);
  const c1 = { x: source.x + bend, y: source.y };
  const c2 = { x: target.x - bend, y: target.y };
  const points: Point[] = [];
  for (let i = 0; i <= BEZIER_SAMPLES; i++) {
    const t = i / BEZIER_SAMPLES;
    const u = 1 - t;
    points.push({
      x: u * u * u * source.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * target.x,
      y: u * u * u * source.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * target.y,
    });
  }
  const d = `M ${source.x},${source.y} C ${c1.x},${c1.y} ${c2.x},${c2.y} ${target.x},${target.y}`;
  return measure(d, points);
}

/** A path through the given corners, drawn with rounded corners; elements follow the corners. */
export function orthogonal(corners: Point[], radius = 8): PathGeometry {
  const points = corners.filter(
    (p, i) => i === 0 || p.x !== corners[i - 1].x || p.y !== corners[i - 1].y,
  );
  let d = `M ${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const prev = points[i - 1];
    const p = points[i];
    const next = points[i + 1];
    const r = Math.min(
      radius,
      Math.hypot(p.x - prev.x, p.y - prev.y) / 2,
      Math.hypot(next.x - p.x, next.y - p.y) / 2,
    );
    const into = unit(prev, p);
    const out = unit(p, next);
    d += ` L ${p.x - into.x * r},${p.y - into.y * r} Q ${p.x},${p.y} ${p.x + out.x * r},${p.y + out.y * r}`;
  }
  const last = points[points.length - 1];
  d += ` L ${last.x},${last.y}`;
  return measure(d, points);
}

function unit(a: Point, b: Point): Point {
  const l = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (b.x - a.x) / l, y: (b.y - a.y) / l };
}

/** The point at `distance` along the path, clamped to its ends. */
export function pointAt(g: PathGeometry, distance: number): Point {
  const { points, cumulative, length } = g;
  if (points.length === 1 || distance <= 0) return points[0];
  if (distance >= length) return points[points.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] <= distance) lo = mid;
    else hi = mid;
  }
  const span = cumulative[hi] - cumulative[lo] || 1;
  const f = (distance - cumulative[lo]) / span;
  return {
    x: points[lo].x + (points[hi].x - points[lo].x) * f,
    y: points[lo].y + (points[hi].y - points[lo].y) * f,
  };
}

/**
 * Distances along a path of `length` for elements at these fractions of their trip, `inset`
 * kept free at both ends (so that no element hides under a node) and at least `gap` apart.
 */
export function placeAlong(
  fractions: readonly number[],
  length: number,
  inset: number,
  gap: Gaps,
): number[] {
  const usable = Math.max(0, length - 2 * inset);
  return spread(
    fractions.map((f) => f * usable),
    usable,
    gap,
  ).map((d) => inset + d);
}

/**
 * Distances along a path of `length` for elements queued on it, head (nearest the end) first:
 * each as near its wanted distance as the others allow, at least `gap` apart, none past an end.
 * Elements sent in the same tick share a position; this lines them up instead of stacking them.
 */
export function spread(wanted: readonly number[], length: number, gap: Gaps): number[] {
  const n = wanted.length;
  if (n === 0) return [];
  const gaps = Array.from({ length: n }, (_, i) =>
    i === 0 ? 0 : typeof gap === 'number' ? gap : gap[i],
  );
  // Too many for the length: every gap shrinks alike.
  const needed = gaps.reduce((sum, g) => sum + g, 0);
  const shrink = needed > length && needed > 0 ? length / needed : 1;
  const g = gaps.map((v) => v * shrink);
  const clamp = (v: number) => Math.max(0, Math.min(length, v));
  const d = wanted.map(clamp);
  for (let i = 1; i < n; i++) d[i] = Math.min(d[i], d[i - 1] - g[i]);
  if (d[n - 1] < 0) {
    d[n - 1] = 0;
    for (let i = n - 2; i >= 0; i--) d[i] = Math.max(d[i], d[i + 1] + g[i + 1]);
  }
  return d.map(clamp);
}

/**
 * The room kept between elements queued on a path: one distance for all, or `gaps[i]` between
 * element i - 1 and element i (gaps[0] is not read).
 */
export type Gaps = number | readonly number[];

/**
 * How far along its path a control message is, `fraction` of the way through its trip, when the
 * job manager sends copies of it to several tasks at once (an abort, a trigger to every source):
 * their paths leave the coordinator as one and part where each turns off towards its task. Up to
 * `fork`, where this path turns off, every copy moves at one pace, `reach` per whole trip, the
 * same on every path, so copies sent together stay one pill while their paths are one; past it,
 * this copy goes at the pace that brings it to `end` as its trip ends. Without room for that
 * (a fork at or past the end, or the shared pace too slow to reach the fork in time) it moves
 * at one pace all the way.
 */
export function forkingAlong(fraction: number, fork: number, end: number, reach: number): number {
  const f = Math.max(0, Math.min(1, fraction));
  if (fork <= 0 || fork >= end || reach <= fork) return f * end;
  const turn = fork / reach;
  if (f <= turn) return f * reach;
  return fork + ((f - turn) / (1 - turn)) * (end - fork);
}

/** Where two paths cross: the distance along each to the crossing, for every crossing. */
export function crossings(a: PathGeometry, b: PathGeometry): { alongA: number; alongB: number }[] {
  const found: { alongA: number; alongB: number }[] = [];
  for (let i = 1; i < a.points.length; i++) {
    const p = a.points[i - 1];
    const r = { x: a.points[i].x - p.x, y: a.points[i].y - p.y };
    for (let j = 1; j < b.points.length; j++) {
      const q = b.points[j - 1];
      const s = { x: b.points[j].x - q.x, y: b.points[j].y - q.y };
      const denominator = r.x * s.y - r.y * s.x;
      if (denominator === 0) continue;
      const t = ((q.x - p.x) * s.y - (q.y - p.y) * s.x) / denominator;
      const u = ((q.x - p.x) * r.y - (q.y - p.y) * r.x) / denominator;
      if (t < 0 || t > 1 || u < 0 || u > 1) continue;
      found.push({
        alongA: a.cumulative[i - 1] + t * (a.cumulative[i] - a.cumulative[i - 1]),
        alongB: b.cumulative[j - 1] + u * (b.cumulative[j] - b.cumulative[j - 1]),
      });
    }
  }
  return found;
}

/** Room a channel keeps free at both of its ends, so an element never hides under a node. */
export const CHANNEL_INSET = 16;

/** A stretch of a path, by distance along it, where no element is placed to rest. */
export type KeepOut = readonly [from: number, to: number];

/** The stretches of a path, in order, where elements may rest: past the insets, not kept out. */
export function freeStretches(
  length: number,
  inset: number,
  keepOut: readonly KeepOut[],
): [number, number][] {
  const to = Math.max(inset, length - inset);
  const free: [number, number][] = [];
  let at = inset;
  for (const [a, b] of [...keepOut].sort((x, y) => x[0] - y[0])) {
    const start = Math.max(at, Math.min(to, a));
    if (start > at) free.push([at, start]);
    at = Math.max(at, Math.min(to, b));
  }
  if (to > at) free.push([at, to]);
  return free;
}

/**
 * placeAlong, leaving out the `keepOut` stretches (where another path crosses): the usable
 * length without them is what the fractions divide, so elements keep their order and their
 * spacing and none rests where an element of the other path could.
 */
export function placeAvoiding(
  fractions: readonly number[],
  length: number,
  inset: number,
  gap: Gaps,
  keepOut: readonly KeepOut[],
): number[] {
  const free = freeStretches(length, inset, keepOut);
  const usable = free.reduce((n, [a, b]) => n + (b - a), 0);
  if (free.length === 0 || usable <= 0) return placeAlong(fractions, length, inset, gap);
  const virtual = spread(
    fractions.map((f) => f * usable),
    usable,
    gap,
  );
  return virtual.map((v) => {
    let rest = v;
    for (const [a, b] of free) {
      if (rest <= b - a) return a + rest;
      rest -= b - a;
    }
    return free[free.length - 1][1];
  });
}
