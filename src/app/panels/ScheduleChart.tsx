import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT, type LocalText } from '../i18n';
import { useStore } from '../store';
import { formatMs } from './format';
import { checkpointColor } from '../graph/palette';
import { downtimes, inFlight, scheduleLanes, scheduleWindow, type Lane } from './scheduleLanes';
import './panels.css';

const TEXT = {
  title: { en: 'Checkpoint scheduling', zh: '检查点调度' },
  interval: { en: 'Interval', zh: '间隔' },
  off: { en: 'off', zh: '关闭' },
  minPause: { en: 'Min pause', zh: '最小间隔' },
  maxConcurrent: { en: 'Max concurrent', zh: '最大并发' },
  inFlight: { en: 'In flight', zh: '进行中' },
  timeout: { en: 'Timeout', zh: '超时' },
  empty: {
    en: 'No checkpoint in this run. Turn on the interval in Config, or add one from the timeline.',
    zh: '本次运行没有检查点。可在“配置”中开启检查点间隔，或在时间轴上添加一个。',
  },
  legendTrigger: { en: 'trigger', zh: '触发' },
  legendAlign: { en: 'alignment', zh: '对齐' },
  legendRun: { en: 'in progress', zh: '进行中' },
  legendStored: { en: 'snapshot stored', zh: '快照已存储' },
  legendAck: { en: 'ack', zh: '确认' },
  legendDone: { en: 'completed', zh: '完成' },
  legendFailed: { en: 'failed / expired', zh: '失败 / 过期' },
  legendInterval: { en: 'next start by the interval', zh: '按间隔的下次开始' },
  legendPause: { en: 'min pause after completion', zh: '完成后的最小间隔' },
  legendTimeout: { en: 'timeout deadline', zh: '超时期限' },
  legendDown: {
    en: 'job failed over, until it restarts',
    zh: '作业故障，直到重启完成',
  },
  future: {
    en: 'Faded: what the recorded run does after the cursor.',
    zh: '淡色部分：光标之后录制的运行。',
  },
  seek: { en: 'Click the chart to jump to that time.', zh: '点击图表跳到该时间。' },
  checkpoint: { en: 'Checkpoint', zh: '检查点' },
  savepoint: { en: 'Savepoint', zh: '保存点' },
} satisfies Record<string, LocalText>;

const LABEL_W = 58;
const PAD_R = 14;
const AXIS_H = 30;
const LANE_H = 34;
const MAX_LANES = 40;

