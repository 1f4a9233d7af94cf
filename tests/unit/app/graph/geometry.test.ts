import { describe, expect, it } from 'vitest';
import { horizontalBezier, orthogonal, pointAt, spread } from '../../../../src/app/graph/geometry';

describe('paths elements travel on', () => {
  it('measures a polyline and finds points along it by distance', () => {
    const g = orthogonal([
      { x: 0, y: 0 },
      { x: 0, y: 100 },
      { x: 50, y: 100 },
    ]);
    expect(g.length).toBe(150);
    expect(pointAt(g, 50)).toEqual({ x: 0, y: 50 });
    expect(pointAt(g, 125)).toEqual({ x: 25, y: 100 });
    expect(pointAt(g, -10)).toEqual({ x: 0, y: 0 });
    expect(pointAt(g, 999)).toEqual({ x: 50, y: 100 });
  });

  it('follows a curve from its source to its target, moving forward with the distance', () => {
    const g = horizontalBezier({ x: 0, y: 0 }, { x: 200, y: 80 });
    expect(g.length).toBeGreaterThan(Math.hypot(200, 80));
    expect(pointAt(g, 0)).toEqual({ x: 0, y: 0 });
    expect(pointAt(g, g.length)).toEqual({ x: 200, y: 80 });
    let last = -1;
    for (let d = 0; d <= g.length; d += g.length / 10) {
      const p = pointAt(g, d);
      expect(p.x).toBeGreaterThan(last);
      last = p.x;
    }
  });
});

describe('spacing the elements of one channel', () => {
  it('leaves elements that are far apart where they are', () => {
    expect(spread([90, 50, 10], 100, 20)).toEqual([90, 50, 10]);
  });

  it('lines up elements sent in the same tick instead of stacking them', () => {
    const d = spread([0, 0, 0], 100, 20);
    expect(d).toEqual([40, 20, 0]);
  });

  it('keeps elements waiting at the receiver inside the path', () => {
    const d = spread([100, 100], 100, 20);
    expect(d).toEqual([100, 80]);
  });

  it('squeezes the gap when more elements wait than fit', () => {
    const d = spread([100, 100, 100, 100, 100], 40, 20);
    expect(d[0]).toBe(40);
    expect(d[4]).toBe(0);
    for (let i = 1; i < d.length; i++) expect(d[i - 1] - d[i]).toBeCloseTo(10);
  });
});
