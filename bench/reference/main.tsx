import {
  BaseEdge,
  getStraightPath,
  ReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { motion } from 'framer-motion';
import { createRoot } from 'react-dom/client';

/**
 * The frame-rate reference: the plain stack (React, React Flow, framer-motion, all imported
 * eagerly) with one framer-motion element moving along every edge, the way a naive graph of
 * elements in flight would be drawn. `?n=` sets the number of edges and so of moving elements.
 */
const count = Math.max(1, Number(new URLSearchParams(location.search).get('n') ?? 100));
const columns = Math.ceil(Math.sqrt(count));
const GAP = 120;

const nodes: Node[] = Array.from({ length: count }, (_, i) => ({
  id: `n${i}`,
  position: { x: (i % columns) * GAP, y: Math.floor(i / columns) * GAP },
  data: { label: String(i) },
  style: { width: 48, padding: 4, fontSize: 12 },
}));

const edges: Edge[] = Array.from({ length: count }, (_, i) => ({
  id: `e${i}`,
  source: `n${i}`,
  target: `n${(i + 1) % count}`,
  type: 'moving',
}));

function MovingEdge({ sourceX, sourceY, targetX, targetY }: EdgeProps) {
  const [path] = getStraightPath({ sourceX, sourceY, targetX, targetY });
  return (
    <>
      <BaseEdge path={path} />
      <motion.circle
        r={6}
        fill="#d9480f"
        initial={{ x: sourceX, y: sourceY }}
        animate={{ x: targetX, y: targetY }}
        transition={{ duration: 1.5, ease: 'linear', repeat: Infinity }}
      />
    </>
  );
}

const edgeTypes = { moving: MovingEdge };

createRoot(document.getElementById('root')!).render(
  <ReactFlow nodes={nodes} edges={edges} edgeTypes={edgeTypes} fitView />,
);
