import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useT } from '../../i18n';
import { describeOperator, describeState } from '../describe';
import { ignoresSome, SIZE } from '../layout';
import type { OperatorData, OperatorNode as OperatorNodeType } from '../toFlowElements';
import type { LocalText } from '../../i18n';
import { AlignmentLine, Cleared, InputRows, isCleared, TaskFrame, TickBadges } from './parts';

const IGNORES: Record<'even' | 'odd', LocalText> = {
  even: { en: 'ignores even', zh: '忽略偶数' },
  odd: { en: 'ignores odd', zh: '忽略奇数' },
};
const IGNORES_SHORT: LocalText = { en: 'ignores', zh: '忽略' };

/**
 * A sum of only even or only odd values still reads every value sent to it: it says which it
 * ignores, and shows the ones it ignored in this tick struck through (the latest that there is
 * `room` for; the title lists them all).
 */
function Ignored({ data, room }: { data: OperatorData; room: number }) {
  const t = useT();
  if (data.spec.kind !== 'sum' || data.spec.accept === 'all') return null;
  const ignored = data.spec.accept === 'even' ? 'odd' : 'even';
  const values = data.ignoredNow;
  const title = t({
    en: `${data.label} adds only ${data.spec.accept} values and ignores ${ignored} ones${values.length > 0 ? `; ignored in this tick: ${values.join(', ')}` : ''}`,
    zh: `${data.label} 只累加${ignored === 'even' ? '奇数' : '偶数'}，忽略${ignored === 'even' ? '偶数' : '奇数'}${values.length > 0 ? `；本拍忽略了 ${values.join('、')}` : ''}`,
  });
  return (
    <span className="g-ignores" title={title}>
      {/* Beside the values it ignored, the word is enough: "ignores 4". */}
      <span className="g-label">
        {t(values.length > 0 && room === 1 ? IGNORES_SHORT : IGNORES[ignored])}
      </span>
      {values.length > 0 && (
        <span className="g-chips">
          {values.slice(-room).map((v, k) => (
            <s key={k} className="g-rec g-rec-ignored">
              {v}
            </s>
          ))}
        </span>
      )}
    </span>
  );
}

/** An operator subtask: its state, its alignment and every input channel with its buffer. */
function OperatorNodeView({ data, selected }: NodeProps<OperatorNodeType>) {
  const t = useT();
  const cleared = isCleared(data.status);
  const state = describeState(data.state);
  const compact = data.box.detail === 'compact';
  const ignores = ignoresSome(data.spec);
  return (
    <TaskFrame data={data} selected={selected} output={data.hasOutput}>
      <div className="g-state" style={{ height: SIZE.stateRow }}>
        {cleared ? (
          <Cleared status={data.status} compact={data.box.detail === 'compact'} />
        ) : data.state.kind === 'stateless' ? (
          <span className="g-label">{t(state.label)}</span>
        ) : (
          <span className="g-state-text">
            {/* Compact, beside what it ignores: its name says it is a sum. */}
            {!(compact && ignores) && <span className="g-label">{t(state.label)} </span>}
            <b className="g-value">{state.value}</b>
          </span>
        )}
        {compact && ignores && !cleared && <Ignored data={data} room={1} />}
        <TickBadges data={data} />
      </div>
      {!compact && ignores && (
        <div className="g-ignores-row" style={{ height: SIZE.filterRow }}>
          <Ignored data={data} room={2} />
        </div>
      )}
      <AlignmentLine data={data} fallback={t(describeOperator(data.spec))} />
      <InputRows inputs={data.inputs} box={data.box} />
    </TaskFrame>
  );
}

export const OperatorNode = memo(OperatorNodeView);
