import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { FlightItem } from '../timing';
import { angleAt, freeLength, horizontalBezier, placeAvoiding, pointAt } from '../geometry';
import type { Look } from '../look';
import { useT } from '../../i18n';
import { Flight, useScale } from '../motion';
import { checkpointColor } from '../palette';
import {
  fitQueue,
  fittedGaps,
  fittedPosition,
  widenedGaps,
  type Fitted,
  type QueueFit,
} from '../queueFit';
import {
  positionAt,
  type ChannelEdgeData,
  type ChannelEdge as ChannelEdgeType,
  type InFlightView,
} from '../toFlowElements';
import { barrierLook, recordLook, runLook } from './chips';
import { fillFigure, fillFull, fillTitle } from '../describe';

/** Room kept free at both ends, so an element never hides under a node. */
const INSET = 16;
const GAP = 27;
const NONE: ChannelEdgeData = {
  kind: 'channel',
  channel: '',
  tick: 0,
  elements: [],
  blockedBy: null,
  keepOut: [],
  fill: null,
};

const scaled = (look: Look, scale: number) => ({
  width: look.width * scale,
  height: look.height * scale,
});

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
  const fillAt = pointAt(geometry, Math.max(0, geometry.length - INSET * scale * 2.5));
  const full = fill !== null && fillFull(fill);
  const items = useMemo<FlightItem[]>(() => {
    const lookOf = (el: InFlightView) =>
      el.kind === 'record'
        ? recordLook(el.value, el.replay, el.persistedIn)
        : barrierLook(el.checkpoint, el.savepoint, el.cancel);
    // A queue longer than the channel has room for shows its head and runs of "+N" records.
    const fit: QueueFit<InFlightView> = {
      isRecord: (el) => el.kind === 'record',
      size: (el) => scaled(lookOf(el), scale),
      runSize: (count) => scaled(runLook(count), scale),
      position: (el) => positionAt(el, tick),
      angleAt: (fraction) => angleAt(geometry, fraction * geometry.length),
      least: GAP * scale,
      room: freeLength(geometry.length, INSET * scale, keepOut),
    };
    // Where another channel crosses, no element rests: elements on both never cover each other.
    const place = (items: readonly Fitted<InFlightView>[], gaps: readonly number[]) =>
      placeAvoiding(
        items.map((item) => fittedPosition(item, fit)),
        geometry.length,
        INSET * scale,
        gaps,
        keepOut,
      );
    // The room elements need depends on how the path slants and bends where they end up:
    // placed, then measured where they went, and widened where neighbours still overlap.
    const settled = (items: readonly Fitted<InFlightView>[]) => {
      let gaps = fittedGaps(items, fit);
      for (let round = 0; round < 2; round++) {
        const at = place(items, gaps).map((d) => d / Math.max(1, geometry.length));
        gaps = fittedGaps(items, fit, at);
      }
      for (let round = 0; round < 2; round++) {
        const centres = place(items, gaps).map((d) => pointAt(geometry, d));
        gaps = widenedGaps(items, fit, gaps, centres);
      }
      return gaps;
    };
    const shown = fitQueue(elements, fit, settled);
    const placed = place(shown, settled(shown));
    let runs = 0;
    return shown.map((item, k) =>
      'one' in item
        ? {
            key: item.one.key,
            distance: placed[k],
            exitTo: geometry.length,
            look: lookOf(item.one),
          }
        : {
            key: `${id}:run:${runs++}`,
            distance: placed[k],
            exitTo: geometry.length,
            look: runLook(item.run.length),
          },
    );
  }, [id, tick, elements, geometry, scale, keepOut]);
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
          <title>{t(fillTitle(fill))}</title>
          <tspan className="g-fill-value">{fillFigure(fill)}</tspan>
        </text>
      )}
    </>
  );
}

export const ChannelEdge = memo(ChannelEdgeView);
