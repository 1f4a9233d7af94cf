import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SimEvent } from '../../engine';
import { useLanguage, useT } from '../i18n';
import { describeEvent } from '../../session/describeEvent';
import { useStore } from '../store';
import { eventsAt } from '../../session/timeline';
import { formatMs } from './format';
import { logWindow } from './logWindow';
import { checkpointColor } from '../graph/palette';
import './panels.css';

const TEXT = {
  title: { en: 'What happened', zh: '发生了什么' },
  hideNoise: { en: 'Hide per-record events', zh: '隐藏逐条记录的事件' },
  empty: {
    en: 'Nothing yet. Step or play, and every tick is told here.',
    zh: '还没有事件。单步或播放，每一拍发生的事都会写在这里。',
  },
  earlier: { en: 'Show earlier events', zh: '显示更早的事件' },
  seek: (tick: number) => ({ en: `Go to tick ${tick}`, zh: `跳到第 ${tick} 拍` }),
};

const PAGE = 150;

const BAD = new Set<SimEvent['type']>([
  'TaskFailed',
  'JobFailed',
  'CheckpointFailed',
  'BackendWriteFailed',
  'AckLost',
  'TasksCanceled',
]);
const GOOD = new Set<SimEvent['type']>(['CheckpointCompleted', 'JobRestarted', 'JobFinished']);

function marker(e: SimEvent): { className: string; color?: string } {
  if (BAD.has(e.type)) return { className: 'cl-dot cl-dot-bad' };
  if (GOOD.has(e.type)) return { className: 'cl-dot cl-dot-ok' };
  if ('checkpoint' in e && typeof e.checkpoint === 'number') {
    return { className: 'cl-dot', color: checkpointColor(e.checkpoint).fill };
  }
  return { className: 'cl-dot cl-dot-plain' };
}

/**
 * The narration of the run up to the cursor, grouped by tick, the cursor's tick highlighted;
 * every sentence jumps to its tick. Only the latest events are rendered (more on request), so
 * a run of ten thousand ticks costs what is on screen.
 */
export function EventLog() {
  const t = useT();
  const language = useLanguage();
  const timeline = useStore((s) => s.timeline);
  const scenario = useStore((s) => s.timeline.scenario);
  const cursor = useStore((s) => s.cursor);
  const seek = useStore((s) => s.seek);
  const [hideNoise, setHideNoise] = useState(true);
  const [limit, setLimit] = useState(PAGE);
  const log = useMemo(
    () => logWindow((tick) => eventsAt(timeline, tick), cursor, hideNoise, limit),
    [timeline, cursor, hideNoise, limit],
  );
  const scroller = useRef<HTMLDivElement>(null);
  // Follows the newest events as the cursor moves, unless the reader scrolled up to read.
  const pinned = useRef(true);
  const latest = log.groups.length > 0 ? log.groups[log.groups.length - 1].tick : -1;

  // Earlier events are added above what the reader sees: keep it where it was.
  const heightBefore = useRef<number | null>(null);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (pinned.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [latest, cursor, hideNoise, limit]);

  return (
    <div className="cl-panel">
      <div className="cl-toolbar">
        <h2 className="cl-title">{t(TEXT.title)}</h2>
        <label className="cl-check">
          <input
            type="checkbox"
            checked={hideNoise}
            onChange={(e) => setHideNoise(e.target.checked)}
          />
          {t(TEXT.hideNoise)}
        </label>
      </div>
      <div
        className="cl-scroll cl-log"
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {log.more && (
          <button
            type="button"
            className="cl-more"
            onClick={() => {
              pinned.current = false;
              heightBefore.current = scroller.current?.scrollHeight ?? null;
              setLimit(limit + PAGE);
            }}
          >
            {t(TEXT.earlier)}
          </button>
        )}
        {log.groups.length === 0 && <p className="cl-empty">{t(TEXT.empty)}</p>}
        {log.groups.map((group) => (
          <section
            key={group.tick}
            className={`cl-log-tick${group.tick === latest ? ' cl-log-now' : ''}`}
            aria-current={group.tick === cursor ? 'step' : undefined}
          >
            <button
              type="button"
              className="cl-log-head"
              title={t(TEXT.seek(group.tick))}
              onClick={() => seek(group.tick)}
            >
              t{group.tick}{' '}
              <span className="cl-muted">· {formatMs(group.tick * scenario.tickMs)}</span>
            </button>
            <ul>
              {group.events.map((e, k) => {
                const m = marker(e);
                return (
                  <li key={k}>
                    <button type="button" className="cl-log-entry" onClick={() => seek(group.tick)}>
                      <span
                        className={m.className}
                        style={m.color ? { background: m.color } : undefined}
                        aria-hidden="true"
                      />
                      <span>{describeEvent(e, language, scenario)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
