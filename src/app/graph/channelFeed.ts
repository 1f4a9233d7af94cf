import { INSTANT, type Timing } from './timing';
import type { ChannelMoment } from './channelMoments';

type Listener = (moment: ChannelMoment, timing: Timing) => void;

const EMPTY: ChannelMoment = { tick: 0, elements: [] };

/**
 * The elements in flight of every channel of one graph, handed to each channel's path outside
 * React. Nearly every tick moves something on most channels of a running job: when the moment
 * was part of each edge's data, each tick re-rendered React Flow's wrapper of every such edge,
 * the edge, its path and its flight (on the large scenario 568 of the 1,150 components a Step
 * rendered). The edges now get only what changes with the channel's state (blocked, its fill),
 * and the graph publishes the moment here after each render, to the listeners of the channels
 * whose elements or tick changed.
 */
export class ChannelFeed {
  private moments: ReadonlyMap<string, ChannelMoment> = new Map();
  private timing: Timing = INSTANT;
  private readonly listeners = new Map<string, Listener>();

  /** This render's moments, and how elements move to them. */
  publish(moments: ReadonlyMap<string, ChannelMoment>, timing: Timing): void {
    const before = this.moments;
    this.moments = moments;
    this.timing = timing;
    for (const [edge, listener] of this.listeners) {
      const now = moments.get(edge) ?? EMPTY;
      if (changed(before.get(edge) ?? EMPTY, now)) listener(now, timing);
    }
  }

  /**
   * Calls `listener` with the channel's moment now, and with each later one that changes it.
   * Returns the way to stop.
   */
  listen(edge: string, listener: Listener): () => void {
    this.listeners.set(edge, listener);
    listener(this.moments.get(edge) ?? EMPTY, this.timing);
    return () => {
      if (this.listeners.get(edge) === listener) this.listeners.delete(edge);
    };
  }
}

/**
 * Whether a channel's elements are to be placed again: they changed, or the tick did while
 * something is on the channel (each element's place depends on the tick).
 */
function changed(before: ChannelMoment, now: ChannelMoment): boolean {
  if (before.elements !== now.elements) return before.elements.length + now.elements.length > 0;
  return now.elements.length > 0 && before.tick !== now.tick;
}
