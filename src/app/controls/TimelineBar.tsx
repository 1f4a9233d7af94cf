import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Scenario } from '../../engine';
import { useT } from '../i18n';
import { useStore } from '../store';
import { groupLabel, groupMarkers, timelineMarkers, type Marker } from './markers';

const Markers = memo(function Markers({
  markers,
  end,
  width,
  seek,
  scenario,
}: {
  markers: Marker[];
  end: number;
  /** The track's width in pixels: markers closer than a few pixels are drawn as one. */
  width: number;
  seek: (tick: number) => void;
  scenario: Scenario;
}) {
  const t = useT();
  const groups = useMemo(() => groupMarkers(markers, end, width), [markers, end, width]);
  return (
    <>
      {groups.map((group, i) => {
        const label = t(groupLabel(group, scenario));
        return (
          <button
            type="button"
            key={i}
            className={`marker marker-${group.kind}`}
            style={{ left: `${(group.tick / Math.max(1, end)) * 100}%` }}
            onClick={() => seek(group.tick)}
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
      {/* The bar by the fraction itself: a piece of a long run moves it by less than 1%. */}
      <progress max={1} value={recording} aria-label={label} />
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
  // longer than a frame: the bar follows the pointer at once, and the screen seeks at most once
  // per frame, to the latest tick asked for.
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
    if (frame.current !== null) {
      // Already sought in this frame: the latest tick asked for waits for the next one.
      latest.current = tick;
      setDragged(tick);
      return;
    }
    // The first change in a frame seeks at once (a key press or a click shows its moment in
    // the next frame); more changes before that frame wait for it, and the latest wins.
    seek(tick);
    frame.current = requestAnimationFrame(function next() {
      const target = latest.current;
      latest.current = null;
      if (target === null) {
        frame.current = null;
        return;
      }
      seek(target);
      setDragged(null);
      frame.current = requestAnimationFrame(next);
    });
  };
  const shown = dragged ?? cursor;
  // The track's width, measured before the first paint and again whenever it changes.
  const track = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = track.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.clientWidth));
    measure();
    try {
      const observer = new ResizeObserver(measure);
      observer.observe(el);
      return () => observer.disconnect();
    } catch {
      // A browser whose ResizeObserver fails: the window's size is what moves the track.
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
  }, []);
  return (
    <div className="timeline">
      <div className="timeline-track" ref={track}>
        {width !== null && (
          <Markers
            markers={markers}
            end={timeline.end}
            width={width}
            seek={seek}
            scenario={timeline.scenario}
          />
        )}
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
