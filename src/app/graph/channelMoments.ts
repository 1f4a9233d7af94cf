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
