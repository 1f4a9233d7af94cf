import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useT } from '../../i18n';
import { describeOperator, describeState } from '../describe';
import { SIZE } from '../layout';
import type { OperatorNode as OperatorNodeType } from '../toFlowElements';
import { AlignmentLine, Cleared, InputRows, isCleared, TaskFrame, TickBadges } from './parts';

/** An operator subtask: its state, its alignment and every input channel with its buffer. */
function OperatorNodeView({ data, selected }: NodeProps<OperatorNodeType>) {
  const t = useT();
  const cleared = isCleared(data.status);
  const state = describeState(data.state);
  return (
    <TaskFrame data={data} selected={selected} output={data.hasOutput}>
      <div className="g-state" style={{ height: SIZE.stateRow }}>
        {cleared ? (
          <Cleared status={data.status} />
        ) : data.state.kind === 'stateless' ? (
          <span className="g-label">{t(state.label)}</span>
        ) : (
          <span className="g-state-text">
            <span className="g-label">{t(state.label)}</span>{' '}
            <b className="g-value">{state.value}</b>
          </span>
        )}
        <TickBadges data={data} />
      </div>
      <AlignmentLine data={data} fallback={t(describeOperator(data.spec))} />
      <InputRows inputs={data.inputs} box={data.box} />
    </TaskFrame>
  );
}

export const OperatorNode = memo(OperatorNodeView);
