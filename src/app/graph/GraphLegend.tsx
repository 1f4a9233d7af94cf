import { memo } from 'react';
import { useT } from '../i18n';
import { barrierLook, Chip, pillLook, recordLook } from './edges/chips';
import type { Look } from './flight';
import { PauseIcon } from './nodes/parts';

function Sample({ look }: { look: Look }) {
  return (
    <span className="g-sample" style={{ width: look.width + 4 }} aria-hidden="true">
      <Chip look={look} />
    </span>
  );
}

/**
 * What the marks on the graph mean, in a strip under it so it never covers a node; on a stage
 * too narrow for them all, behind a button. Memoised: the graph renders every tick, the legend
 * only when the language changes.
 */
export const GraphLegend = memo(function GraphLegend({ onFit }: { onFit: () => void }) {
  const t = useT();
  return (
    <div className="g-legend">
      <button type="button" className="g-fit" onClick={onFit}>
        {t({ en: 'Fit to view', zh: '适应视图' })}
      </button>
      <span className="g-legend-items">
        <LegendItems />
      </span>
      {/* Where the items do not fit on one line, they open from a button instead. */}
      <details className="g-legend-more">
        <summary>{t({ en: 'Legend', zh: '图例' })}</summary>
        <span className="g-legend-popup">
          <LegendItems />
        </span>
      </details>
    </div>
  );
});

function LegendItems() {
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
        <span className="g-legend-failed" />
        {t({ en: 'failed task', zh: '失败的任务' })}
      </span>
    </>
  );
}
