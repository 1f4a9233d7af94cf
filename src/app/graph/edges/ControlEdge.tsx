import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { ControlMessage } from '../../../engine';
import { useT, type LocalText } from '../../i18n';
import type { FlightItem } from '../timing';
import { controlPath, controlTrip, LEAVING } from '../controlPath';
import { spread } from '../geometry';
import { Flight, useScale } from '../motion';
import type { ControlEdge as ControlEdgeType, MessageView } from '../toFlowElements';
import { pillLook } from './chips';

const MESSAGE: Record<ControlMessage['type'], LocalText> = {
  trigger: { en: 'trigger', zh: '触发' },
  ack: { en: 'ack', zh: '确认' },
  decline: { en: 'decline', zh: '拒绝' },
  'notify-complete': { en: 'complete', zh: '完成' },
  abort: { en: 'abort', zh: '中止' },
  pause: { en: 'pause', zh: '暂停' },
  resume: { en: 'resume', zh: '恢复' },
};

const GAP = 30;
const NO_MESSAGES: MessageView[] = [];

/** A control message's way between the job manager and a task (controlPath.ts). */
function ControlEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data,
}: EdgeProps<ControlEdgeType>) {
  const t = useT();
  const path = useMemo(
    () => controlPath({ x: sourceX, y: sourceY }, { x: targetX, y: targetY }),
    [sourceX, sourceY, targetX, targetY],
  );
  const { geometry } = path;
  const messages = data?.messages ?? NO_MESSAGES;
  const scale = useScale();
  const span = data?.span ?? 0;
  const trip = useMemo(() => controlTrip(path, span, scale), [path, span, scale]);
  const items = useMemo<FlightItem[]>(() => {
    const { usable } = trip;
    // Messages on one path keep a pill's room between them, worked out in pixels; each is
    // placed by the part of its trip done (controlTrip).
    const part = (d: number) => (usable > 0 ? d / usable : 0);
    const toTask = messages.filter((m) => !m.toJobManager);
    const toJm = messages.filter((m) => m.toJobManager);
    const down = spread(
      toTask.map((m) => m.position * usable),
      usable,
      GAP * scale,
    );
    const up = spread(
      toJm.map((m) => m.position * usable),
      usable,
      GAP * scale,
    );
    const item = (m: MessageView, distance: number, exitTo: number): FlightItem => ({
      key: m.key,
      distance,
      exitTo,
      look: pillLook(`${t(MESSAGE[m.type])} ${m.checkpoint}`, m.checkpoint),
    });
    return [
      ...toTask.map((m, k) => item(m, part(down[k]), 1 + LEAVING)),
      ...toJm.map((m, k) => item(m, 1 - part(up[k]), -LEAVING)),
    ];
  }, [messages, trip, scale, t]);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={messages.length > 0 ? 'g-control g-control-busy' : 'g-control'}
      />
      <Flight edge={id} geometry={geometry} items={items} warp={trip.warp} />
    </>
  );
}

export const ControlEdge = memo(ControlEdgeView);
