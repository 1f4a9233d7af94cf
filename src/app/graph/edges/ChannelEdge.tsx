import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { AnimatePresence } from 'framer-motion';
import { memo, useMemo } from 'react';
import { horizontalBezier, spread } from '../geometry';
import { Traveller, useScale } from '../motion';
import { checkpointColor } from '../palette';
import type { ChannelEdge as ChannelEdgeType } from '../toFlowElements';
import { BarrierMark, RecordChip } from './chips';

/** Room kept free at both ends, so an element never hides under a node. */
const INSET = 16;
const GAP = 27;

/** A data channel: its elements in flight, each at the fraction of its latency it travelled. */
function ChannelEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data,
}: EdgeProps<ChannelEdgeType>) {
  const geometry = useMemo(
    () => horizontalBezier({ x: sourceX, y: sourceY }, { x: targetX, y: targetY }),
    [sourceX, sourceY, targetX, targetY],
  );
  const elements = data?.elements ?? [];
  const scale = useScale();
  const inset = INSET * scale;
  const gap = GAP * scale;
  const usable = Math.max(0, geometry.length - 2 * inset);
  const placed = spread(
    elements.map((e) => e.position * usable),
    usable,
    gap,
  );
  const blockedBy = data?.blockedBy ?? null;
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={blockedBy === null ? 'g-channel' : 'g-channel g-channel-blocked'}
        style={blockedBy === null ? undefined : { stroke: checkpointColor(blockedBy).fill }}
      />
      <g className="g-flight">
        <AnimatePresence initial={false}>
          {elements.map((el, k) => (
            <Traveller
              key={el.key}
              geometry={geometry}
              distance={inset + placed[k]}
              exitTo={geometry.length}
            >
              {el.kind === 'record' ? (
                <RecordChip value={el.value} replay={el.replay} />
              ) : (
                <BarrierMark checkpoint={el.checkpoint} savepoint={el.savepoint} />
              )}
            </Traveller>
          ))}
        </AnimatePresence>
      </g>
    </>
  );
}

export const ChannelEdge = memo(ChannelEdgeView);
