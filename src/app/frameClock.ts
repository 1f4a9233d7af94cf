/**
 * The app's one animation clock: a single requestAnimationFrame loop that, each frame, runs every
 * part with something to move (playback first, which may move the cursor a tick, then the
 * elements in flight), and stops when none has. A frame where nothing moves costs nothing.
 */

/** Work for one frame at `now` (requestAnimationFrame's time); true to be run again next frame. */
export type FrameWork = (now: number) => boolean;

interface Part {
  work: FrameWork;
  /** Runs before the parts that are not first. */
  first: boolean;
  /** Stopped with offFrames, maybe in the middle of a frame. */
  off?: boolean;
}

let parts: Part[] = [];
/** The parts this frame runs, while it runs them. */
let running: Part[] = [];
let frame = 0;

function byOrder(a: Part, b: Part): number {
  return Number(b.first) - Number(a.first);
}

function run(now: number): void {
  frame = 0;
  running = parts;
  parts = [];
  const again: Part[] = [];
  for (const part of running) if (!part.off && part.work(now) && !part.off) again.push(part);
  // Parts that asked during this frame run from the next one, in their place.
  const asked = parts.filter((p) => !again.some((a) => a.work === p.work));
  parts = [...again, ...asked].sort(byOrder);
  running = [];
  if (parts.length > 0 && frame === 0) frame = requestAnimationFrame(run);
}

/**
 * Runs `work` from the next frame on, for as long as it returns true; `first` runs it before
 * the others (the playback that moves the cursor, before what is drawn from the cursor).
 */
export function onFrames(work: FrameWork, first = false): void {
  if (!parts.some((p) => p.work === work)) parts = [...parts, { work, first }].sort(byOrder);
  if (frame === 0) frame = requestAnimationFrame(run);
}

/** Stops running `work`. */
export function offFrames(work: FrameWork): void {
  for (const p of [...parts, ...running]) if (p.work === work) p.off = true;
  parts = parts.filter((p) => p.work !== work);
  if (parts.length === 0 && frame !== 0) {
    cancelAnimationFrame(frame);
    frame = 0;
  }
}
