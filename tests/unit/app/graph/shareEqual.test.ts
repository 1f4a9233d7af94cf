import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shareEqual } from '../../../../src/app/graph/shareEqual';

describe('shareEqual', () => {
  it('gives back the previous value when the next one equals it in every part', () => {
    const previous = { id: 'sum#0', data: { inputs: [{ channel: 'a->b', buffer: [1, 2] }] } };
    const next = { id: 'sum#0', data: { inputs: [{ channel: 'a->b', buffer: [1, 2] }] } };
    expect(shareEqual(previous, next)).toBe(previous);
  });

  it('keeps the identity of unchanged nodes when one node changed', () => {
    type Node = { id: string; data: { value: number; inputs: { channel: string }[] } };
    const source: Node = { id: 'source#0', data: { value: 3, inputs: [] } };
    const sum: Node = { id: 'sum#0', data: { value: 10, inputs: [{ channel: 'a->b' }] } };
    const previous = [source, sum];
    const next: Node[] = [
      { id: 'source#0', data: { value: 3, inputs: [] } },
      { id: 'sum#0', data: { value: 11, inputs: [{ channel: 'a->b' }] } },
    ];
    const shared = shareEqual(previous, next);
    expect(shared).not.toBe(previous);
    expect(shared[0]).toBe(source);
    expect(shared[1]).not.toBe(sum);
    expect(shared[1].data.value).toBe(11);
    expect(shared[1].data.inputs).toBe(sum.data.inputs);
  });

  it('sees added, removed and renamed members as changes', () => {
    expect(shareEqual([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(shareEqual([1, 2, 3], [1, 2])).toEqual([1, 2]);
    const previous = { a: 1, b: 2 };
    expect(shareEqual(previous, { a: 1, c: 2 } as never)).toEqual({ a: 1, c: 2 });
    expect(shareEqual(previous, { a: 1 } as never)).toEqual({ a: 1 });
  });

  it('compares anything other than arrays and plain objects by identity', () => {
    const previous = { seen: new Set([1]) };
    const next = { seen: new Set([1]) };
    expect(shareEqual(previous, next).seen).toBe(next.seen);
  });
});

describe('shareEqual on any two values of node data', () => {
  // Values shaped like node and edge data: plain objects, arrays, numbers, strings, null.
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom('a', 'b', null),
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('tree'), { maxKeys: 3 }),
    ),
  }));
  /** A second value near the first: most of it equal, some parts changed. */
  const pair = tree.chain((a) =>
    fc.tuple(fc.constant(a), fc.oneof(fc.constant(structuredClone(a)), tree, mutated(a))),
  );
  function mutated(value: unknown): fc.Arbitrary<unknown> {
    if (Array.isArray(value) && value.length > 0)
      return fc
        .tuple(fc.nat(value.length - 1), tree)
        .map(([k, v]) => value.map((item, i) => (i === k ? v : structuredClone(item))));
    if (value !== null && typeof value === 'object')
      return fc.tuple(fc.constantFrom('x', 'y', 'z'), tree).map(([key, v]) => ({
        ...structuredClone(value),
        [key]: v,
      }));
    return tree;
  }

  /** Every part of `result` equal in value to the same part of `previous` is that part. */
  function sharesEveryEqualPart(previous: unknown, result: unknown): boolean {
    if (typeof result !== 'object' || result === null) return true;
    if (typeof previous !== 'object' || previous === null) return true;
    if (
      JSON.stringify(previous) === JSON.stringify(result) &&
      Array.isArray(previous) === Array.isArray(result)
    )
      return previous === result;
    const p = previous as Record<string, unknown>;
    return Object.entries(result).every(([k, v]) => !(k in p) || sharesEveryEqualPart(p[k], v));
  }

  /** Every array and object inside `value`, by where it is. */
  function partsOf(value: unknown, at = ''): [string, unknown][] {
    if (typeof value !== 'object' || value === null) return [];
    return [[at, value], ...Object.entries(value).flatMap(([k, v]) => partsOf(v, `${at}/${k}`))];
  }

  it('equals the next value, keeps every equal part of the previous one and changes neither', () => {
    fc.assert(
      fc.property(pair, ([previous, next]) => {
        const before = [JSON.stringify(previous), JSON.stringify(next)];
        const nextParts = partsOf(next);
        const result = shareEqual(previous, next);
        expect(result).toEqual(next);
        expect([JSON.stringify(previous), JSON.stringify(next)]).toEqual(before);
        // Not a member of `next` was swapped for the previous one in place.
        expect(partsOf(next)).toEqual(nextParts);
        partsOf(next).forEach(([, part], k) => expect(part).toBe(nextParts[k][1]));
        expect(sharesEveryEqualPart(previous, result)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
