import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A page's requestAnimationFrame the test runs by hand: the frames asked for, and their count. */
function framesByHand() {
  let queued: ((now: number) => void)[] = [];
  let asked = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: (now: number) => void) => {
    queued.push(callback);
    asked += 1;
    return asked;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {
    queued = [];
  });
  return {
    /** Runs the frame the page would draw next, at `now`. */
    next(now: number) {
      const due = queued;
      queued = [];
      for (const callback of due) callback(now);
    },
    get waiting() {
      return queued.length;
    },
    get asked() {
      return asked;
    },
  };
}

describe('the frame clock', () => {
  let frames: ReturnType<typeof framesByHand>;
  let clock: typeof import('../../../src/app/frameClock');
  beforeEach(async () => {
    frames = framesByHand();
    vi.resetModules();
    clock = await import('../../../src/app/frameClock');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs every part on one requestAnimationFrame, playback first, while each has work', () => {
    const ran: string[] = [];
    let flights = 2;
    clock.onFrames(() => {
      ran.push('flight');
      return --flights > 0;
    });
    let ticks = 3;
    clock.onFrames(() => {
      ran.push('playback');
      return --ticks > 0;
    }, true);
    expect(frames.waiting).toBe(1);
    frames.next(16);
    frames.next(32);
    frames.next(48);
    expect(ran).toEqual(['playback', 'flight', 'playback', 'flight', 'playback']);
    // Nothing moves: no frame is asked for.
    expect(frames.waiting).toBe(0);
    expect(frames.asked).toBe(3);
  });

  it('a part asked for twice runs once a frame', () => {
    let runs = 0;
    const part = () => {
      runs += 1;
      return false;
    };
    clock.onFrames(part);
    clock.onFrames(part);
    frames.next(16);
    expect(runs).toBe(1);
    expect(frames.waiting).toBe(0);
  });

  it('a part that asks again while it runs is run next frame, with one frame asked for', () => {
    let runs = 0;
    const part = (): boolean => {
      runs += 1;
      if (runs === 1) clock.onFrames(part);
      return runs === 1;
    };
    clock.onFrames(part);
    frames.next(16);
    expect(frames.waiting).toBe(1);
    frames.next(32);
    expect(runs).toBe(2);
    expect(frames.waiting).toBe(0);
  });

  it('a part stopped in the middle of a frame is not run again', () => {
    const ran: string[] = [];
    const later = () => {
      ran.push('later');
      return true;
    };
    clock.onFrames(() => {
      ran.push('stopper');
      clock.offFrames(later);
      return false;
    }, true);
    clock.onFrames(later);
    frames.next(16);
    frames.next(32);
    expect(ran).toEqual(['stopper']);
    expect(frames.waiting).toBe(0);
  });
});
