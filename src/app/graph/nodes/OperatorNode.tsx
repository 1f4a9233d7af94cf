import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useT } from '../../i18n';
import { describeOperator, describeState, keyCount, pairsShown, type StateText } from '../describe';
import { DETAIL, ignoresSome, SIZE } from '../layout';
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

/** A state row's side padding and borders: what is left of a task's width for its contents. */
const ROW_INSET = 18;
/** A badge in the state row (◉ 2, ↺ 3) and the gap before it. */
const BADGE = 50;

/**
 * A sum by key as its row shows it: its `key:sum` pairs, each whole, as many as fit and "+N" for
 * the rest (lesson 6's "even:56 odd:64", lesson 5's 22 keys), or only how many keys there are
 * where not even one fits beside a badge. Never a pair cut in the middle: the values are what the
 * lessons ask about. The title has them all.
 */
function KeyedSum({ data, state }: { data: OperatorData; state: StateText }) {
  const t = useT();
  const pairs = state.pairs ?? [];
  const badges = (data.snapshotNow !== null ? 1 : 0) + (data.restored?.checkpoint != null ? 1 : 0);
  const room = DETAIL[data.box.detail].taskWidth - ROW_INSET - badges * BADGE;
  const name = t(state.label);
  if (pairs.length === 0) {
    return (
      <span className="g-state-text">
        <span className="g-label">{name} </span>
        <b className="g-value">–</b>
      </span>
    );
  }
  const shown = pairsShown(pairs, room, data.box.detail === 'compact' ? 17 : 20);
  const rest = pairs.length - shown;
  return (
    <span className="g-state-text g-keyed" title={`${name}: ${pairs.join(' ')}`}>
      {shown === 0 && <span className="g-label">{t(keyCount(pairs.length))}</span>}
      {pairs.slice(0, shown).map((pair) => (
        <b key={pair} className="g-value">
          {pair}
        </b>
      ))}
      {shown > 0 && rest > 0 && <b className="g-value g-more">+{rest}</b>}
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
        ) : state.pairs ? (
          <KeyedSum data={data} state={state} />
        ) : (
          <span className="g-state-text">
            {/* Compact, beside what it ignores: its name says it is a sum. */}
            {!(compact && ignores) && <span className="g-label">{t(state.label)} </span>}
            <b className="g-value">{state.value}</b>
          </span>
        )}
        {compact && ignores && !cleared && <Ignored data={data} room={1} />}
        <TickBadges snapshot={data.snapshotNow} restored={data.restored?.checkpoint ?? null} />
      </div>
      {!compact && ignores && (
        <div className="g-ignores-row" style={{ height: SIZE.filterRow }}>
          <Ignored data={data} room={2} />
        </div>
      )}
      <AlignmentLine data={data} fallback={t(describeOperator(data.spec))} />
      <InputRows inputs={data.inputs} box={data.box} status={data.status} />
    </TaskFrame>
  );
}

export const OperatorNode = memo(OperatorNodeView);
