import { useStore, useStoreApi, ViewportPortal } from '@xyflow/react';
import { createContext, memo, useContext, useLayoutEffect, useRef, useState } from 'react';
import { FlightPath, INSTANT, type FlightItem, type Timing } from './flight';
import type { FlightLayer, RoundedBox } from './flightLayer';
import type { PathGeometry } from './geometry';

export const TimingContext = createContext<Timing>(INSTANT);

/** How much larger than normal elements on the edges are drawn (presenter mode). */
export const ScaleContext = createContext(1);

/** The canvas every element in flight of the graph is drawn on. */
export const FlightLayerContext = createContext<FlightLayer | null>(null);

export function useScale(): number {
  return useContext(ScaleContext);
}

export function useTiming(): Timing {
  return useContext(TimingContext);
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
}: {
  /** The edge's id. */
  edge: string;
  geometry: PathGeometry;
  items: readonly FlightItem[];
}) {
  const timing = useTiming();
  const scale = useScale();
  const layer = useContext(FlightLayerContext);
  const [path] = useState(() => new FlightPath(edge));
  useLayoutEffect(() => {
    if (!layer) return;
    path.attach(layer);
    return () => path.detach();
  }, [path, layer]);
  useLayoutEffect(() => {
    path.update(geometry, items, timing, scale);
  }, [path, layer, geometry, items, timing, scale]);
  return null;
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
  layer,
  presenter,
}: {
  layer: FlightLayer;
  presenter: boolean;
}) {
  const [x, y, zoom] = useStore(transformOf);
  const pane = useStore(paneOf);
  const store = useStoreApi();
  const enlarged = useScale();
  const scale = useRef(enlarged);
  useLayoutEffect(() => {
    scale.current = enlarged;
    layer.invalidate();
  }, [layer, enlarged]);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  useLayoutEffect(() => {
    if (!canvas) return;
    layer.attach(canvas, () => nodeBoxes(store.getState().nodeLookup, scale.current));
    return () => layer.detach();
  }, [layer, canvas, store]);
  useLayoutEffect(() => layer.setView({ x, y, zoom }), [layer, x, y, zoom]);
  useLayoutEffect(() => {
    const [width, height] = pane.split(' ').map(Number);
    layer.setPane(width, height);
  }, [layer, pane]);
  useLayoutEffect(() => layer.restyled(), [layer, presenter]);
  return (
    <ViewportPortal>
      <canvas className="g-flight" ref={setCanvas} aria-hidden="true" />
    </ViewportPortal>
  );
});
