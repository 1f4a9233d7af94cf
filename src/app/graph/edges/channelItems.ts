import {
  CHANNEL_INSET,
  freeStretches,
  placeAvoiding,
  pointAt,
  type KeepOut,
  type PathGeometry,
} from '../geometry';
import type { Look } from '../look';
import {
  fitQueue,
  fittedGaps,
  fittedPosition,
  widenedGaps,
  type Fitted,
  type QueueFit,
} from '../queueFit';
import type { FlightItem } from '../timing';
import { positionAt, type InFlightView } from '../toFlowElements';
import { barrierLook, CHIP_HEIGHT, recordLook, textWidth } from './chips';

const runLooks = new Map<number, Look>();

/**
 * Records a channel has no room to draw one by one (their run, between two drawn elements), as
 * one chip saying how many: dotted, so it does not read as a value.
 */
export function runLook(count: number): Look {
  const known = runLooks.get(count);
  if (known) return known;
  const text = `+${count}`;
  const look: Look = {
    className: 'g-chip g-chip-run',
    text,
    width: Math.max(24, textWidth(text) + 10),
    height: CHIP_HEIGHT,
    stands: count,
  };
  runLooks.set(count, look);
  return look;
}

/** The direction of a path at a distance along it, in radians (0: to the right, y down). */
function angleAt(g: PathGeometry, distance: number): number {
  const step = Math.min(2, g.length / 2);
  const a = pointAt(g, Math.max(0, distance - step));
  const b = pointAt(g, Math.min(g.length, distance + step));
  return Math.atan2(b.y - a.y, b.x - a.x);
}

/** The length placeAvoiding spreads elements over. */
function freeLength(length: number, inset: number, keepOut: readonly KeepOut[]): number {
  return freeStretches(length, inset, keepOut).reduce((n, [a, b]) => n + (b - a), 0);
}

const GAP = 27;

const scaled = (look: Look, scale: number) => ({
  width: look.width * scale,
  height: look.height * scale,
});

/** What a channel edge holds at a tick, as channelItems places it. */
export interface ChannelContents {
  /** The edge's id. */
  id: string;
  tick: number;
  elements: readonly InFlightView[];
  geometry: PathGeometry;
  scale: number;
  /** Stretches of the path where another channel crosses. */
  keepOut: readonly KeepOut[];
}

/**
 * Where a channel's elements in flight are drawn, each at the fraction of its latency it
 * travelled. A queue longer than the channel has room for shows its head and runs of "+N"
 * records. Part of the flight layer's code (flights.ts): a channel draws nothing before it loads.
 */
export function channelItems({
  id,
  tick,
  elements,
  geometry,
  scale,
  keepOut,
}: ChannelContents): FlightItem[] {
  const lookOf = (el: InFlightView) =>
    el.kind === 'record'
      ? recordLook(el.value, el.replay, el.persistedIn)
      : barrierLook(el.checkpoint, el.savepoint, el.cancel);
  const fit: QueueFit<InFlightView> = {
    isRecord: (el) => el.kind === 'record',
    size: (el) => scaled(lookOf(el), scale),
    runSize: (count) => scaled(runLook(count), scale),
    position: (el) => positionAt(el, tick),
    angleAt: (fraction) => angleAt(geometry, fraction * geometry.length),
    least: GAP * scale,
    room: freeLength(geometry.length, CHANNEL_INSET * scale, keepOut),
  };
  // Where another channel crosses, no element rests: elements on both never cover each other.
  const place = (items: readonly Fitted<InFlightView>[], gaps: readonly number[]) =>
    placeAvoiding(
      items.map((item) => fittedPosition(item, fit)),
      geometry.length,
      CHANNEL_INSET * scale,
      gaps,
      keepOut,
    );
  // The room elements need depends on how the path slants and bends where they end up:
  // placed, then measured where they went, and widened where neighbours still overlap.
  const settled = (items: readonly Fitted<InFlightView>[]) => {
    let gaps = fittedGaps(items, fit);
    for (let round = 0; round < 2; round++) {
      const at = place(items, gaps).map((d) => d / Math.max(1, geometry.length));
      gaps = fittedGaps(items, fit, at);
    }
    for (let round = 0; round < 2; round++) {
      const centres = place(items, gaps).map((d) => pointAt(geometry, d));
      gaps = widenedGaps(items, fit, gaps, centres);
    }
    return gaps;
  };
  const shown = fitQueue(elements, fit, settled);
  const placed = place(shown, settled(shown));
  let runs = 0;
  return shown.map((item, k) =>
    'one' in item
      ? {
          key: item.one.key,
          distance: placed[k],
          exitTo: geometry.length,
          look: lookOf(item.one),
        }
      : {
          key: `${id}:run:${runs++}`,
          distance: placed[k],
          exitTo: geometry.length,
          look: runLook(item.run.length),
        },
  );
}
