import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { ControlMessage } from '../../../engine';
import { useT, type LocalText } from '../../i18n';
import type { FlightItem } from '../timing';
import { orthogonal, spread } from '../geometry';
import { SIZE } from '../layout';
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

const INSET = 34;
const GAP = 30;
/** The control lane runs this far left of a task, in the gap between columns. */
export const CONTROL_LANE = 44;
const NO_MESSAGES: MessageView[] = [];

/**
 * A control message's way between the job manager and a task: down from the coordinator, along
 * a lane above the tasks, down the gap left of the task's column, into its header. It never
 * crosses a node, so a message is always in sight.
 */
function ControlEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  data,
}: EdgeProps<ControlEdgeType>) {
  const t = useT();
  const geometry = useMemo(() => {
    const lane = sourceY + SIZE.bandGap / 2;
    const gutter = targetX - CONTROL_LANE;
    return orthogonal([
      { x: sourceX, y: sourceY },
      { x: sourceX, y: lane },
      { x: gutter, y: lane },
      { x: gutter, y: targetY },
      { x: targetX, y: targetY },
    ]);
  }, [sourceX, sourceY, targetX, targetY]);
  const messages = data?.messages ?? NO_MESSAGES;
  const scale = useScale();
  const items = useMemo<FlightItem[]>(() => {
    const inset = INSET * scale;
    const usable = Math.max(0, geometry.length - 2 * inset);
    // Both directions share the path; distances count from the job manager.
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
      ...toTask.map((m, k) => item(m, inset + down[k], geometry.length)),
      ...toJm.map((m, k) => item(m, inset + usable - up[k], 0)),
    ];
  }, [messages, geometry, scale, t]);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={messages.length > 0 ? 'g-control g-control-busy' : 'g-control'}
      />
      <Flight edge={id} geometry={geometry} items={items} />
    </>
  );
}

export const ControlEdge = memo(ControlEdgeView);
