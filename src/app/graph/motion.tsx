import { EdgeLabelRenderer } from '@xyflow/react';
import { createContext, useContext, useLayoutEffect, useState } from 'react';
import { FlightPath, INSTANT, type FlightItem, type Timing } from './flight';
import type { PathGeometry } from './geometry';

export const TimingContext = createContext<Timing>(INSTANT);

/** How much larger than normal elements on the edges are drawn (presenter mode). */
export const ScaleContext = createContext(1);

export function useScale(): number {
  return useContext(ScaleContext);
}

export function useTiming(): Timing {
  return useContext(TimingContext);
}

/**
 * The elements in flight on one edge. They are drawn outside React, by the one animation loop
 * of flight.ts, in the layer React Flow keeps between the edges and the nodes: a render only
 * hands over this tick's positions, and frames between ticks render nothing.
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
  const [path] = useState(() => new FlightPath());
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!container) return;
    path.attach(container);
    return () => path.detach();
  }, [path, container]);
  useLayoutEffect(() => {
    path.update(geometry, items, timing, scale);
  }, [path, container, geometry, items, timing, scale]);
  return (
    <EdgeLabelRenderer>
      <div className="g-flight" ref={setContainer} />
    </EdgeLabelRenderer>
  );
}