/** A round step for about `count` axis labels over `span` ms. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const m of [1, 2, 2.5, 5, 10]) if (raw <= m * power) return m * power;
  return 10 * power;
}

function useWidth(): [React.RefObject<HTMLDivElement>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(400);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

interface Geometry {
  x: (tick: number) => number;
  left: number;
  right: number;
}

/** Everything of one lane inside the plot (its label is drawn apart, never faded). */
function LaneMarks({
  lane,
  y,
  g,
  endOfRun,
}: {
  lane: Lane;
  y: number;
  g: Geometry;
  endOfRun: number;
}) {
  const cy = y + LANE_H / 2;
  const color = checkpointColor(lane.id);
  const end = lane.end ?? endOfRun;
  const x0 = g.x(lane.trigger);
  const x1 = Math.max(g.x(end), x0 + 2);
  const failed = lane.outcome === 'FAILED';
  const marks: ReactNode[] = [];
  if (lane.intervalDue !== null) {
    const xi = g.x(lane.intervalDue);
    marks.push(
      <g key="interval" className="cl-sc-interval">
        <line x1={x0} x2={xi} y1={cy - 13} y2={cy - 13} />
        <line x1={xi} x2={xi} y1={cy - 17} y2={cy - 9} />
      </g>,
    );
  }
  if (lane.pauseUntil !== null && lane.end !== null) {
    const xp = g.x(lane.pauseUntil);
    marks.push(
      <g key="pause" className="cl-sc-pause">
        <line x1={g.x(lane.end)} x2={xp} y1={cy + 14} y2={cy + 14} />
        <line x1={xp} x2={xp} y1={cy + 10} y2={cy + 17} />
      </g>,
    );
  }
  if (lane.end === null || lane.deadline <= end) {
    const xd = g.x(lane.deadline);
    marks.push(
      <g key="deadline" className="cl-sc-deadline">
        {lane.end === null && <line x1={x1} x2={xd} y1={cy} y2={cy} />}
        <line x1={xd} x2={xd} y1={cy - 9} y2={cy + 9} />
      </g>,
    );
  }
  marks.push(
    <rect
      key="run"
      x={x0}
      y={cy - 5}
      width={x1 - x0}
      height={10}
      rx={2}
      fill={color.fill}
      fillOpacity={0.3}
      stroke={failed ? 'var(--bad, #b3261e)' : color.fill}
      strokeWidth={failed ? 1.5 : 1}
    />,
  );
  if (lane.alignment) {
    const xa = g.x(lane.alignment.start);
    marks.push(
      <rect
        key="align"
        x={xa}
        y={cy - 5}
        width={Math.max(3, g.x(lane.alignment.end) - xa)}
        height={10}
        fill={color.fill}
      />,
    );
  }
  lane.stored.forEach((t, k) => {
    const xs = g.x(t);
    marks.push(
      <path key={`s${k}`} className="cl-sc-stored" d={`M${xs} ${cy - 5} l5 5 l-5 5 l-5 -5 z`} />,
    );
  });
  lane.acks.forEach((t, k) => {
    marks.push(<circle key={`a${k}`} className="cl-sc-ack" cx={g.x(t)} cy={cy + 10} r={2.8} />);
  });
  marks.push(<path key="trigger" className="cl-sc-trigger" d={`M${x0} ${cy - 8} l7 8 l-7 8 z`} />);
  if (lane.end !== null) {
    marks.push(
      <text key="end" className={failed ? 'cl-sc-failed' : 'cl-sc-done'} x={x1 + 3} y={cy + 5}>
        {failed ? '✗' : '✓'}
      </text>,
    );
  }
  return <>{marks}</>;
}

function Swatch({ children }: { children: ReactNode }) {
  return (
    <svg width="26" height="18" viewBox="0 0 26 18" aria-hidden="true">
      {children}
    </svg>
  );
}

/**
 * A Gantt chart of the checkpoints: one lane each, from trigger through alignment, stored
 * snapshots and acknowledgements to completion or expiry, on a time axis in ms, with the
 * interval, the min pause and the timeout drawn as marks, so the coordinator's scheduling
 * rules can be seen at a glance. What the recorded run does after the cursor is faded.
 */
