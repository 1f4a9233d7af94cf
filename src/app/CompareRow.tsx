import { useMemo } from 'react';
import { topologyOf } from '../engine';
import { useT } from './i18n';
import { taskName } from '../session/narration';
import { useStore } from './store';
import { failureFreeStateAt } from '../session/verdict';
import { COMPARE_TITLE } from '../session/verdictPending';

/** Each sum beside the failure-free run's at the same tick. */
export function CompareRow() {
  const t = useT();
  const timeline = useStore((s) => s.timeline);
  const current = useStore((s) => s.current);
  const twin = useMemo(() => failureFreeStateAt(timeline, current.tick), [timeline, current.tick]);
  const topology = topologyOf(current.scenario);
  const rows = topology.tasks.filter((info) => current.tasks[info.index].state.kind === 'sum');
  return (
    <div className="compare" data-testid="compare">
      <span className="compare-title">{t(COMPARE_TITLE)}</span>
      {rows.map((info) => {
        const mine = current.tasks[info.index].state;
        const theirs = twin.tasks[info.index]?.state;
        const a = mine.kind === 'sum' ? mine.sum : 0;
        const b = theirs?.kind === 'sum' ? theirs.sum : 0;
        return (
          <span key={info.id} className={a === b ? 'same' : 'differs'}>
            {taskName(info.id, current.scenario)} {a} / {b}
          </span>
        );
      })}
    </div>
  );
}
