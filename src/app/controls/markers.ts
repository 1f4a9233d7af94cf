import type { Scenario, SimEvent } from '../../engine';
import type { LocalText } from '../i18n';
import { taskName } from '../../session/narration';

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

/** Markers of one kind close enough on the track to draw as one (see `groupMarkers`). */
export interface MarkerGroup {
  kind: MarkerKind;
  /** The first marker's tick: where the group is drawn and where a click on it jumps to. */
  tick: number;
  /** The last marker's tick (the same as `tick` for a group of one). */
  lastTick: number;
  /** How many markers it stands for. */
  count: number;
  /** The first and last checkpoint it concerns, if any. */
  checkpoints?: [number, number];
  /** The tasks it concerns, each once, in the order they came. */
  tasks: string[];
}

/**
 * The markers as drawn on a track `width` pixels wide for a run of `end` ticks: markers of one
 * kind closer than `gap` pixels to the first of their group are drawn as one, which says how
 * many it stands for. A marker is 10 pixels wide, so such markers overlapped anyway; a long run
 * (a thousand checkpoints) then draws a few hundred elements instead of thousands, which the
 * browser would otherwise repaint every time the slider's thumb moves. Pure.
 */
export function groupMarkers(
  markers: readonly Marker[],
  end: number,
  width: number,
  gap = 4,
): MarkerGroup[] {
  const ticksPerGap = (gap * Math.max(1, end)) / Math.max(1, width);
  const open = new Map<MarkerKind, MarkerGroup>();
  const groups: MarkerGroup[] = [];
  for (const m of markers) {
    const group = open.get(m.kind);
    if (group && m.tick - group.tick < ticksPerGap) {
      group.lastTick = m.tick;
      group.count += 1;
      if (m.checkpoint !== undefined)
        group.checkpoints = group.checkpoints
          ? [group.checkpoints[0], m.checkpoint]
          : [m.checkpoint, m.checkpoint];
      if (m.task !== undefined && !group.tasks.includes(m.task)) group.tasks.push(m.task);
      continue;
    }
    const started: MarkerGroup = {
      kind: m.kind,
      tick: m.tick,
      lastTick: m.tick,
      count: 1,
      ...(m.checkpoint !== undefined ? { checkpoints: [m.checkpoint, m.checkpoint] } : {}),
      tasks: m.task !== undefined ? [m.task] : [],
    };
    open.set(m.kind, started);
    groups.push(started);
  }
  return groups;
}

const KIND_TEXT: Record<MarkerKind, LocalText> = {
  triggered: { en: 'checkpoint triggered', zh: '检查点触发' },
  completed: { en: 'checkpoint completed', zh: '检查点完成' },
  failed: { en: 'checkpoint failed', zh: '检查点失败' },
  savepoint: { en: 'savepoint triggered', zh: '保存点触发' },
  'task-failed': { en: 'task failed', zh: '任务失败' },
  restarted: { en: 'job restarted, state restored', zh: '作业重启，状态已恢复' },
  resumed: { en: 'new job started from checkpoint', zh: '从检查点启动新作业' },
  'job-failed': { en: 'job failed', zh: '作业失败' },
  finished: { en: 'job finished', zh: '作业结束' },
};

/** How a group of markers reads in a tooltip and to a screen reader. */
export function groupLabel(group: MarkerGroup, scenario: Scenario): LocalText {
  const [first, last] = group.checkpoints ?? [];
  const checkpoints = first === undefined ? '' : first === last ? ` ${first}` : ` ${first}–${last}`;
  const names = group.tasks.slice(0, 3).map((task) => taskName(task, scenario));
  const more = group.tasks.length - names.length;
  const tasks = {
    en: names.length ? `: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}` : '',
    zh: names.length
      ? `：${names.join('、')}${more > 0 ? ` 等 ${group.tasks.length} 个` : ''}`
      : '',
  };
  const kind = KIND_TEXT[group.kind];
  if (group.count === 1)
    return {
      en: `${kind.en}${checkpoints}${tasks.en} · tick ${group.tick}`,
      zh: `${kind.zh}${checkpoints}${tasks.zh} · 第 ${group.tick} 拍`,
    };
  const ticks = group.lastTick === group.tick ? null : `${group.tick}–${group.lastTick}`;
  return {
    en: `${kind.en}${checkpoints}${tasks.en} · ${group.count} times, ${ticks ? `ticks ${ticks}` : `tick ${group.tick}`}`,
    zh: `${kind.zh}${checkpoints}${tasks.zh} · ${group.count} 次，第 ${ticks ?? group.tick} 拍`,
  };
}
