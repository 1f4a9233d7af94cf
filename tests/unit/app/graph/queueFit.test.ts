import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitQueue,
  fittedGaps,
  type Fitted,
  type QueueFit,
} from '../../../../src/app/graph/queueFit';

/** A queue element: a record with its value, or a barrier of a checkpoint. */
type El = { record: number } | { barrier: number };

const chip = (text: string) => ({ width: Math.max(24, text.length * 8.8 + 10), height: 24 });

function fitFor(room: number, angle = 0): QueueFit<El> {
  return {
    isRecord: (e) => 'record' in e,
    size: (e) => ('record' in e ? chip(String(e.record)) : { width: 18, height: 38 }),
    runSize: (n) => chip(`+${n}`),
    position: () => 0,
    angleAt: () => angle,
    least: 27,
    room,
  };
}

/** What a row of fitted items reads as, head first: "7", "|3" for a barrier, "+4" for a run. */
const read = (items: readonly Fitted<El>[]) =>
  items.map((item) =>
    'run' in item
      ? `+${item.run.length}`
      : 'record' in item.one
        ? String(item.one.record)
        : `|${item.one.barrier}`,
  );

const needs = (items: readonly Fitted<El>[], fit: QueueFit<El>) =>
  fittedGaps(items, fit).reduce((a, b) => a + b, 0);

describe('what a channel draws of a queue longer than its room', () => {
  const queue: El[] = [{ record: 1 }, { record: 2 }, { barrier: 3 }, { record: 4 }, { record: 5 }];

  it('draws everything when it fits', () => {
    expect(read(fitQueue(queue, fitFor(1000)))).toEqual(['1', '2', '|3', '4', '5']);
  });

  it('keeps the head and every barrier, and stands one "+N" for each run left out, in order', () => {
    // Room for three items 27 apart, then for four.
    expect(read(fitQueue(queue, fitFor(60)))).toEqual(['+2', '|3', '+2']);
    expect(read(fitQueue(queue, fitFor(85)))).toEqual(['1', '2', '|3', '+2']);
  });

  it('keeps upright chips apart however the path slants', () => {
    const items: Fitted<El>[] = [{ one: { record: 100 } }, { one: { record: 200 } }];
    const { width, height } = chip('100');
    // Level: their widths apart, borders touching.
    expect(needs(items, fitFor(0, 0))).toBeCloseTo(width - 1, 9);
    // A gentle slope: further along the path, or the boxes would overlap side by side.
    const slope = Math.PI / 6;
    expect(needs(items, fitFor(0, slope))).toBeCloseTo(width / Math.cos(slope) - 1, 9);
    // Steep: their heights apart is enough, and the least gap holds.
    const steep = (Math.PI * 5) / 18;
    expect(needs(items, fitFor(0, steep))).toBeCloseTo(height / Math.sin(steep) - 1, 9);
    expect(needs(items, fitFor(0, Math.PI / 2))).toBe(27);
  });

  it('never drops an element: what it draws stands for the whole queue, in its order', () => {
    const element = fc.oneof(
      fc.integer({ min: 0, max: 999 }).map((v): El => ({ record: v })),
      fc.integer({ min: 1, max: 9 }).map((c): El => ({ barrier: c })),
    );
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 40 }),
        fc.integer({ min: 0, max: 600 }),
        (q, room) => {
          const fit = fitFor(room);
          const shown = fitQueue(q, fit);
          expect(shown.flatMap((item) => ('one' in item ? [item.one] : item.run))).toEqual(q);
          // Every barrier drawn as itself; runs only of records, never two runs side by side.
          for (const [k, item] of shown.entries()) {
            if ('run' in item) {
              expect(item.run.every((e) => 'record' in e)).toBe(true);
              expect(k > 0 && 'run' in shown[k - 1]).toBe(false);
            }
          }
          // It fits, unless not even the barriers with every record in a run do.
          if (needs(shown, fit) > room) {
            expect(shown.every((item) => 'run' in item || !('record' in item.one))).toBe(true);
          }
        },
      ),
    );
  });
});
