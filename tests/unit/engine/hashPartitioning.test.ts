import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subtaskForKey, subtaskForValue } from '../../../src/engine/topology';

// Hash partitioning routes a record by its value without making the key's string: it must pick
// the subtask the string key picks, or a rescaled restore would move keyed state elsewhere.
describe('hash partitioning by value', () => {
  const same = (value: number, parallelism: number): void => {
    expect(subtaskForValue(value, parallelism)).toBe(subtaskForKey(String(value), parallelism));
  };

  it('picks the subtask of the value as a string key, for small and negative integers', () => {
    for (let value = -5000; value <= 5000; value++)
      for (const p of [1, 2, 3, 8, 13]) same(value, p);
  });

  it('does so for any number: large integers, fractions, -0, infinities and NaN', () => {
    for (const value of [-0, 2 ** 31, -(2 ** 31), 2 ** 32 + 7, Number.MAX_SAFE_INTEGER, -1e15]) {
      same(value, 7);
    }
    for (const value of [0.5, -2.25, 1e21, 2 ** 53 + 2, NaN, Infinity, -Infinity]) same(value, 5);
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()),
        fc.integer({ min: 1, max: 128 }),
        same,
      ),
      { seed: 8, numRuns: 2000 },
    );
  });
});
