import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { FlightItem } from '../timing';
import { horizontalBezier, placeAvoiding, pointAt } from '../geometry';
import { useT } from '../../i18n';
import { Flight, useScale } from '../motion';
import { checkpointColor } from '../palette';
import type { ChannelEdgeData, ChannelEdge as ChannelEdgeType } from '../toFlowElements';
import { barrierLook, recordLook } from './chips';

/** Room kept free at both ends, so an element never hides under a node. */
const INSET = 16;
const GAP = 27;
const NONE: ChannelEdgeData = {
  kind: 'channel',
  channel: '',
  elements: [],
  blockedBy: null,
  keepOut: [],
  fill: null,
};

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
  const { elements, blockedBy, keepOut, fill } = data;
  const t = useT();
  // The channel's fill against its credits, beside its receiver's end: shown once records wait.
  const fillAt = pointAt(geometry, Math.max(0, geometry.length - INSET * scale * 2.5));
  const full = fill !== null && fill.capacity !== null && fill.records >= fill.capacity;
  const items = useMemo<FlightItem[]>(() => {
    // Where another channel crosses, no element rests: elements on both never cover each other.
    const placed = placeAvoiding(
      elements.map((e) => e.position),
      geometry.length,
      INSET * scale,
      GAP * scale,
      keepOut,
    );
    return elements.map((el, k) => ({
      key: el.key,
      distance: placed[k],
      exitTo: geometry.length,
      look:
        el.kind === 'record'
          ? recordLook(el.value, el.replay, el.persistedIn)
          : barrierLook(el.checkpoint, el.savepoint, el.cancel),
    }));
  }, [elements, geometry, scale, keepOut]);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={blockedBy === null ? 'g-channel' : 'g-channel g-channel-blocked'}
        style={blockedBy === null ? undefined : { stroke: checkpointColor(blockedBy).fill }}
      />
      <Flight edge={id} geometry={geometry} items={items} />
      {fill !== null && fill.records > 0 && (
        <text
          className={full ? 'g-fill g-fill-full' : 'g-fill'}
          x={fillAt.x}
          y={fillAt.y - 34 * scale}
          textAnchor="middle"
          style={{ fontSize: 14 * scale }}
        >
          <title>
            {t({
              en: `${fill.records} records in the channel${fill.capacity === null ? '' : `, capacity ${fill.capacity}`}${full ? ': no credit left, the sender waits' : ''}`,
              zh: `通道中有 ${fill.records} 条数据${fill.capacity === null ? '' : `，容量 ${fill.capacity}`}${full ? '：没有剩余信用，发送方等待' : ''}`,
            })}
          </title>
          <tspan className="g-fill-value">
            {fill.capacity === null ? fill.records : `${fill.records}/${fill.capacity}`}
          </tspan>
        </text>
      )}
    </>
  );
}

export const ChannelEdge = memo(ChannelEdgeView);
