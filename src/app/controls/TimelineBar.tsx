import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useT, type LocalText } from '../i18n';
import { useStore } from '../store';
import { timelineMarkers, type Marker, type MarkerKind } from './markers';

const KIND_TEXT: Record<MarkerKind, LocalText> = {
  triggered: { en: 'checkpoint triggered', zh: '检查点触发' },
  completed: { en: 'checkpoint completed', zh: '检查点完成' },
  failed: { en: 'checkpoint failed', zh: '检查点失败' },
  savepoint: { en: 'savepoint triggered', zh: '保存点触发' },
  'task-failed': { en: 'task failed', zh: '任务失败' },
  restarted: { en: 'job restarted, state restored', zh: '作业重启，状态已恢复' },
  'job-failed': { en: 'job failed', zh: '作业失败' },
  finished: { en: 'job finished', zh: '作业结束' },
};

const Markers = memo(function Markers({
  markers,
  end,
  seek,
}: {
  markers: Marker[];
  end: number;
  seek: (tick: number) => void;
}) {
  const t = useT();
  return (
    <>
      {markers.map((m, i) => {
        const what = t(KIND_TEXT[m.kind]);
        const label = `${what}${m.checkpoint !== undefined ? ` ${m.checkpoint}` : ''}${m.task ? ` ${m.task}` : ''} @ ${m.tick}`;
        return (
          <button
            type="button"
            key={i}
            className={`marker marker-${m.kind}`}
            style={{ left: `${(m.tick / Math.max(1, end)) * 100}%` }}
            onClick={() => seek(m.tick)}
            title={label}
            aria-label={label}
            tabIndex={-1}
          />
        );
      })}
    </>
  );
});

/** The whole run as a bar: drag to any tick, click a marker to jump to its moment. */
export function TimelineBar() {
  const t = useT();
  const timeline = useStore((s) => s.timeline);
  const cursor = useStore((s) => s.cursor);
  const seek = useStore((s) => s.seek);
  const pause = useStore((s) => s.pause);
  const markers = useMemo(() => timelineMarkers(timeline.milestones), [timeline.milestones]);
  // A drag sends more ticks than frames, and a seek of a long run with its render may take
  // longer than a frame: the bar follows the pointer at once, and the screen seeks once per
  // frame to the latest tick asked for.
  const [dragged, setDragged] = useState<number | null>(null);
  const latest = useRef<number | null>(null);
  const frame = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  const seekSoon = (tick: number) => {
    latest.current = tick;
    setDragged(tick);
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const target = latest.current;
      latest.current = null;
      if (target !== null) seek(target);
      setDragged(null);
    });
  };
  const shown = dragged ?? cursor;
  return (
    <div className="timeline">
      <div className="timeline-track">
        <Markers markers={markers} end={timeline.end} seek={seek} />
        <input
          type="range"
          min={0}
          max={timeline.end}
          value={shown}
          aria-label={t({ en: 'Timeline: tick', zh: '时间轴：拍' })}
          aria-valuetext={`${shown} / ${timeline.end}`}
          onChange={(e) => {
            pause();
            seekSoon(Number(e.target.value));
          }}
        />
      </div>
    </div>
  );
}
