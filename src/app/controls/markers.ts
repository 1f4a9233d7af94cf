import type { SimEvent } from '../../engine';

export type MarkerKind =
  | 'triggered'
  | 'completed'
  | 'failed'
  | 'savepoint'
  | 'task-failed'
  | 'restarted'
  | 'resumed'
  | 'job-failed'
  | 'finished';

export interface Marker {
  tick: number;
  kind: MarkerKind;
  /** The checkpoint it concerns, if any. */
  checkpoint?: number;
  task?: string;
}

/** The moments a timeline marks, read from the recorded events. Pure. */
export function timelineMarkers(events: readonly SimEvent[][]): Marker[] {
  const markers: Marker[] = [];
  events.forEach((tickEvents, tick) => {
    for (const e of tickEvents) {
      switch (e.type) {
        case 'CheckpointTriggered':
          markers.push({
            tick,
            kind: e.kind === 'savepoint' ? 'savepoint' : 'triggered',
            checkpoint: e.checkpoint,
          });
          break;
        case 'CheckpointCompleted':
          markers.push({ tick, kind: 'completed', checkpoint: e.checkpoint });
          break;
        case 'CheckpointFailed':
          markers.push({ tick, kind: 'failed', checkpoint: e.checkpoint });
          break;
        case 'TaskFailed':
          markers.push({ tick, kind: 'task-failed', task: e.task });
          break;
        case 'JobRestarted':
          markers.push({
            tick,
            kind: e.newJob ? 'resumed' : 'restarted',
            checkpoint: e.checkpoint ?? undefined,
          });
          break;
        case 'JobFailed':
          markers.push({ tick, kind: 'job-failed' });
          break;
        case 'JobFinished':
          markers.push({ tick, kind: 'finished' });
          break;
        default:
          break;
      }
    }
  });
  return markers;
}
