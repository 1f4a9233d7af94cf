import type { Timing } from './timing';
import { INSTANT } from './timing';
import type { Edge } from '@xyflow/react';
import type {
  BackendEdge,
  ChannelEdgeData,
  ControlEdge,
  FlowEdge,
  InFlightView,
} from './toFlowElements';

/** What a channel carries at the moment drawn: its elements in flight, placed at `tick`. */
export interface ChannelMoment {
  tick: number;
  elements: readonly InFlightView[];
}

/** A channel edge as React Flow gets it: what changes with the channel's state, not every tick. */
export type DrawnChannelData = Omit<ChannelEdgeData, 'tick' | 'elements'>;
export type DrawnChannelEdge = Edge<DrawnChannelData, 'channel'>;
export type DrawnEdge = DrawnChannelEdge | ControlEdge | BackendEdge;

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

/**
 * The edges React Flow draws, each channel's without its moment, and the moments by edge: the
 * same edge object from tick to tick, once shared, where the channel's state did not change.
 */
export function splitChannels(edges: readonly FlowEdge[]): {
  drawn: DrawnEdge[];
  moments: Map<string, ChannelMoment>;
} {
  const moments = new Map<string, ChannelMoment>();
  const drawn = edges.map((edge): DrawnEdge => {
    if (edge.type !== 'channel' || edge.data === undefined) return edge as DrawnEdge;
    const { tick, elements, ...data } = edge.data;
    moments.set(edge.id, { tick, elements });
    return { ...edge, data };
  });
  return { drawn, moments };
}
