import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlPath, controlSpan, controlTrip } from '../../../../src/app/graph/controlPath';
import { forkingAlong, pointAt, type Point } from '../../../../src/app/graph/geometry';
import type { TaskBox } from '../../../../src/app/graph/layout';

describe('a message copied to several paths that leave as one', () => {
  it('starts at 0, ends at the end, and never goes back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (fork, end, reach) => {
          expect(forkingAlong(0, fork, end, reach)).toBe(0);
          expect(forkingAlong(1, fork, end, reach)).toBeCloseTo(end, 6);
          let last = 0;
          for (let k = 1; k <= 50; k++) {
            const d = forkingAlong(k / 50, fork, end, reach);
            expect(d).toBeGreaterThanOrEqual(last - 1e-9);
            last = d;
          }
        },
      ),
    );
  });

  it('keeps copies at one distance until the nearer of their forks, whatever their lengths', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 400, noNaN: true }),
        fc.double({ min: 1, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (forkA, forkB, fraction) => {
          // Both forks come before both ends, and the shared pace reaches the farther in time.
          const reach = Math.max(forkA, forkB) / 0.6;
          const a = forkingAlong(fraction, forkA, forkA + 150, reach);
          const b = forkingAlong(fraction, forkB, forkB + 300, reach);
          if (Math.min(a, b) <= Math.min(forkA, forkB)) expect(a).toBeCloseTo(b, 9);
        },
      ),
    );
  });
});

/** A task's box as the layout gives it: only its left edge matters to the control path. */
const box = (x: number, y: number): TaskBox =>
  ({ x, y, width: 172, height: 120, scale: 1 }) as TaskBox;

describe('control messages sent to several tasks at once', () => {
  // The job manager's bottom centre, and three tasks: two in one column to the left (two
  // sources), one to the right.
  const jobManager = { x: 300, y: 0, width: 440, height: 112 };
  const from: Point = { x: 520, y: 112 };
  const tasks = new Map([
    ['source#0', box(100, 200)],
    ['source#1', box(100, 360)],
    ['sum#0', box(800, 200)],
  ]);
  const span = controlSpan({ jobManager, tasks });
  const header = 20;
  const trips = [...tasks].map(([id, b]) => {
    const path = controlPath(from, { x: b.x, y: b.y + header });
    return { id, path, trip: controlTrip(path, span, 1) };
  });
  const drawnAt = (k: number, part: number) =>
    pointAt(trips[k].path.geometry, trips[k].trip.warp(part));
  const samePoint = (a: Point, b: Point) => {
    expect(a.x).toBeCloseTo(b.x, 1);
    expect(a.y).toBeCloseTo(b.y, 1);
  };
  const parts = Array.from({ length: 121 }, (_, k) => -0.1 + (k / 120) * 1.2);

  it('draws the copies to one column as one pill until that column, while stepping and moving', () => {
    const [first, second] = [0, 1];
    const turn = trips[first].path.turn;
    let together = 0;
    for (const part of parts) {
      if (trips[first].trip.warp(part) > turn) break;
      samePoint(drawnAt(second, part), drawnAt(first, part));
      together += 1;
    }
    // Most of the way: down from the coordinator and along the lane.
    expect(together).toBeGreaterThan(parts.length / 3);
  });

  it('draws copies going opposite ways as one pill where they leave the coordinator', () => {
    for (const part of [-0.1, -0.05, 0]) {
      samePoint(drawnAt(2, part), drawnAt(0, part));
    }
    // ...and apart soon after, each on its own side.
    expect(drawnAt(0, 0.3).x).toBeLessThan(from.x - 50);
    expect(drawnAt(2, 0.3).x).toBeGreaterThan(from.x + 50);
  });

  it('brings every copy to its own task as its trip ends', () => {
    for (const { path, trip } of trips) {
      expect(trip.warp(1)).toBeCloseTo(trip.start + trip.usable, 6);
      expect(trip.warp(1.1)).toBeCloseTo(path.geometry.length, 6);
      expect(trip.warp(-0.1)).toBe(0);
    }
  });
});
