import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import type { FlightItem } from '../timing';
import { orthogonal, placeAlong } from '../geometry';
import { Flight, useScale } from '../motion';
import type { BackendEdge as BackendEdgeType, BackendEdgeData } from '../toFlowElements';
import { pillLook } from './chips';
import { CONTROL_LANE } from '../controlPath';

/** Room kept free at the backend's end of the path. */
const INSET = 20;
/**
 * How far below the lane's corner a write starts, half a pill and a little: a pill resting at
 * the corner, beside the task's lowest input, covered what arrived there.
 */
const BELOW_CORNER = 17;
const GAP = 30;
/** Between the control lane and the task, so the two never share a line. */
const BACKEND_LANE = CONTROL_LANE - 22;
const NO_WRITES: BackendEdgeData['writes'] = [];

/**
 * A task's way to the state backend: snapshot writes travel to it while they last, and in a
 * restore tick the restored state travels back. Each is marked as on the task's badge, ◉ N for
 * the snapshot of checkpoint N and ↺ N for the state restored from it: the lane runs 22 units
 * beside the task's column, and a pill as wide as "snap 1" was cut by the next task's corner.
 */
function BackendEdgeView({ id, sourceX, sourceY, targetY, data }: EdgeProps<BackendEdgeType>) {
  const lane = data?.lane ?? null;
  const geometry = useMemo(() => {
    const gutter = sourceX - BACKEND_LANE;
    const corners = [
      { x: sourceX, y: sourceY },
      { x: gutter, y: sourceY },
    ];
    // Beside the tasks, the way runs under them to the backend's side.
    if (lane) corners.push({ x: gutter, y: lane.y }, { x: lane.toX, y: lane.y });
    else corners.push({ x: gutter, y: targetY });
    return orthogonal(corners);
  }, [sourceX, sourceY, targetY, lane]);
  const writes = data?.writes ?? NO_WRITES;
  const restore = data?.restore ?? null;
  const scale = useScale();
  const items = useMemo<FlightItem[]>(() => {
    const start = Math.min(BACKEND_LANE + BELOW_CORNER * scale, geometry.length / 2);
    const placed = placeAlong(
      writes.map((w) => w.position),
      geometry.length - start + INSET * scale,
      INSET * scale,
      GAP * scale,
    ).map((d) => d + start - INSET * scale);
    const list: FlightItem[] = writes.map((w, k) => ({
      key: w.key,
      distance: placed[k],
      exitTo: geometry.length,
      look: pillLook(`◉ ${w.checkpoint}`, w.checkpoint, true),
    }));
    if (restore !== null) {
      list.push({
        key: `restore${restore}`,
        distance: start,
        exitTo: 0,
        from: geometry.length,
        look: pillLook(`↺ ${restore}`, restore, true),
      });
    }
    return list;
  }, [writes, restore, geometry, scale]);
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={restore === null ? 'g-backend' : 'g-backend g-backend-restore'}
      />
      <Flight edge={id} geometry={geometry} items={items} />
    </>
  );
}

export const BackendEdge = memo(BackendEdgeView);
