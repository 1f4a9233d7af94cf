import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUSY_SHARE,
  createPlaybackClock,
  LATE_SHARE,
  MAX_INTERVAL_MS,
  MOST_TICKS_PER_MOVE,
} from '../../../src/app/controls/pace';
import { SPEEDS } from '../../../src/session/store';

const DISPLAY_MS = 1000 / 60;

interface Played {
  /** Ticks run, moves of the cursor, frames drawn, and time lost to late frames, in ms. */
  ticks: number;
  moves: number;
  frames: number;
  lateMs: number;
  /** Time spent working on moves, in ms. */
  movingMs: number;
  /** Ticks each move ran. */
  strides: number[];
}

/**
 * Plays on a simulated machine: frames begin on a 60 Hz display; a frame that moves the cursor
 * works `moveMs` and one that does not `idleMs`, and a frame that works longer than the
 * display's frame ends at a later refresh. Measures `seconds` after `warmUp` seconds of play.
 */
function play(
  speed: number,
  moveMs: number,
  { seconds = 10, warmUp = 2, idleMs = 2 } = {},
): Played {
  const clock = createPlaybackClock();
  clock.start(0);
  const played: Played = {
    ticks: 0,
    moves: 0,
    frames: 0,
    lateMs: 0,
    movingMs: 0,
    strides: [],
  };
  let now = 1000;
  const from = now + warmUp * 1000;
  const until = from + seconds * 1000;
  while (now < until) {
    const ticks = clock.frame(now, speed);
    const work = ticks > 0 ? moveMs : idleMs;
    const length = Math.max(1, Math.ceil(work / DISPLAY_MS - 1e-9)) * DISPLAY_MS;
    if (ticks > 0) clock.moveCost(work);
    if (now >= from) {
      played.frames += 1;
      played.ticks += ticks;
      if (ticks > 0) {
        played.moves += 1;
        played.movingMs += moveMs;
        played.strides.push(ticks);
      }
      played.lateMs += length - DISPLAY_MS;
    }
    now += length;
  }
  return played;
}

describe('playback clock', () => {
  it('moves the cursor at every tick where a move is cheap', () => {
    for (const speed of SPEEDS) {
      const played = play(speed, 2);
      // Every tick runs at the speed chosen, each in a move of its own.
      expect(Math.abs(played.ticks - speed * 10)).toBeLessThanOrEqual(1);
      expect(played.strides.every((s) => s === 1)).toBe(true);
      expect(played.frames).toBeGreaterThanOrEqual(599);
    }
  });

  it('keeps 55 frames a second where a move takes two frames, running every tick', () => {
    const played = play(32, 1.6 * DISPLAY_MS);
    expect(played.frames / 10).toBeGreaterThanOrEqual(55);
    expect(Math.abs(played.ticks - 320)).toBeLessThanOrEqual(MOST_TICKS_PER_MOVE);
    // Several ticks a move, not one move a tick.
    expect(played.moves).toBeLessThan(100);
  });

  it('moves every other tick at top speed where a move takes half a frame', () => {
    const played = play(32, 8);
    expect(played.movingMs / 10_000).toBeLessThanOrEqual(BUSY_SHARE * 1.1);
    expect(Math.abs(played.ticks - 320)).toBeLessThanOrEqual(4);
    expect(played.frames).toBeGreaterThanOrEqual(599);
    expect(Math.max(...played.strides)).toBeLessThanOrEqual(3);
  });

  it('moves at each tick of a slow speed even on a slow machine', () => {
    const played = play(2, 1.6 * DISPLAY_MS);
    expect(played.ticks).toBe(20);
    expect(played.strides.every((s) => s === 1)).toBe(true);
  });

  it('loses at most its share of the time to late frames and to moves, and runs the ticks due', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SPEEDS),
        fc.double({ min: 1, max: 200, noNaN: true }),
        (speed, moveMs) => {
          const played = play(speed, moveMs);
          const frameLate = Math.ceil(moveMs / DISPLAY_MS - 1e-9) * DISPLAY_MS - DISPLAY_MS;
          // Moves are at most MAX_INTERVAL_MS apart, so a very slow one costs more than the share.
          const share = Math.max(LATE_SHARE, frameLate / MAX_INTERVAL_MS);
          expect(played.lateMs / 10_000).toBeLessThanOrEqual(share * 1.25 + 0.005);
          const busy = Math.max(BUSY_SHARE, moveMs / MAX_INTERVAL_MS);
          expect(played.movingMs / 10_000).toBeLessThanOrEqual(busy * 1.25 + 0.005);
          // Every tick runs unless a move would span more than the most a move runs.
          const stride = Math.max(...played.strides);
          if (stride < MOST_TICKS_PER_MOVE)
            expect(played.ticks).toBeGreaterThanOrEqual(speed * 10 - 2 * stride);
          expect(played.ticks).toBeLessThanOrEqual(speed * 10 + stride);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('starts over without catching up on the time it was stopped', () => {
    const clock = createPlaybackClock();
    clock.start(0);
    expect(clock.frame(0, 32)).toBe(0);
    expect(clock.frame(40, 32)).toBe(1);
    clock.start(9_990);
    expect(clock.frame(10_000, 32)).toBe(0);
    expect(clock.frame(10_016, 32)).toBe(0);
    expect(clock.frame(10_032, 32)).toBe(1);
  });

  /** A clock that learnt, over two seconds at top speed, that each move costs `moveMs`. */
  function learnt(moveMs: number) {
    const clock = createPlaybackClock();
    clock.start(0);
    let now = 0;
    while (now < 2000) {
      const ticks = clock.frame(now, 32);
      const work = ticks > 0 ? moveMs : 2;
      if (ticks > 0) clock.moveCost(work);
      now += Math.max(1, Math.ceil(work / DISPLAY_MS - 1e-9)) * DISPLAY_MS;
    }
    return { clock, now };
  }

  /** Frames from `now` on a 60 Hz display until the clock runs a tick: when it does. */
  function firstMove(clock: ReturnType<typeof createPlaybackClock>, now: number): number {
    for (let t = now; t < now + 5000; t += DISPLAY_MS) if (clock.frame(t, 32) > 0) return t - now;
    return Infinity;
  }

  it('takes Replay from the end, a jump to the start, for a move: the next waits as after any', () => {
    const { clock, now } = learnt(60);
    const wait = clock.interval();
    expect(wait).toBeGreaterThan(100);
    clock.jumped(now + 100);
    clock.start(now + 101);
    // The frame that draws the jump is a move; the first ticks wait the interval after it.
    expect(firstMove(clock, now + 110)).toBeGreaterThanOrEqual(wait - DISPLAY_MS - 1e-6);
  });

  it('does not hold back playback for a jump made long before it started, or on a fast machine', () => {
    const slow = learnt(60);
    slow.clock.jumped(slow.now + 100);
    slow.clock.start(slow.now + 5000);
    expect(firstMove(slow.clock, slow.now + 5010)).toBeLessThanOrEqual(3 * DISPLAY_MS);

    const fast = learnt(2);
    // Cheap moves: the wait between them is shorter than a tick at top speed.
    expect(fast.clock.interval()).toBeLessThan(1000 / 32);
    fast.clock.jumped(fast.now + 100);
    fast.clock.start(fast.now + 101);
    expect(firstMove(fast.clock, fast.now + 110)).toBeLessThanOrEqual(3 * DISPLAY_MS);
  });
});
