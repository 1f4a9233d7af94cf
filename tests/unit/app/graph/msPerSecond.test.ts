import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { msPerSecond } from '../../../../src/app/graph/taskLoad';
import { backpressureStatus } from '../../../../src/engine';

describe('msPerSecond: Flink’s busy, backpressured and idle time per second', () => {
  it('gives whole milliseconds within one of each share, adding up to one second', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (a, b) => {
        const busy = Math.min(a, 1000) / 1000;
        const backpressured = Math.min(b, 1000 - a) / 1000;
        const idle = 1 - busy - backpressured;
        const ms = msPerSecond({
          busy,
          backpressured,
          idle,
          status: backpressureStatus(backpressured),
        });
        expect(ms.busy + ms.backpressured + ms.idle).toBe(1000);
        expect(Math.abs(ms.busy - busy * 1000)).toBeLessThanOrEqual(1);
        expect(Math.abs(ms.backpressured - backpressured * 1000)).toBeLessThanOrEqual(1);
        expect(Math.abs(ms.idle - idle * 1000)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('reads a task that ran every tick at full rate as 1000 ms busy', () => {
    expect(msPerSecond({ busy: 1, backpressured: 0, idle: 0, status: 'OK' })).toEqual({
      busy: 1000,
      backpressured: 0,
      idle: 0,
    });
  });
});
