/**
 * Playback's clock: how many ticks each frame runs at the chosen speed, and how often the
 * cursor moves, so that what travels keeps moving smoothly on a machine too slow to draw every
 * tick at that speed.
 *
 * Each move of the cursor re-renders the page (the graph's tasks, the timeline, the panels);
 * between moves a frame only draws the elements in flight. On a fast machine a move fits in one
 * frame and the cursor moves at every tick. On a slow one a frame that moves the cursor ends
 * late, by some milliseconds past the display's frame: frames lost. Playback then moves the
 * cursor less often, several ticks at a time, so that late frames take at most a twelfth of the
 * time (about five frames a second). Moves are paced the same way where they are on time but
 * costly: their main-thread work (script, style, layout, paint) may take at most a seventh of
 * the time, so that playing at top speed leaves the page room for input and the laptop's
 * battery some rest. Every tick still runs, at the speed chosen; the cursor shows every few,
 * and elements in flight travel over those ticks in the time they take. Stepping and seeking
 * are not paced: the moment asked for is drawn. A jump counts as a move all the same (Replay
 * from the end goes back to the start, then plays): the next move waits as it would after any.
 */

/** At most this share of the time goes to frames made late by moving the cursor. */
export const LATE_SHARE = 1 / 12;
/** At most this share of the main thread's time goes to moving the cursor. */
export const BUSY_SHARE = 1 / 7;
/** The longest wait between two moves of the cursor, however slow a move is. */
export const MAX_INTERVAL_MS = 400;
/** Most ticks one move of the cursor spans (what the graph animates as travel, not a jump). */
export const MOST_TICKS_PER_MOVE = 16;
/** Most ticks one unpaced frame runs, so that a machine too slow drops ticks, not frames. */
const MOST_TICKS_PER_FRAME = 4;
/** Longest stretch of time one frame may catch up on, so a hidden tab does not fast-forward. */
const MAX_FRAME_MS = 250;
/** A frame later than the display's frame by less than this is on time (timer noise). */
const ON_TIME_MS = 4;
/** Shorter than any display's frame. */
const MIN_FRAME_MS = 4;
/** How much each new measure moves the estimate of lateness (exponential moving average). */
const WEIGHT = 0.3;

export interface PlaybackClock {
  /**
   * A frame began at `now` (requestAnimationFrame's time) playing at `speed` ticks a second:
   * how many ticks it runs, 0 for none. Every call after the first is a frame of the same play.
   */
  frame(now: number, speed: number): number;
  /**
   * The main-thread work of the last frame that moved the cursor, in ms, from its start to the
   * end of its rendering.
   */
  moveCost(ms: number): void;
  /** The least wait between two moves of the cursor, in ms: 0 while moves are on time and cheap. */
  interval(): number;
  /**
   * The cursor moved outside playback at `at` (a jump: Replay from the end, a seek while
   * playing), in performance.now()'s time: the frame that draws it is a move.
   */
  jumped(at: number): void;
  /**
   * Playback starts (again) at `at`: time before it is not caught up on. What it learnt is kept,
   * and a jump made as it starts (Replay from the end) stays a move.
   */
  start(at: number): void;
}

/** A jump this close before playback starts was made by starting it (Replay from the end). */
const SAME_ACTION_MS = 50;

export function createPlaybackClock(): PlaybackClock {
  /** When the last frame began, and whether it moved the cursor. */
  let last: number | null = null;
  let lastMoved = false;
  /** When the cursor last moved. */
  let lastMove: number | null = null;
  /** When the cursor last jumped outside playback, until a frame draws it. */
  let jumpedAt: number | null = null;
  /** Time played and not yet run as ticks, in ms. */
  let pending = 0;
  /**
   * The display's frame: the shortest time seen between two frames (a frame begins on the
   * display's refresh, so a late one lasts a whole number of them).
   */
  let frameMs = Infinity;
  /** How late a frame that moved the cursor ended, and its main-thread work, on average. */
  let lateMs = 0;
  let costMs = 0;

  const interval = () => {
    const wait = Math.max(lateMs < ON_TIME_MS ? 0 : lateMs / LATE_SHARE, costMs / BUSY_SHARE);
    return Math.min(MAX_INTERVAL_MS, wait);
  };

  return {
    frame(now, speed) {
      if (last !== null) {
        const length = now - last;
        if (length >= MIN_FRAME_MS) frameMs = Math.min(frameMs, length);
        if (lastMoved) {
          const late = length - frameMs;
          lateMs += ((late < ON_TIME_MS ? 0 : late) - lateMs) * WEIGHT;
        }
        pending += Math.min(length, MAX_FRAME_MS);
      }
      last = now;
      lastMoved = false;
      if (jumpedAt !== null) {
        // This frame draws the jump: a move, which the next waits after.
        jumpedAt = null;
        lastMove = now;
        lastMoved = true;
        return 0;
      }
      const tickMs = 1000 / speed;
      const wait = interval();
      if (pending < tickMs || (lastMove !== null && now - lastMove < wait)) return 0;
      const most = wait >= tickMs ? MOST_TICKS_PER_MOVE : MOST_TICKS_PER_FRAME;
      const ticks = Math.min(most, Math.floor(pending / tickMs));
      pending = ticks === most ? 0 : pending - ticks * tickMs;
      lastMove = now;
      lastMoved = true;
      return ticks;
    },
    moveCost(ms) {
      costMs += (ms - costMs) * WEIGHT;
    },
    interval,
    jumped(at) {
      jumpedAt = at;
    },
    start(at) {
      if (jumpedAt !== null && at - jumpedAt > SAME_ACTION_MS) jumpedAt = null;
      last = null;
      lastMoved = false;
      lastMove = null;
      pending = 0;
    },
  };
}
