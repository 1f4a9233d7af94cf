import { ChannelFeed } from './channelFeed';
import { FlightPath } from './flight';
export { channelItems } from './edges/channelItems';
import { FlightLayer } from './flightLayer';

/**
 * The graph's elements in flight: the canvas layer they are drawn on and a path per edge. Loaded
 * on the page's first input or once something travels, whichever comes first: a first screen
 * at the start of a run has nothing in flight, and its JavaScript loads without this.
 */
export interface Flights {
  readonly layer: FlightLayer;
  /** Each channel's elements in flight, as the graph publishes them after each render. */
  readonly feed: ChannelFeed;
  /** The elements in flight on edge `edge`, to attach to the layer. */
  path(edge: string): FlightPath;
}

export function createFlights(): Flights {
  return {
    layer: new FlightLayer(),
    feed: new ChannelFeed(),
    path: (edge) => new FlightPath(edge),
  };
}
