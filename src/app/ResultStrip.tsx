import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLanguage, useT } from './i18n';
import { LOAD_FAILED, onDemand } from './layout/onDemand';
import { useStore } from './store';
import { useTallest } from './tallest';
import type { Timeline } from '../session/timeline';
import { COMPARE_TITLE, playToEndText } from '../session/verdictPending';
import { TwinPicker } from './twin/onDemand';

/** Judging, the verdict's sentences and the comparison: wanted at a run's end, or when compared. */
const judgement = onDemand(() => import('./judgement'));

/** Says that the judging module failed to load; the strip stays as it was. */
function useLoadFailedNotice(): () => void {
  const notify = useStore((s) => s.notify);
  return useCallback(() => notify({ kind: 'error', text: LOAD_FAILED }), [notify]);
}

/**
 * The run's verdict once it is judged; null before. Judging a run replays it and the run it was
 * meant to be, so on the page it starts only when `wanted` (the cursor reached the end, where
 * the result shows) and runs in slices between frames (judgeSoon), not in this render; where a
 * worker can do it, it starts `ahead`, once the run is recorded and ended and stands still.
 */
function useVerdict(timeline: Timeline, wanted: boolean, ahead: boolean) {
  const [, setJudged] = useState<Timeline | null>(null);
  const loaded = judgement.useLoaded();
  const loadFailed = useLoadFailedNotice();
  const verdict = wanted && loaded ? loaded.judged(timeline) : null;
  useEffect(() => {
    if (!wanted || verdict) return;
    let live = true;
    judgement.load().then(
      (module) =>
        void module.judgeSoon(timeline).then(() => {
          if (live) setJudged(timeline);
        }),
      () => {
        if (live) loadFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [timeline, wanted, verdict, loadFailed]);
  // A run that ended is judged ahead, in a worker, once it has stood still on screen for a
  // moment (not while the first screen draws, nor while it plays, whose frames need the other
  // core): at its end the verdict is then ready rather than seconds away.
  const playing = useStore((s) => s.playing);
  useEffect(() => {
    if (!ahead || wanted || playing || typeof Worker === 'undefined') return;
    const timer = window.setTimeout(
      () =>
        void judgement.load().then(
          (module) => module.judgeAhead(timeline),
          () => {},
        ),
      JUDGE_AHEAD_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [timeline, ahead, wanted, playing]);
  return verdict;
}

/** How long a recorded run stands still on screen before it is judged ahead. */
const JUDGE_AHEAD_AFTER_MS = 3000;

/** The comparison row, or its title alone while the comparison loads. */
function Compare() {
  const t = useT();
  const CompareRow = judgement.useLoaded()?.CompareRow;
  const loadFailed = useLoadFailedNotice();
  useEffect(() => {
    if (!CompareRow) judgement.load().catch(loadFailed);
  }, [CompareRow, loadFailed]);
  if (CompareRow) return <CompareRow />;
  return (
    <div className="compare" data-testid="compare" aria-busy="true">
      <span className="compare-title">{t(COMPARE_TITLE)}</span>
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
  const job = timeline.final.job;
  // Only a job that ended is judged: a run cut short (at the tick limit, at its budget, or by
  // stopping its recording) has no result to give, and replaying it to say so costs seconds.
  const ended = job.status === 'FINISHED' || job.status === 'FAILED';
  const judgeable = timeline.complete && ended;
  const wanted = atEnd && judgeable;
  const verdict = useVerdict(timeline, wanted, judgeable);
  const loaded = judgement.useLoaded();
  const cutShort = atEnd && timeline.complete && !ended;
  const judging = wanted && !verdict && !cutShort;
  // As tall as the verdict was, so that moving between the start and the end of the run leaves
  // the graph above where it is; a comparison shown or hidden, or another run, sizes it afresh.
  const strip = useRef<HTMLDivElement>(null);
  const scenario = timeline.final.scenario;
  const sizing = useMemo(() => ({ scenario, compare, language }), [scenario, compare, language]);
  useTallest(strip, sizing);
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
      : verdict && loaded
        ? loaded.verdictText(verdict, timeline.final, timeline.end, language)
        : { tone: 'neutral', lines: [playToEndText(timeline.end, language)] };
  return (
    <div
      ref={strip}
      className={`result result-${tone}`}
      data-testid="result"
      data-judging={judging || undefined}
      role="status"
    >
      <span className="result-label">{t({ en: 'Result of this run', zh: '本次运行结果' })}</span>
      <span className="result-text">{lines.join(language === 'zh' ? '' : ' ')}</span>
      <span className="result-choices">
        <label className="compare-toggle">
          <input type="checkbox" checked={compare} onChange={toggleCompare} />
          {t({ en: 'Compare with failure-free run', zh: '与无故障运行对比' })}
        </label>
        <TwinPicker />
      </span>
      {compare && <Compare />}
    </div>
  );
}
