/** A message channel's two ends, as much of it as `soon` uses. */
interface Channel {
  port1: { onmessage: ((event: unknown) => void) | null };
  port2: { postMessage(message: null): void };
}

/**
 * What the session takes from whatever runs it, the page and Node alike: a clock to slice long
 * work by, and a timer or a message channel to yield between slices. None is in the ES library
 * the session compiles against (no DOM, no Node types: src/session/tsconfig.json), so they are
 * typed here, once.
 */
interface Host {
  performance: { now(): number };
  setTimeout(callback: () => void, ms: number): unknown;
  MessageChannel?: new () => Channel;
}

export const host = globalThis as unknown as Host;

/** What `soon` will call, in order. */
const queued: (() => void)[] = [];
/** One channel for the app's life: a channel no one holds may be collected with its message. */
let wakeUp: Channel | null = null;

/** Lets the page draw and handle input, then continues; faster than a 4 ms-clamped timeout. */
export function soon(then: () => void): void {
  if (!host.MessageChannel) {
    host.setTimeout(then, 0);
    return;
  }
  if (!wakeUp) {
    wakeUp = new host.MessageChannel();
    wakeUp.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(then);
  wakeUp.port2.postMessage(null);
}
