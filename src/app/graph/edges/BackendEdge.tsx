import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { useT } from '../../i18n';
import type { FlightItem } from '../flight';
import { orthogonal, placeAlong } from '../geometry';
import { Flight, useScale } from '../motion';
import type { BackendEdge as BackendEdgeType, BackendEdgeData } from '../toFlowElements';
import { pillLook } from './chips';
import { CONTROL_LANE } from './ControlEdge';

const INSET = 20;
const GAP = 30;
/** Between the control lane and the task, so the two never share a line. */
const BACKEND_LANE = CONTROL_LANE - 22;
const NO_WRITES: BackendEdgeData['writes'] = [];

/**
 * A task's way to the state backend: snapshot writes travel down to it while they last, and in
 * a restore tick the restored state travels back up.
 */
function BackendEdgeView({ id, sourceX, sourceY, targetY, data }: EdgeProps<BackendEdgeType>) {
  const geometry = useMemo(() => {
    const gutter = sourceX - BACKEND_LANE;
    return orthogonal([
      { x: sourceX, y: sourceY },
      { x: gutter, y: sourceY },
      { x: gutter, y: targetY },
    ]);
  }, [sourceX, sourceY, targetY]);
  const t = useT();
  const writes = data?.writes ?? NO_WRITES;
  const restore = data?.restore ?? null;
  const scale = useScale();
  const items = useMemo<FlightItem[]>(() => {
    const placed = placeAlong(
      writes.map((w) => w.position),
      geometry.length,
      INSET * scale,
      GAP * scale,
    );
    const list: FlightItem[] = writes.map((w, k) => ({
      key: w.key,
      distance: placed[k],
      exitTo: geometry.length,
      look: pillLook(`${t({ en: 'snap', zh: '快照' })} ${w.checkpoint}`, w.checkpoint, true),
    }));
    if (restore !== null) {
      list.push({
        key: `restore${restore}`,
        distance: INSET * scale,
        exitTo: 0,
        from: geometry.length,
        look: pillLook(`↺ ${restore}`, restore, true),
      });
    }
    return list;
  }, [writes, restore, geometry, scale, t]);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={restore === null ? 'g-backend' : 'g-backend g-backend-restore'}
      />
      <Flight geometry={geometry} items={items} />
    </>
  );
}

export const BackendEdge = memo(BackendEdgeView);
