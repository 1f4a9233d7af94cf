import { BaseEdge, type EdgeProps } from '@xyflow/react';
import { AnimatePresence } from 'framer-motion';
import { memo, useMemo } from 'react';
import { useT } from '../../i18n';
import { orthogonal, spread } from '../geometry';
import { Traveller, useScale } from '../motion';
import type { BackendEdge as BackendEdgeType } from '../toFlowElements';
import { Pill } from './chips';
import { CONTROL_LANE } from './ControlEdge';

const INSET = 20;
const GAP = 30;
/** Between the control lane and the task, so the two never share a line. */
const BACKEND_LANE = CONTROL_LANE - 22;

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
  const writes = data?.writes ?? [];
  const restore = data?.restore ?? null;
  const scale = useScale();
  const inset = INSET * scale;
  const gap = GAP * scale;
  const usable = Math.max(0, geometry.length - 2 * inset);
  const placed = spread(
    writes.map((w) => w.position * usable),
    usable,
    gap,
  );
  return (
    <>
      <BaseEdge
        id={id}
        path={geometry.d}
        className={restore === null ? 'g-backend' : 'g-backend g-backend-restore'}
      />
      <g className="g-flight">
        <AnimatePresence initial={false}>
          {writes.map((w, k) => (
            <Traveller
              key={w.key}
              geometry={geometry}
              distance={inset + placed[k]}
              exitTo={geometry.length}
            >
              <Pill
                text={`${t({ en: 'snap', zh: '快照' })} ${w.checkpoint}`}
                checkpoint={w.checkpoint}
                filled
              />
            </Traveller>
          ))}
          {restore !== null && (
            <Traveller
              key={`restore${restore}`}
              geometry={geometry}
              distance={inset}
              exitTo={0}
              from={geometry.length}
            >
              <Pill text={`↺ ${restore}`} checkpoint={restore} filled />
            </Traveller>
          )}
        </AnimatePresence>
      </g>
    </>
  );
}

export const BackendEdge = memo(BackendEdgeView);
