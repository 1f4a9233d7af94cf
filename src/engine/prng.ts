/**
 * mulberry32: a 32-bit seeded generator whose whole state is one number, so it lives in the
 * simulation state and a run can be replayed from any keyframe. Pure: returns the value and the
 * next state.
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { value, state: next };
}

export function seedState(seed: number): number {
  return seed | 0;
}
