import { useStore, useStoreApi, ViewportPortal } from '@xyflow/react';
import {
  createContext,
  memo,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { onDemand, onFirstInput } from '../layout/onDemand';
import type { RoundedBox } from './flightLayer';
import type { Flights } from './flights';
import type { KeepOut, PathGeometry } from './geometry';
import { INSTANT, type FlightItem, type Timing, type Warp } from './timing';

export const TimingContext = createContext<Timing>(INSTANT);

/** How much larger than normal elements on the edges are drawn (presenter mode). */
export const ScaleContext = createContext(1);

/** The canvas every element in flight of the graph is drawn on; null while its code loads. */
export const FlightsContext = createContext<Flights | null>(null);

/** The flight layer's code, apart from the first screen's (see flights.ts). */
const flightCode = onDemand(() => import('./flights'));

/** Whether the flight layer's code is asked for and still loading (tests wait for it). */
let flightsLoading = false;
const loadingListeners = new Set<() => void>();
function setFlightsLoading(loading: boolean): void {
  flightsLoading = loading;
  loadingListeners.forEach((changed) => changed());
}
function subscribeLoading(changed: () => void): () => void {
  loadingListeners.add(changed);
  return () => void loadingListeners.delete(changed);
}
const isLoading = () => flightsLoading;

/** Loads the flight layer's code; where it cannot load, nothing travels on the screen. */
export function wantFlights(): void {
  if (flightsLoading) return;
  setFlightsLoading(true);
  flightCode.load().then(
    () => setFlightsLoading(false),
    () => setFlightsLoading(false),
  );
}

/**
 * This graph's elements in flight, once their code is there: it loads on the page's first
 * input, or when an edge has something in flight (see Flight), whichever comes first.
 */
export function useFlights(): Flights | null {
  const code = flightCode.useLoaded();
  useEffect(() => (code ? undefined : onFirstInput(wantFlights)), [code]);
  return useMemo(() => code?.createFlights() ?? null, [code]);
}

/** The flight layer's code once it is there (see useFlights), for what places elements on edges. */
export function useFlightCode(): typeof import('./flights') | undefined {
  return flightCode.useLoaded();
}

export function useScale(): number {
  return useContext(ScaleContext);
}

export function useTiming(): Timing {
  return useContext(TimingContext);
}

/** Edge `edge`'s path on the graph's flight layer, attached while the edge is drawn. */
function useAttachedPath(edge: string) {
  const flights = useContext(FlightsContext);
  const path = useMemo(() => flights?.path(edge) ?? null, [flights, edge]);
  useLayoutEffect(() => {
    if (!path || !flights) return;
    path.attach(flights.layer);
    return () => path.detach();
  }, [path, flights]);
  return { flights, path };
}

/**
 * The elements in flight on one edge. They are drawn outside React, on the graph's flight layer,
 * by the one animation loop of flight.ts: a render only hands over this tick's positions, and
 * frames between ticks render nothing.
 */
export function Flight({
  edge,
  geometry,
  items,
  wanted = items.length > 0,
  warp = null,
}: {
  /** The edge's id. */
  edge: string;
  geometry: PathGeometry;
  items: readonly FlightItem[];
  /** Something travels on the edge, placed or not yet: the layer's code is wanted. */
  wanted?: boolean;
  /** Where along the path an element at a distance is drawn (timing.ts); none: there. */
  warp?: Warp | null;
}) {
  const timing = useTiming();
  const scale = useScale();
  const { path } = useAttachedPath(edge);
  useLayoutEffect(() => {
    if (path) path.update(geometry, items, timing, scale, warp);
    else if (wanted) wantFlights();
  }, [path, geometry, items, wanted, timing, scale, warp]);
  return null;
}

const NO_ITEMS: readonly FlightItem[] = [];

/**
 * The elements in flight on a channel: as Flight, but their moment comes from the graph's
 * channel feed (channelFeed.ts) outside React, so a tick that moves them renders neither the
 * edge nor React Flow's wrapper of it. The edge re-renders only when its path, its enlargement
 * or the stretches it keeps free change, and then places its elements again. Until the flight
 * layer's code is there the channel draws nothing (the graph asks for the code once something
 * travels).
 */
export function useChannelFlight(
  edge: string,
  geometry: PathGeometry,
  scale: number,
  keepOut: readonly KeepOut[],
): void {
  const code = useFlightCode();
  const { flights, path } = useAttachedPath(edge);
  useLayoutEffect(() => {
    if (!flights || !path || !code) return;
    return flights.feed.listen(edge, ({ tick, elements }, timing) => {
      const items =
        elements.length > 0
          ? code.channelItems({ id: edge, tick, elements, geometry, scale, keepOut })
          : NO_ITEMS;
      path.update(geometry, items, timing, scale);
    });
  }, [flights, edge, path, code, geometry, scale, keepOut]);
}

type NodeLookup = ReturnType<ReturnType<typeof useStoreApi>['getState']>['nodeLookup'];

/** A node's corner radius in graph units before enlargement, as graph.css draws `.g-node`. */
const NODE_RADIUS = 8;

/** The drawn nodes' boxes in graph units, read at each frame: a node may have been dragged. */
function* nodeBoxes(lookup: NodeLookup, scale: number): Iterable<RoundedBox> {
  for (const node of lookup.values()) {
    const { width, height } = node.measured;
    if (node.hidden || width === undefined || height === undefined) continue;
    const { x, y } = node.internals.positionAbsolute;
    yield { x, y, width, height, radius: NODE_RADIUS * scale };
  }
}

type FlowStore = { transform: [number, number, number]; width: number; height: number };
const transformOf = (s: FlowStore) => s.transform;
const paneOf = (s: FlowStore) => `${s.width} ${s.height}`;

/**
 * The canvas of the flight layer, above the nodes in React Flow's viewport, following the view's
 * pan and zoom and the pane's size; it clears what it drew over a node, so elements look as
 * if they passed under the nodes. Decorative: what travels on a channel is listed in the
 * inspector of the task it goes to. Memoised: React Flow renders its children every tick, and
 * the canvas only follows the view.
 *
 * Above, not between the edges and the nodes: the browser puts a canvas in a compositing layer
 * of its own, and every node drawn over such a layer needs one too. On a job of 66 tasks that
 * was 56 layers to sort out each frame, 17 ms of every frame something changed in.
 */
export const FlightCanvas = memo(function FlightCanvas({
  flights,
  presenter,
}: {
  /** Null while the layer's code loads: the canvas is there, empty. */
  flights: Flights | null;
  presenter: boolean;
}) {
  const layer = flights?.layer ?? null;
  const loading = useSyncExternalStore(subscribeLoading, isLoading, isLoading);
  const [x, y, zoom] = useStore(transformOf);
  const pane = useStore(paneOf);
  const store = useStoreApi();
  const enlarged = useScale();
  const scale = useRef(enlarged);
  useLayoutEffect(() => {
    scale.current = enlarged;
    layer?.invalidate();
  }, [layer, enlarged]);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  useLayoutEffect(() => {
    if (!canvas || !layer) return;
    layer.attach(canvas, () => nodeBoxes(store.getState().nodeLookup, scale.current));
    return () => layer.detach();
  }, [layer, canvas, store]);
  useLayoutEffect(() => layer?.setView({ x, y, zoom }), [layer, x, y, zoom]);
  useLayoutEffect(() => {
    const [width, height] = pane.split(' ').map(Number);
    layer?.setPane(width, height);
  }, [layer, pane]);
  useLayoutEffect(() => layer?.restyled(), [layer, presenter]);
  return (
    <ViewportPortal>
      {/* Until the layer draws, it has drawn nothing: tests read the count, and wait while the
          layer's code loads. */}
      <canvas
        className="g-flight"
        ref={setCanvas}
        aria-hidden="true"
        data-count={layer ? undefined : 0}
        data-loading={loading ? '' : undefined}
      />
    </ViewportPortal>
  );
});
