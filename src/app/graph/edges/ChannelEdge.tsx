import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { FlightItem } from '../timing';
import { CHANNEL_INSET, horizontalBezier, pointAt } from '../geometry';
import { useT } from '../../i18n';
import { Flight, useFlightCode, useScale } from '../motion';
import { checkpointColor } from '../palette';
import type { ChannelEdgeData, ChannelEdge as ChannelEdgeType } from '../toFlowElements';
import { fillFigure, fillFull, fillTitle } from '../describe';

const NONE: ChannelEdgeData = {
  kind: 'channel',
  channel: '',
  tick: 0,
  elements: [],
  blockedBy: null,
  keepOut: [],
  fill: null,
};

const NOTHING: readonly FlightItem[] = [];

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
  const { tick, elements, blockedBy, keepOut, fill } = data;
  const t = useT();
  // The channel's fill against its credits, beside its receiver's end, where the receiver's
  // inputs are cells without room for it: shown once records wait.
  const fillAt = pointAt(geometry, Math.max(0, geometry.length - CHANNEL_INSET * scale * 2.5));
  const full = fill !== null && fillFull(fill);
  // Placed by the flight layer's code (edges/channelItems.ts), which loads once something
  // travels: until then the channel draws nothing, and its elements ask for the code.
  const code = useFlightCode();
  const items = useMemo(
    () =>
      code && elements.length > 0
        ? code.channelItems({ id, tick, elements, geometry, scale, keepOut })
        : NOTHING,
    [code, id, tick, elements, geometry, scale, keepOut],
  );
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={blockedBy === null ? 'g-channel' : 'g-channel g-channel-blocked'}
        style={blockedBy === null ? undefined : { stroke: checkpointColor(blockedBy).fill }}
      />
      <Flight edge={id} geometry={geometry} items={items} wanted={elements.length > 0} />
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
