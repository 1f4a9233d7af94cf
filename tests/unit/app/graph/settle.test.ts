import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settle, type Box } from '../../../../src/app/graph/settle';

const STAGE = { width: 1000, height: 700 };
const EDGE = 8;

const moved = (b: Box, m: { dx: number; dy: number }): Box => ({
  ...b,
  x: b.x + m.dx,
  y: b.y + m.dy,
});

/** On the stage, in part or whole. */
const seen = (b: Box) =>
  b.x + b.width > 0.5 &&
  b.x < STAGE.width - 0.5 &&
  b.y + b.height > 0.5 &&
  b.y < STAGE.height - 0.5;
const whole = (b: Box) =>
  b.x >= -0.5 &&
  b.y >= -0.5 &&
  b.x + b.width <= STAGE.width + 0.5 &&
  b.y + b.height <= STAGE.height + 0.5;
/**
 * A task on the stage whose name is not: the name is in the header at its top left, so it shows
 * when that corner, half the task's width and a third of its height are on the stage.
 */
const nameCut = (b: Box) =>
  seen(b) &&
  (b.x < -0.5 ||
    b.y < -0.5 ||
    STAGE.width - b.x < b.width / 2 ||
    STAGE.height - b.y < b.height * 0.3);
const cut = (b: Box) => seen(b) && !whole(b);

describe('settle: moving a framing so that it cuts as few tasks as it can', () => {
  it('brings a task cut at the left wholly onto the stage when the framed tasks have room', () => {
    // Lesson 1, "Reading on": the sums framed in the middle, Source 1 cut at the left.
    const keep = { x: 420, y: 160, width: 280, height: 460 };
    const source = { x: -200, y: 300, width: 280, height: 170 };
    const m = settle(STAGE, keep, [source], EDGE);
    expect(whole(moved(source, m))).toBe(true);
    expect(whole(moved(keep, m))).toBe(true);
  });

  it('moves a task too wide to show wholly off the stage rather than cut its name', () => {
    // Lesson 5, "Checkpoint 3 expires": the state backend, wider than the stage, under the tasks.
    const keep = { x: 180, y: 200, width: 740, height: 390 };
    const backend = { x: -120, y: 640, width: 1100, height: 160 };
    const m = settle(STAGE, keep, [backend], EDGE);
    expect(cut(moved(backend, m))).toBe(false);
    expect(whole(moved(keep, m))).toBe(true);
  });

  it('shows a task of which a sliver shows at the right wholly, or not at all', () => {
    const keep = { x: 300, y: 200, width: 300, height: 300 };
    const sink = { x: 960, y: 250, width: 200, height: 150 };
    expect(cut(moved(sink, settle(STAGE, keep, [sink], EDGE)))).toBe(false);
    // With no room to show it wholly, not at all.
    const wide = { x: 100, y: 200, width: 700, height: 300 };
    const m = settle(STAGE, wide, [sink], EDGE);
    expect(seen(moved(sink, m))).toBe(false);
    expect(whole(moved(wide, m))).toBe(true);
  });

  it('leaves a framing that cuts nothing where it is', () => {
    const keep = { x: 300, y: 200, width: 300, height: 300 };
    const others = [
      { x: 20, y: 20, width: 200, height: 100 },
      { x: 1200, y: 100, width: 200, height: 100 },
    ];
    expect(settle(STAGE, keep, others, EDGE)).toEqual({ dx: 0, dy: 0, cost: 0 });
  });

  it('keeps framed tasks that do not fit the stage where they are', () => {
    const keep = { x: -50, y: 100, width: 1100, height: 300 };
    const other = { x: 100, y: -50, width: 200, height: 100 };
    expect(settle(STAGE, keep, [other], EDGE).dx).toBe(0);
  });

  const box = (width: number, height: number) =>
    fc.record({
      x: fc.integer({ min: -1500, max: 1500 }),
      y: fc.integer({ min: -1000, max: 1000 }),
      width: fc.integer({ min: 20, max: width }),
      height: fc.integer({ min: 20, max: height }),
    });

  it('never moves the framed tasks off the stage, and never cuts more names or tasks than it found', () => {
    const framing = fc.record({
      keep: box(900, 600).map((b) => ({
        ...b,
        x: EDGE + (Math.abs(b.x) % (STAGE.width - 2 * EDGE - b.width + 1)),
        y: EDGE + (Math.abs(b.y) % (STAGE.height - 2 * EDGE - b.height + 1)),
      })),
      others: fc.array(box(1400, 400), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(framing, ({ keep, others }) => {
        const m = settle(STAGE, keep, others, EDGE);
        const k = moved(keep, m);
        expect(k.x).toBeGreaterThanOrEqual(EDGE - 1e-9);
        expect(k.y).toBeGreaterThanOrEqual(EDGE - 1e-9);
        expect(k.x + k.width).toBeLessThanOrEqual(STAGE.width - EDGE + 1e-9);
        expect(k.y + k.height).toBeLessThanOrEqual(STAGE.height - EDGE + 1e-9);
        const after = others.map((o) => moved(o, m));
        const score = (boxes: Box[]) =>
          boxes.filter(nameCut).length * 3 + boxes.filter((b) => cut(b) && !nameCut(b)).length;
        expect(score(after)).toBeLessThanOrEqual(score(others));
        // What it says the framing still costs (the camera compares zooms by it): the names and
        // tasks cut, and half a point for each task moved off the stage.
        const gone = others.filter((o, i) => seen(o) && !seen(after[i])).length;
        expect(m.cost).toBeCloseTo(score(after) + gone / 2, 9);
      }),
      { numRuns: 300 },
    );
  });
});
