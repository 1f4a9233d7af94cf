import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { FlightItem } from '../flight';
import { horizontalBezier, placeAlong } from '../geometry';
import { Flight, useScale } from '../motion';
import { checkpointColor } from '../palette';
import type { ChannelEdgeData, ChannelEdge as ChannelEdgeType } from '../toFlowElements';
import { barrierLook, recordLook } from './chips';

/** Room kept free at both ends, so an element never hides under a node. */
const INSET = 16;
const GAP = 27;
const NONE: ChannelEdgeData = { kind: 'channel', channel: '', elements: [], blockedBy: null };

/** A data channel: its elements in flight, each at the fraction of its latency it travelled. */
function ChannelEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data = NONE,
}: EdgeProps<ChannelEdgeType>) {
  const geometry = useMemo(
    () => horizontalBezier({ x: sourceX, y: sourceY }, { x: targetX, y: targetY }),
    [sourceX, sourceY, targetX, targetY],
  );
  const scale = useScale();
  const { elements, blockedBy } = data;
  const items = useMemo<FlightItem[]>(() => {
    const placed = placeAlong(
      elements.map((e) => e.position),
      geometry.length,
      INSET * scale,
      GAP * scale,
    );
    return elements.map((el, k) => ({
      key: el.key,
      distance: placed[k],
      exitTo: geometry.length,
      look:
        el.kind === 'record'
          ? recordLook(el.value, el.replay)
          : barrierLook(el.checkpoint, el.savepoint, el.cancel),
    }));
  }, [elements, geometry, scale]);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={blockedBy === null ? 'g-channel' : 'g-channel g-channel-blocked'}
        style={blockedBy === null ? undefined : { stroke: checkpointColor(blockedBy).fill }}
      />
      <Flight geometry={geometry} items={items} />
    </>
  );
}

export const ChannelEdge = memo(ChannelEdgeView);
