import { describe, expect, it } from 'vitest';
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
