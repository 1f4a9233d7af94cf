import { EdgeLabelRenderer, useStore } from '@xyflow/react';
import { createContext, memo, useContext, useLayoutEffect, useState } from 'react';
import { FlightPath, INSTANT, type FlightItem, type Timing } from './flight';
import { FlightLayer } from './flightLayer';
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
  geometry,
  items,
}: {
  geometry: PathGeometry;
  items: readonly FlightItem[];
}) {
  const timing = useTiming();
  const scale = useScale();
  const layer = useContext(FlightLayerContext);
  const [path] = useState(() => new FlightPath());
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

type FlowStore = { transform: [number, number, number]; width: number; height: number };
const transformOf = (s: FlowStore) => s.transform;
const paneOf = (s: FlowStore) => `${s.width} ${s.height}`;

/**
 * The canvas of the flight layer, in the layer React Flow keeps between the edges and the nodes,
 * following the view's pan and zoom and the pane's size. Decorative: what travels on a channel
 * is listed in the inspector of the task it goes to. Memoised: React Flow renders its children
 * every tick, and the canvas only follows the view.
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
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  useLayoutEffect(() => {
    if (!canvas) return;
    layer.attach(canvas);
    return () => layer.detach();
  }, [layer, canvas]);
  useLayoutEffect(() => layer.setView({ x, y, zoom }), [layer, x, y, zoom]);
  useLayoutEffect(() => {
    const [width, height] = pane.split(' ').map(Number);
    layer.setPane(width, height);
  }, [layer, pane]);
  useLayoutEffect(() => layer.restyled(), [layer, presenter]);
  return (
    <EdgeLabelRenderer>
      <canvas className="g-flight" ref={setCanvas} aria-hidden="true" />
    </EdgeLabelRenderer>
  );
});
