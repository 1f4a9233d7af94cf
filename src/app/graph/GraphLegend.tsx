import { useT } from '../i18n';
import { BarrierMark, Pill, RecordChip } from './edges/chips';
import { PauseIcon } from './nodes/parts';

function Sample({ width, children }: { width: number; children: React.ReactNode }) {
  return (
    <svg
      className="g-sample"
      width={width}
      height={40}
      viewBox={`${-width / 2} -20 ${width} 40`}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/**
 * What the marks on the graph mean, in a strip under it so it never covers a node. The fit
 * button comes first: on a narrow stage the last items are the ones cut off.
 */
export function GraphLegend({ onFit }: { onFit: () => void }) {
  const t = useT();
  return (
    <div className="g-legend">
      <button type="button" className="g-fit" onClick={onFit}>
        {t({ en: 'Fit to view', zh: '适应视图' })}
      </button>
      <span className="g-legend-item">
        <Sample width={28}>
          <RecordChip value={7} replay={false} />
        </Sample>
        {t({ en: 'record', zh: '记录' })}
      </span>
      <span className="g-legend-item">
        <Sample width={28}>
          <RecordChip value={7} replay />
        </Sample>
        {t({ en: 'replayed', zh: '重放' })}
      </span>
      <span className="g-legend-item">
        <Sample width={22}>
          <BarrierMark checkpoint={1} savepoint={false} />
        </Sample>
        {t({ en: 'barrier of checkpoint 1', zh: '检查点 1 的屏障' })}
      </span>
      <span className="g-legend-item">
        <span className="g-tag g-legend-tag">
          <PauseIcon />1
        </span>
        {t({ en: 'input blocked', zh: '输入被阻塞' })}
      </span>
      <span className="g-legend-item">
        <Sample width={58}>
          <Pill text={t({ en: 'ack 1', zh: '确认 1' })} checkpoint={1} />
        </Sample>
        {t({ en: 'control message', zh: '控制消息' })}
      </span>
      <span className="g-legend-item">
        <span className="g-legend-failed" />
        {t({ en: 'failed task', zh: '失败的任务' })}
      </span>
    </div>
  );
}
