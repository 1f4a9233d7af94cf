function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `next`, with every part that equals the same part of `previous` in value replaced by that
 * part: arrays and plain objects are compared member by member, anything else by identity.
 * When nothing changed the result is `previous` itself. React Flow and the memoised nodes and
 * edges re-render what changed identity, so a tick re-renders only what it changed.
 */
export function shareEqual<T>(previous: T, next: T): T {
  if (Object.is(previous, next)) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const out = next.map((item, k) => {
      const shared = k < previous.length ? shareEqual(previous[k], item) : item;
      if (shared !== previous[k]) same = false;
      return shared;
    });
    return (same ? previous : out) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const shared = key in previous ? shareEqual(previous[key], next[key]) : next[key];
      if (shared !== previous[key]) same = false;
      out[key] = shared;
    }
    return (same ? previous : out) as T;
  }
  return next;
}
