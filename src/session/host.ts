/**
 * What the session takes from whatever runs it, the page and Node alike: a clock to slice long
 * work by, and a timer to yield between slices. Neither is in the ES library the session compiles
 * against (no DOM, no Node types: src/session/tsconfig.json), so they are typed here, once.
 */
interface Host {
  performance: { now(): number };
  setTimeout(callback: () => void, ms: number): unknown;
}

export const host = globalThis as unknown as Host;
