function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function keyCount(value: Record<string, unknown>): number {
  let n = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) n++;
  return n;
}

/**
 * `next`, with every part that equals the same part of `previous` in value replaced by that
 * part: arrays and plain objects are compared member by member, anything else by identity.
 * When nothing changed the result is `previous` itself. React Flow and the memoised nodes and
 * edges re-render what changed identity, so a tick re-renders only what it changed.
 *
 * It runs over every node and edge at every tick, most of whose parts (the elements in flight,
 * which move every tick) differ: a changed array or object is copied only when one of its parts
 * is to be replaced by the previous one, and is otherwise `next`'s own, never mutated.
 */
export function shareEqual<T>(previous: T, next: T): T {
  if (Object.is(previous, next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    let out: unknown[] | null = null;
    for (let k = 0; k < next.length; k++) {
      const item: unknown = next[k];
      const shared = k < previous.length ? shareEqual<unknown>(previous[k], item) : item;
      if (shared !== previous[k]) same = false;
      if (shared !== item) (out ??= next.slice())[k] = shared;
    }
    return (same ? previous : (out ?? next)) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    let same = true;
    let count = 0;
    let out: Record<string, unknown> | null = null;
    for (const key in next) {
      if (!Object.prototype.hasOwnProperty.call(next, key)) continue;
      count++;
      const item = next[key];
      const shared = key in previous ? shareEqual(previous[key], item) : item;
      if (shared !== previous[key] || !(key in previous)) same = false;
      if (shared !== item) (out ??= { ...next })[key] = shared;
    }
    if (same && count === keyCount(previous)) return previous;
    return (out ?? next) as T;
  }
  return next;
}
