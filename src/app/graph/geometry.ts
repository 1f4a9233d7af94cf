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
  gap: number,
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
export function spread(wanted: readonly number[], length: number, gap: number): number[] {
  const n = wanted.length;
  if (n === 0) return [];
  const g = n > 1 ? Math.min(gap, length / (n - 1)) : gap;
  const clamp = (v: number) => Math.max(0, Math.min(length, v));
  const d = wanted.map(clamp);
  for (let i = 1; i < n; i++) d[i] = Math.min(d[i], d[i - 1] - g);
  if (d[n - 1] < 0) {
    d[n - 1] = 0;
    for (let i = n - 2; i >= 0; i--) d[i] = Math.max(d[i], d[i + 1] + g);
  }
  return d.map(clamp);
}
