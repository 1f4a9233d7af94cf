import { animate, m, useMotionValue, usePresence } from 'framer-motion';
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  type ReactNode,
} from 'react';
import { pointAt, type PathGeometry } from './geometry';

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

export const TimingContext = createContext<Timing>(INSTANT);

/** How much larger than normal elements on the edges are drawn (presenter mode). */
export const ScaleContext = createContext(1);

export function useScale(): number {
  return useContext(ScaleContext);
}

export function useTiming(): Timing {
  return useContext(TimingContext);
}

interface TravellerProps {
  geometry: PathGeometry;
  /** Where the element is at this tick, as a distance along the path. */
  distance: number;
  /** Where it goes when it leaves the path: the end it travels towards. */
  exitTo: number;
  /** Where a new element comes from, when it should be seen arriving rather than appear. */
  from?: number;
  children: ReactNode;
}

/**
 * An element on an edge. It moves along the path itself, not in a straight line, from where
 * it was to where the engine says it is now; an element the receiver took finishes its trip
 * before it disappears. Must be a direct child of AnimatePresence.
 */
export function Traveller({ geometry, distance, exitTo, from, children }: TravellerProps) {
  const timing = useTiming();
  const scale = useScale();
  const [isPresent, safeToRemove] = usePresence();
  const along = useMotionValue(timing.instant ? distance : (from ?? distance));
  const start = pointAt(geometry, along.get());
  const x = useMotionValue(start.x);
  const y = useMotionValue(start.y);
  const geometryRef = useRef(geometry);

  // A dragged node reshapes the path: keep the element on it.
  useLayoutEffect(() => {
    geometryRef.current = geometry;
    const p = pointAt(geometry, along.get());
    x.set(p.x);
    y.set(p.y);
  }, [geometry, along, x, y]);

  useEffect(
    () =>
      along.on('change', (v) => {
        const p = pointAt(geometryRef.current, v);
        x.set(p.x);
        y.set(p.y);
      }),
    [along, x, y],
  );

  const target = isPresent ? distance : exitTo;
  const leaving = !isPresent;
  useEffect(() => {
    if (timing.instant || (leaving && !timing.forward)) {
      along.set(target);
      if (leaving) safeToRemove?.();
      return;
    }
    const controls = animate(along, target, { duration: timing.duration, ease: timing.ease });
    if (leaving) controls.then(() => safeToRemove?.());
    return () => controls.stop();
  }, [target, leaving, timing, along, safeToRemove]);

  return (
    <m.g
      style={{ x, y }}
      initial={timing.instant ? false : { opacity: 0 }}
      animate={{ opacity: 1 }}
      transition={{ duration: Math.min(0.2, timing.duration) }}
    >
      {scale === 1 ? children : <g transform={`scale(${scale})`}>{children}</g>}
    </m.g>
  );
}
