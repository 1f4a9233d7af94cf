import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { barrierLook, Chip, pillLook, recordLook } from './edges/chips';
import type { Look } from './look';
import { PauseIcon } from './nodes/parts';

function Sample({ look }: { look: Look }) {
  return (
    <span className="g-sample" style={{ width: look.width + 4 }} aria-hidden="true">
      <Chip look={look} />
    </span>
  );
}

/** Which marks the job on the graph can show, beyond those every job shows. */
export interface LegendMarks {
  /** Unaligned checkpoints: records held as channel state. */
  unaligned: boolean;
  /** Channels with a set capacity or operators with a set rate: backpressure rings. */
  backpressure: boolean;
  /** A lesson rings the tasks it talks about, beside the backpressure rings. */
  lesson: boolean;
}

/**
 * What the marks on the graph mean, in a strip under it so it never covers a node; on a stage
 * too narrow for them all, behind a button. Memoised: the graph renders every tick, the legend
 * only when the language or the marks change.
 */
export const GraphLegend = memo(function GraphLegend({
  onFit,
  marks,
}: {
  onFit: () => void;
  marks: LegendMarks;
}) {
  const t = useT();
  const legend = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLSpanElement>(null);
  const [collapsed, setCollapsed] = useState(false);
  // Items that would not fit on the strip's line open from the button instead.
  useLayoutEffect(() => {
    const strip = legend.current;
    const items = measure.current;
    if (!strip || !items || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const fit = strip.querySelector<HTMLElement>('.g-fit')?.offsetWidth ?? 0;
      setCollapsed(items.offsetWidth + fit + 40 > strip.clientWidth);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(strip);
    observer.observe(items);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={legend} className={collapsed ? 'g-legend g-legend-collapsed' : 'g-legend'}>
      <button type="button" className="g-fit" onClick={onFit}>
        {t({ en: 'Fit to view', zh: '适应视图' })}
      </button>
      <span className="g-legend-items">
        <LegendItems marks={marks} />
      </span>
      <span ref={measure} className="g-legend-measure" aria-hidden="true">
        <LegendItems marks={marks} />
      </span>
      {/* Where the items do not fit on one line, they open from a button instead. */}
      <details className="g-legend-more">
        <summary>{t({ en: 'Legend', zh: '图例' })}</summary>
        <span className="g-legend-popup">
          <LegendItems marks={marks} />
        </span>
      </details>
    </div>
  );
});

function LegendItems({ marks }: { marks: LegendMarks }) {
  const t = useT();
  return (
    <>
      <span className="g-legend-item">
        <Sample look={recordLook(7, false)} />
        {t({ en: 'record', zh: '记录' })}
      </span>
      <span className="g-legend-item">
        <Sample look={recordLook(7, true)} />
        {t({ en: 'replayed', zh: '重放' })}
      </span>
      {marks.unaligned && (
        <span className="g-legend-item">
          <Sample look={recordLook(7, false, 1)} />
          {t({ en: 'in channel state', zh: '在通道状态中' })}
        </span>
      )}
      <span className="g-legend-item">
        <Sample look={barrierLook(1, false)} />
        {t({ en: 'barrier,', zh: '分界线，' })}
        <Sample look={barrierLook(1, false, true)} />
        {t({ en: 'cancelled', zh: '已取消' })}
      </span>
      <span className="g-legend-item">
        <span className="g-tag g-legend-tag">
          <PauseIcon />1
        </span>
        {t({ en: 'input blocked', zh: '输入被阻塞' })}
      </span>
      <span className="g-legend-item">
        <Sample look={pillLook(t({ en: 'ack 1', zh: '确认 1' }), 1)} />
        {t({ en: 'control message', zh: '控制消息' })}
      </span>
      <span className="g-legend-item">
        <Sample look={pillLook('◉ 1', 1, true)} />
        {t({ en: 'snapshot,', zh: '快照，' })}
        <Sample look={pillLook('↺ 1', 1, true)} />
        {t({ en: 'restore', zh: '恢复' })}
      </span>
      <span className="g-legend-item">
        <span className="g-legend-failed" />
        {t({ en: 'failed task', zh: '失败的任务' })}
      </span>
      {marks.backpressure && (
        <span className="g-legend-item">
          <span className="g-legend-ring g-bp-low" />
          {t({ en: 'backpressure LOW,', zh: '反压 LOW，' })}
          <span className="g-legend-ring g-bp-high" />
          {t({ en: 'HIGH', zh: 'HIGH' })}
        </span>
      )}
      {marks.backpressure && (
        <span className="g-legend-item">
          <b className="g-input-fill g-fill-full">4/4</b>
          {t({ en: 'records in a channel / its credits', zh: '通道中的数据 / 信用' })}
        </span>
      )}
      {marks.backpressure && marks.lesson && (
        <span className="g-legend-item">
          <span className="g-legend-ring g-legend-highlight" />
          {t({ en: 'lesson points here', zh: '课程关注的任务' })}
        </span>
      )}
    </>
  );
}
