import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { DrawnChannelData, DrawnChannelEdge } from '../channelMoments';
import { CHANNEL_INSET, horizontalBezier, pointAt } from '../geometry';
import { useT } from '../../i18n';
import { useChannelFlight, useScale } from '../motion';
import { checkpointColor } from '../palette';
import { fillFigure, fillFull, fillTitle } from '../describe';

const NONE: DrawnChannelData = {
  kind: 'channel',
  channel: '',
  blockedBy: null,
  keepOut: [],
  fill: null,
};

/**
 * A data channel, blocked or not, with its fill where its receiver has no row for it; its
 * elements in flight, each at the fraction of its latency it travelled, come from the graph's
 * channel feed at each tick (useChannelFlight).
 */
function ChannelEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data = NONE,
}: EdgeProps<DrawnChannelEdge>) {
  const geometry = useMemo(
    () => horizontalBezier({ x: sourceX, y: sourceY }, { x: targetX, y: targetY }),
    [sourceX, sourceY, targetX, targetY],
  );
  const scale = useScale();
  const { blockedBy, keepOut, fill } = data;
  const t = useT();
  // The channel's fill against its credits, beside its receiver's end, where the receiver's
  // inputs are cells without room for it: shown once records wait.
  const fillAt = pointAt(geometry, Math.max(0, geometry.length - CHANNEL_INSET * scale * 2.5));
  const full = fill !== null && fillFull(fill);
  useChannelFlight(id, geometry, scale, keepOut);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={blockedBy === null ? 'g-channel' : 'g-channel g-channel-blocked'}
        style={blockedBy === null ? undefined : { stroke: checkpointColor(blockedBy).fill }}
      />
      {fill !== null && fill.records > 0 && (
        <text
          className={full ? 'g-fill g-fill-full' : 'g-fill'}
          x={fillAt.x}
          y={fillAt.y - 34 * scale}
          textAnchor="middle"
          style={{ fontSize: 14 * scale }}
        >
          <title>{t(fillTitle(fill))}</title>
          <tspan className="g-fill-value">{fillFigure(fill)}</tspan>
        </text>
      )}
    </>
  );
}

export const ChannelEdge = memo(ChannelEdgeView);
