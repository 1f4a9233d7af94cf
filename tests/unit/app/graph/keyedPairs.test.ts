import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeState, keyCount, pairsShown } from '../../../../src/app/graph/describe';

const pairsArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 40 })
  .map((keys) => keys.map((k) => `${k}:${k * 7}`));

describe('a sum by key on the graph', () => {
  it('lists its pairs in key order, numbers by value and names by name', () => {
    const text = describeState({ kind: 'sum', sum: 0, byKey: { odd: 9, even: 6 } });
    expect(text.pairs).toEqual(['even:6', 'odd:9']);
    expect(text.value).toBe('even:6 odd:9');
    const numbers = describeState({ kind: 'sum', sum: 0, byKey: { 10: 1, 2: 5, 1: 3 } });
    expect(numbers.pairs).toEqual(['1:3', '2:5', '10:1']);
  });

  it('shows all of a few short pairs in a node, and some of many with room for "+N"', () => {
    // A full node's state row has 182 units for the values at 20 units a character's height.
    expect(pairsShown(['even:56', 'odd:64'], 182, 20)).toBe(2);
    const many = Array.from({ length: 22 }, (_, k) => `${k + 1}:${k + 1}`);
    const shown = pairsShown(many, 182, 20);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(many.length);
  });

  it('shows fewer pairs in less room, never more than it has, all of them in room enough', () => {
    fc.assert(
      fc.property(
        pairsArb,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 200 }),
        (pairs, room, more) => {
          const shown = pairsShown(pairs, room, 17);
          expect(shown).toBeGreaterThanOrEqual(0);
          expect(shown).toBeLessThanOrEqual(pairs.length);
          expect(pairsShown(pairs, room + more, 17)).toBeGreaterThanOrEqual(shown);
          expect(pairsShown(pairs, 100_000, 17)).toBe(pairs.length);
          expect(pairsShown(pairs, 0, 17)).toBe(0);
        },
      ),
    );
  });

  it('says how many keys in both languages', () => {
    expect(keyCount(1)).toEqual({ en: '1 key', zh: '1 个键' });
    expect(keyCount(22)).toEqual({ en: '22 keys', zh: '22 个键' });
  });
});
