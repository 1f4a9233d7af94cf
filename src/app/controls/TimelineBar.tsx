import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { Scenario } from '../../engine';
import { useT, type LocalText } from '../i18n';
import { taskName } from '../../session/narration';
import { useStore } from '../store';
import { timelineMarkers, type Marker, type MarkerKind } from './markers';

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

const Markers = memo(function Markers({
  markers,
  end,
  seek,
  scenario,
}: {
  markers: Marker[];
  end: number;
  seek: (tick: number) => void;
  scenario: Scenario;
}) {
  const t = useT();
  return (
    <>
      {markers.map((m, i) => {
        const what = `${t(KIND_TEXT[m.kind])}${m.checkpoint !== undefined ? ` ${m.checkpoint}` : ''}`;
        const task = m.task ? taskName(m.task, scenario) : null;
        const label = t({
          en: `${what}${task ? `: ${task}` : ''} · tick ${m.tick}`,
          zh: `${what}${task ? `：${task}` : ''} · 第 ${m.tick} 拍`,
        });
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

/**
 * How much of the run is recorded, while the recording goes on (a long run is recorded between
 * frames): the part recorded can be explored already, and the rest can be given up.
 */
function RecordingProgress() {
  const t = useT();
  const recording = useStore((s) => s.recording);
  const cancel = useStore((s) => s.cancelRecording);
  if (recording === null) return null;
  const percent = Math.floor(recording * 100);
  const label = t({ en: 'Recording the run', zh: '正在录制运行' });
  return (
    <div className="recording" data-testid="recording-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span>{label}</span>
      {/* As wide for 0% as for 100%: the button beside it stays in place while it counts. */}
      <span className="recording-percent">{percent}%</span>
      <button type="button" className="ghost" onClick={cancel}>
        {t({ en: 'Stop recording', zh: '停止录制' })}
      </button>
    </div>
  );
}

/** The whole run as a bar: drag to any tick, click a marker to jump to its moment. */
export function TimelineBar() {
  const t = useT();
  const timeline = useStore((s) => s.timeline);
  const cursor = useStore((s) => s.cursor);
  const seek = useStore((s) => s.seek);
  const pause = useStore((s) => s.pause);
  const recording = useStore((s) => s.recording !== null);
  // Placed once the run is recorded: while its end still moves, every marker would move with
  // it, and a long run has a thousand of them to draw again a few times a second.
  const markers = useMemo(
    () => (recording ? [] : timelineMarkers(timeline.milestones)),
    [recording, timeline.milestones],
  );
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
        <Markers markers={markers} end={timeline.end} seek={seek} scenario={timeline.scenario} />
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
      <RecordingProgress />
    </div>
  );
}
