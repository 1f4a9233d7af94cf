import { useEffect, useMemo, useState } from 'react';
import { topologyOf } from '../engine';
import { useLanguage, useT } from './i18n';
import { taskName } from './narration';
import { useStore } from './store';
import type { Timeline } from './timeline';
import { failureFreeStateAt, judged, judgeSoon } from './verdict';
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

/**
 * The run's verdict once it is judged; null before. Judging a run replays it and the run it was
 * meant to be, so it starts only when `wanted` (the cursor reached the end, where the result
 * shows), and runs in slices between frames (judgeSoon), not in this render.
 */
function useVerdict(timeline: Timeline, wanted: boolean) {
  const [, setJudged] = useState<Timeline | null>(null);
  const verdict = wanted ? judged(timeline) : null;
  useEffect(() => {
    if (!wanted || verdict) return;
    let live = true;
    void judgeSoon(timeline).then(() => {
      if (live) setJudged(timeline);
    });
    return () => {
      live = false;
    };
  }, [timeline, wanted, verdict]);
  return verdict;
}

/** What a teacher wants to know at the end: does exactly-once hold, and if not, which record broke it. */
export function ResultStrip() {
  const t = useT();
  const language = useLanguage();
  const timeline = useStore((s) => s.timeline);
  const compare = useStore((s) => s.compare);
  const atEnd = useStore((s) => s.cursor >= s.timeline.end);
  const toggleCompare = useStore((s) => s.toggleCompare);
  const job = timeline.final.job;
  // Only a job that ended is judged: a run cut short (at the tick limit, at its budget, or by
  // stopping its recording) has no result to give, and replaying it to say so costs seconds.
  const ended = job.status === 'FINISHED' || job.status === 'FAILED';
  const wanted = atEnd && timeline.complete && ended;
  const verdict = useVerdict(timeline, wanted);
  const cutShort = atEnd && timeline.complete && !ended;
  const judging = wanted && !verdict && !cutShort;
  const { tone, lines } = cutShort
    ? {
        tone: 'neutral',
        lines: [t({ en: 'The run stops before the job finishes.', zh: '运行在作业结束前停止。' })],
      }
    : judging
      ? {
          tone: 'neutral',
          lines: [
            t({
              en: 'Comparing this run with the failure-free run…',
              zh: '正在与无故障运行比对……',
            }),
          ],
        }
      : verdictText(verdict, timeline.final, timeline.end, language);
  return (
    <div
      className={`result result-${tone}`}
      data-testid="result"
      data-judging={judging || undefined}
      role="status"
    >
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
