import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP, Shelves, type Spot } from '../../../../src/app/graph/shelves';

const SIZE = 256;

/** Boxes as the flight layer asks for them: chips, barriers and pills at some resolution. */
const boxesArb = fc.array(
  fc.record({ width: fc.integer({ min: 1, max: 300 }), height: fc.integer({ min: 1, max: 300 }) }),
  { maxLength: 300 },
);

describe('sprite pages packed row by row', () => {
  it('puts every box that fits a page wholly on a page, apart from every other box', () => {
    fc.assert(
      fc.property(boxesArb, (boxes) => {
        const shelves = new Shelves(SIZE);
        const placed: (Spot & { width: number; height: number })[] = [];
        for (const box of boxes) {
          const spot = shelves.place(box.width, box.height);
          if (box.width > SIZE || box.height > SIZE) {
            expect(spot).toBeNull();
            continue;
          }
          expect(spot).not.toBeNull();
          const s = { ...spot!, ...box };
          expect(s.x).toBeGreaterThanOrEqual(0);
          expect(s.y).toBeGreaterThanOrEqual(0);
          expect(s.x + s.width).toBeLessThanOrEqual(SIZE);
          expect(s.y + s.height).toBeLessThanOrEqual(SIZE);
          expect(s.page).toBeLessThan(shelves.count);
          for (const o of placed) {
            if (o.page !== s.page) continue;
            const apart =
              s.x >= o.x + o.width + GAP ||
              o.x >= s.x + s.width + GAP ||
              s.y >= o.y + o.height + GAP ||
              o.y >= s.y + s.height + GAP;
            expect(apart).toBe(true);
          }
          placed.push(s);
        }
      }),
    );
  });

  it('fills a page before it starts another', () => {
    const shelves = new Shelves(SIZE);
    // Chips 40 x 24: six to a row (6 x 41 = 246), ten rows (10 x 25 = 250).
    const spots = Array.from({ length: 61 }, () => shelves.place(40, 24)!);
    expect(spots.slice(0, 60).every((s) => s.page === 0)).toBe(true);
    expect(spots[6]).toEqual({ page: 0, x: 0, y: 25 });
    expect(spots[60].page).toBe(1);
    expect(shelves.count).toBe(2);
  });

  it('starts over from the first page when cleared', () => {
    const shelves = new Shelves(SIZE);
    for (let i = 0; i < 100; i++) shelves.place(60, 60);
    shelves.clear();
    expect(shelves.count).toBe(0);
    expect(shelves.place(10, 10)).toEqual({ page: 0, x: 0, y: 0 });
  });
});
