import { useEffect, useRef, useState } from 'react';

/**
 * Past this many nodes and edges together, a job newly laid out is drawn a slice a frame:
 * drawing a broadcast-heavy job whole (64 subtasks, 768 channels) held the page for over 300 ms
 * in one task, and the browser answered nothing meanwhile. The lessons and presets stay far
 * below it and draw at once.
 */
export const REVEAL_ABOVE = 160;
/**
 * What one frame adds at first: nodes first, all of them, then the edges between them. A
 * subtask of a 16-wide broadcast has 16 handles a side: one such node costs about what 8
 * channels do.
 */
export const REVEAL_SLICE = { nodes: 1, edges: 8 } as const;
/**
 * The milliseconds a slice's render and commit may take: each next slice is sized from how
 * long the last one took, so a slow or busy machine draws smaller slices and no frame holds the
 * page long, while a fast one draws the job in fewer frames. Layout and paint come on top.
 */
const SLICE_MS = 12;
const MAX_UNITS = 24;

export interface Reveal {
  /** How many of the nodes and of the edges are drawn. */
  nodes: number;
  edges: number;
  /** Whether everything is drawn. */
  done: boolean;
}

interface Progress {
  shape: string;
  nodes: number;
  edges: number;
}

/** The first slice of a new layout: everything when it is small. */
function start(shape: string, nodes: number, edges: number): Progress {
  return nodes + edges > REVEAL_ABOVE
    ? { shape, nodes: Math.min(nodes, REVEAL_SLICE.nodes), edges: 0 }
    : { shape, nodes, edges };
}

/**
 * How much of the layout named `shape` to draw: all of it at once when it is small; else a slice
 * more each animation frame, the nodes before the edges (an edge needs both its ends drawn), so
 * that no frame holds the page long. A new shape starts again; a tick of the same shape only
 * redraws what is drawn.
 */
export function useReveal(shape: string, nodes: number, edges: number): Reveal {
  const [progress, setProgress] = useState(() => start(shape, nodes, edges));
  // Derived during render, React's pattern for state that restarts with a prop.
  let shown = progress;
  if (progress.shape !== shape) {
    shown = start(shape, nodes, edges);
    setProgress(shown);
  }
  const done = shown.nodes >= nodes && shown.edges >= edges;
  // How many REVEAL_SLICEs the next frame adds, and when the last slice was asked for.
  const units = useRef(1);
  const asked = useRef<number | null>(null);
  useEffect(() => {
    if (asked.current !== null) {
      const took = Math.max(1, performance.now() - asked.current);
      units.current = Math.max(
        1,
        Math.min(MAX_UNITS, Math.floor((units.current * SLICE_MS) / took)),
      );
      asked.current = null;
    }
    if (done) return;
    const frame = requestAnimationFrame(() => {
      const n = units.current;
      asked.current = performance.now();
      setProgress((p) =>
        p.shape !== shape
          ? p
          : p.nodes < nodes
            ? { ...p, nodes: Math.min(nodes, p.nodes + n * REVEAL_SLICE.nodes) }
            : { ...p, edges: Math.min(edges, p.edges + n * REVEAL_SLICE.edges) },
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [done, shape, nodes, edges, shown]);
  return { nodes: Math.min(shown.nodes, nodes), edges: Math.min(shown.edges, edges), done };
}
