import type { Look } from './look';

/*
 * What the graph hands the flight layer, apart from the layer itself: the layer's code is
 * loaded once something is to travel (./flights.ts), and these are needed before.
 */

/** How elements move when the tick changes; one value for the whole graph. */
export interface Timing {
  /** Place everything at its tick position at once: reduced motion, and screenshots. */
  instant: boolean;
  /** Seconds a move takes: one tick's worth while playing, a short tween when stepping. */
  duration: number;
  ease: 'linear' | 'easeOut';
  /** The cursor moved one tick forward, so departing elements finish their trip first. */
  forward: boolean;
}

export const INSTANT: Timing = { instant: true, duration: 0, ease: 'linear', forward: false };

/**
 * Where on its path an element is drawn, given the distance it has moved: elements move evenly
 * in that distance, from tick to tick and between ticks, and are drawn where the warp puts them.
 * Identity when a path has none.
 */
export type Warp = (distance: number) => number;

/** An element on a path at the current tick. */
export interface FlightItem {
  /** Stable across ticks, so an element keeps its identity while it travels. */
  key: string;
  /** Where the element is at this tick, as a distance along the path. */
  distance: number;
  /** Where it goes when it leaves the path: the end it travels towards. */
  exitTo: number;
  /** Where a new element comes from, when it should be seen arriving rather than appear. */
  from?: number;
  look: Look;
}
