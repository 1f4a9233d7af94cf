import { useMemo } from 'react';
import { topologyOf } from '../engine';
import { useLanguage, useT } from './i18n';
import { taskName } from './narration';
import { useStore } from './store';
import { failureFreeStateAt, verdictOf } from './verdict';
import { verdictText } from './verdictText';

function CompareRow() {
  const t = useT();
  const timeline = useStore((s) => s.timeline);
  const current = useStore((s) => s.current);
  const twin = useMemo(() => failureFreeStateAt(timeline, current.tick), [timeline, current.tick]);
  const topology = topologyOf(current.scenario);
  const rows = topology.tasks.filter((info) => current.tasks[info.index].state.kind === 'sum');
  return (
    <div className="compare" data-testid="compare">
      <span className="compare-title">
        {t({ en: 'Failure-free run at this tick:', zh: '无故障运行在此刻：' })}
      </span>
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

/** What a teacher wants to know at the end: does exactly-once hold, and if not, which record broke it. */
export function ResultStrip() {
  const t = useT();
  const language = useLanguage();
  const timeline = useStore((s) => s.timeline);
  const compare = useStore((s) => s.compare);
  const atEnd = useStore((s) => s.cursor >= s.timeline.end);
  const toggleCompare = useStore((s) => s.toggleCompare);
  // Judging a run replays it and its failure-free twin: done when the cursor reaches the end,
  // where the result shows, not while the screen opens (then once per timeline: verdictOf keeps it).
  const job = timeline.final.job;
  // Only a job that ended is judged: a run cut short (at the tick limit, at its budget, or by
  // stopping its recording) has no result to give, and replaying it to say so costs seconds.
  const ended = job.status === 'FINISHED' || job.status === 'FAILED';
  const verdict = atEnd && timeline.complete && ended ? verdictOf(timeline) : null;
  const judged = verdictText(verdict, timeline.final, timeline.end, language);
  const cutShort = atEnd && timeline.complete && !ended;
  const tone = cutShort ? 'neutral' : judged.tone;
  const lines = cutShort
    ? [t({ en: 'The run stops before the job finishes.', zh: '运行在作业结束前停止。' })]
    : judged.lines;
  return (
    <div className={`result result-${tone}`} data-testid="result" role="status">
      <span className="result-label">{t({ en: 'Result of this run', zh: '本次运行结果' })}</span>
      <span className="result-text">{lines.join(language === 'zh' ? '' : ' ')}</span>
      <label className="compare-toggle">
        <input type="checkbox" checked={compare} onChange={toggleCompare} />
        {t({ en: 'Compare with failure-free run', zh: '与无故障运行对比' })}
      </label>
      {compare && <CompareRow />}
    </div>
  );
}
