import type { Backpressure } from '../../engine';

/**
 * Shares of a second in whole milliseconds that add up to 1000, as Flink's three task metrics
 * do. Pure.
 */
export function msPerSecond(load: Backpressure): {
  busy: number;
  backpressured: number;
  idle: number;
} {
  const busy = Math.round(load.busy * 1000);
  const backpressured = Math.min(1000 - busy, Math.round(load.backpressured * 1000));
  return { busy, backpressured, idle: 1000 - busy - backpressured };
}