export function ScheduleChart() {
  const t = useT();
  const clipId = useId();
  const current = useStore((s) => s.current);
  const timeline = useStore((s) => s.timeline);
  const cursor = useStore((s) => s.cursor);
  const seek = useStore((s) => s.seek);
  const [box, width] = useWidth();
  const { tickMs, checkpoint: config } = timeline.scenario;
  const intervalTicks = config.intervalMs === null ? null : Math.ceil(config.intervalMs / tickMs);
  const range = scheduleWindow(timeline.end, cursor, intervalTicks);
  const lanes = useMemo(
    () => scheduleLanes(timeline.final, current, range).slice(-MAX_LANES),
    // The window is derived from these same inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [timeline.final, current, range.from, range.to],
  );

  const allDown = useMemo(() => downtimes(timeline.milestones, timeline.end), [timeline]);
  const down = allDown.filter((d) => d.start <= range.to && (d.end ?? timeline.end) >= range.from);

  const left = LABEL_W;
  const right = Math.max(left + 100, width - PAD_R);
  const span = range.to - range.from;
  const g: Geometry = {
    x: (tick) =>
      left +
      ((Math.max(range.from, Math.min(range.to, tick)) - range.from) / span) * (right - left),
    left,
    right,
  };
  const height = AXIS_H + Math.max(1, lanes.length) * LANE_H + 6;
  // As many labels as fit: a label is about 10 px per digit plus a gap.
  const labelWidth = String(range.to * tickMs).length * 10 + 16;
  const step = niceStep(span * tickMs, Math.max(2, Math.floor((right - left) / labelWidth)));
  const axis: number[] = [];
  for (
    let ms = Math.ceil((range.from * tickMs) / step) * step;
    ms <= range.to * tickMs;
    ms += step
  ) {
    axis.push(ms);
  }
  const xCursor = g.x(cursor);

  const plot = (faded: boolean) => (
    <g clipPath={`url(#${clipId}-${faded ? 'future' : 'past'})`} opacity={faded ? 0.28 : 1}>
      {down.map((d) => {
        const x0 = g.x(d.start);
        return (
          <g key={d.start} className="cl-sc-down">
            <rect
              x={x0}
              y={AXIS_H}
              width={Math.max(2, g.x(d.end ?? timeline.end) - x0)}
              height={height - AXIS_H}
            />
            <line x1={x0} x2={x0} y1={AXIS_H} y2={height} />
          </g>
        );
      })}
      {lanes.map((lane, i) => (
        <LaneMarks
          key={lane.id}
          lane={lane}
          y={AXIS_H + i * LANE_H}
          g={g}
          endOfRun={timeline.end}
        />
      ))}
    </g>
  );

  return (
    <div className="cl-panel">
      <h2 className="cl-title">{t(TEXT.title)}</h2>
      <dl className="cl-counts cl-sc-config">
        <div>
          <dt>{t(TEXT.interval)}</dt>
          <dd>{config.intervalMs === null ? t(TEXT.off) : formatMs(config.intervalMs)}</dd>
        </div>
        <div>
          <dt>{t(TEXT.minPause)}</dt>
          <dd>{formatMs(config.minPauseMs)}</dd>
        </div>
        <div>
          <dt>{t(TEXT.maxConcurrent)}</dt>
          <dd>{config.maxConcurrent}</dd>
        </div>
        <div>
          <dt>{t(TEXT.inFlight)}</dt>
          <dd>{inFlight(current)}</dd>
        </div>
        <div>
          <dt>{t(TEXT.timeout)}</dt>
          <dd>{formatMs(config.timeoutMs)}</dd>
        </div>
      </dl>
      <div className="cl-scroll" ref={box}>
        <svg
          className="cl-sc"
          width={width}
          height={height}
          role="img"
          aria-label={t(TEXT.title)}
          onClick={(e) => {
            const rect = e.currentTarget.getBoundingClientRect();
            const x = e.clientX - rect.left;
            if (x < left || x > right) return;
            seek(range.from + ((x - left) / (right - left)) * span);
          }}
        >
          <defs>
            <clipPath id={`${clipId}-past`}>
              <rect x={0} y={0} width={xCursor} height={height} />
            </clipPath>
            <clipPath id={`${clipId}-future`}>
              <rect x={xCursor} y={0} width={Math.max(0, width - xCursor)} height={height} />
            </clipPath>
          </defs>
          {lanes.map((lane, i) =>
            i % 2 === 1 ? (
              <rect
                key={lane.id}
                className="cl-sc-stripe"
                x={0}
                y={AXIS_H + i * LANE_H}
                width={width}
                height={LANE_H}
              />
            ) : null,
          )}
          <text className="cl-sc-axis-title" x={4} y={18}>
            ms
          </text>
          {axis.map((ms) => {
            const x = g.x(ms / tickMs);
            return (
              <g key={ms} className="cl-sc-axis">
                <line x1={x} x2={x} y1={AXIS_H - 6} y2={height} />
                <text x={x} y={18} textAnchor={x > right - 28 ? 'end' : 'middle'}>
                  {ms}
                </text>
              </g>
            );
          })}
          {lanes.map((lane, i) => {
            const color = checkpointColor(lane.id);
            const y = AXIS_H + i * LANE_H + (LANE_H - 22) / 2;
            return (
              <g key={lane.id}>
                <title>
                  {`${t(lane.kind === 'savepoint' ? TEXT.savepoint : TEXT.checkpoint)} ${lane.id}${t({ en: ': ', zh: '：' })}${lane.statusNow ?? '—'}`}
                </title>
                <rect x={4} y={y} width={LABEL_W - 10} height={22} rx={4} fill={color.fill} />
                <text
                  className="cl-sc-label"
                  x={4 + (LABEL_W - 10) / 2}
                  y={y + 16}
                  style={{ fill: color.text }}
                  textAnchor="middle"
                >
                  {lane.kind === 'savepoint' ? `SP ${lane.id}` : `#${lane.id}`}
                </text>
              </g>
            );
          })}
          {plot(false)}
          {plot(true)}
          <line className="cl-sc-cursor" x1={xCursor} x2={xCursor} y1={AXIS_H - 8} y2={height} />
        </svg>
        {lanes.length === 0 && <p className="cl-empty">{t(TEXT.empty)}</p>}
        <ul className="cl-legend">
          <li>
            <Swatch>
              <path className="cl-sc-trigger" d="M9 1 l7 8 l-7 8 z" />
            </Swatch>
            {t(TEXT.legendTrigger)}
          </li>
          <li>
            <Swatch>
              <rect
                x="1"
                y="4"
                width="24"
                height="10"
                fill="#0072B2"
                fillOpacity="0.3"
                stroke="#0072B2"
              />
            </Swatch>
            {t(TEXT.legendRun)}
          </li>
          <li>
            <Swatch>
              <rect x="1" y="4" width="24" height="10" fill="#0072B2" />
            </Swatch>
            {t(TEXT.legendAlign)}
          </li>
          <li>
            <Swatch>
              <path className="cl-sc-stored" d="M13 5 l4 4 l-4 4 l-4 -4 z" />
            </Swatch>
            {t(TEXT.legendStored)}
          </li>
          <li>
            <Swatch>
              <circle className="cl-sc-ack" cx="13" cy="9" r="3" />
            </Swatch>
            {t(TEXT.legendAck)}
          </li>
          <li>
            <span className="cl-sc-done" aria-hidden="true">
              ✓
            </span>{' '}
            {t(TEXT.legendDone)}{' '}
            <span className="cl-sc-failed" aria-hidden="true">
              ✗
            </span>{' '}
            {t(TEXT.legendFailed)}
          </li>
          <li>
            <Swatch>
              <g className="cl-sc-interval">
                <line x1="1" x2="24" y1="9" y2="9" />
                <line x1="24" x2="24" y1="5" y2="13" />
              </g>
            </Swatch>
            {t(TEXT.legendInterval)}
          </li>
          <li>
            <Swatch>
              <g className="cl-sc-pause">
                <line x1="1" x2="24" y1="9" y2="9" />
                <line x1="24" x2="24" y1="5" y2="13" />
              </g>
            </Swatch>
            {t(TEXT.legendPause)}
          </li>
          <li>
            <Swatch>
              <g className="cl-sc-down">
                <rect x="4" y="0" width="20" height="18" />
                <line x1="4" x2="4" y1="0" y2="18" />
              </g>
            </Swatch>
            {t(TEXT.legendDown)}
          </li>
          <li>
            <Swatch>
              <g className="cl-sc-deadline">
                <line x1="1" x2="22" y1="9" y2="9" />
                <line x1="22" x2="22" y1="1" y2="17" />
              </g>
            </Swatch>
            {t(TEXT.legendTimeout)}
          </li>
        </ul>
        <p className="cl-note">
          {t(TEXT.future)} {t(TEXT.seek)}
        </p>
      </div>
    </div>
  );
}
