import { useEffect, useMemo, useState } from 'react';
import { topologyOf, type Scenario } from '../engine';
import { useLanguage, useT } from './i18n';
import { describeReason, taskName } from './narration';
import type { Language } from './store';
import { useStore } from './store';
import { failureFreeStateAt, judged, judgeSoon } from './verdict';
import type { Timeline } from './timeline';

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
            {info.id.split('#')[0]} {a} / {b}
          </span>
        );
      })}
    </div>
  );
}

function recordLabel(value: number, source: string, language: Language, scenario: Scenario) {
  const name = taskName(source, scenario);
  return language === 'zh' ? `${name} 的记录 ${value}` : `record ${value} from ${name}`;
}

/**
 * The run's verdict once it is judged; null before. Judging a run replays it and its failure-free
 * twin, so it starts only when `wanted` (the cursor reached the end, where the result shows), and
 * runs in slices between frames (judgeSoon), not in this render.
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
  const scenario = timeline.scenario;
  const job = timeline.final.job;
  // A failed job's result is its failure: nothing to compare.
  const verdict = useVerdict(timeline, atEnd && job.status !== 'FAILED');

  let tone: 'ok' | 'bad' | 'neutral' = 'neutral';
  const lines: string[] = [];
  if (!atEnd) {
    lines.push(
      t({
        en: `Play to the end (tick ${timeline.end}) to see whether every record was counted exactly once.`,
        zh: `播放到结尾（第 ${timeline.end} 拍）即可看到每条记录是否恰好计算一次。`,
      }),
    );
  } else if (job.status === 'FAILED') {
    tone = 'bad';
    const reason = job.failReason ? describeReason(job.failReason, language, scenario) : '';
    lines.push(t({ en: 'The job failed: ', zh: '作业失败：' }) + reason);
  } else if (!verdict) {
    lines.push(
      t({
        en: 'Comparing this run with the failure-free run…',
        zh: '正在与无故障运行比对……',
      }),
    );
  } else if (!verdict.final) {
    lines.push(t({ en: 'The run stops before the job finishes.', zh: '运行在作业结束前停止。' }));
  } else if (verdict.stateExactlyOnce) {
    tone = 'ok';
    const sums = verdict.sums.map((s) => `${s.operator} = ${s.actual}`).join(', ');
    lines.push(
      t({
        en: `Exactly-once holds: every record counted once (${sums}, as in the failure-free run).`,
        zh: `精确一次成立：每条记录只计算一次（${sums}，与无故障运行相同）。`,
      }),
    );
  } else {
    tone = 'bad';
    for (const d of verdict.duplicates.slice(0, 3)) {
      const rec = recordLabel(d.origin.value, d.origin.task, language, scenario);
      lines.push(
        t({
          en: `${d.operator} counted ${rec} ${d.count === 2 ? 'twice' : `${d.count} times`}.`,
          zh: `${d.operator} 把 ${rec} 计算了 ${d.count} 次。`,
        }),
      );
    }
    for (const l of verdict.lost.slice(0, 3)) {
      const rec = recordLabel(l.origin.value, l.origin.task, language, scenario);
      lines.push(t({ en: `${l.operator} lost ${rec}.`, zh: `${l.operator} 丢失了 ${rec}。` }));
    }
    const wrong = verdict.sums.filter((s) => s.actual !== s.expected);
    if (wrong.length > 0) {
      lines.push(
        wrong
          .map((s) =>
            t({
              en: `${s.operator} ends at ${s.actual}, not ${s.expected}`,
              zh: `${s.operator} 最终为 ${s.actual}，应为 ${s.expected}`,
            }),
          )
          .join('; ') + '.',
      );
    }
  }
  if (verdict?.final && verdict.sinkDuplicates.length > 0) {
    lines.push(
      t({
        en: `The sink received ${verdict.sinkDuplicates.length} output record(s) twice: a non-transactional sink shows what was replayed.`,
        zh: `Sink 重复收到 ${verdict.sinkDuplicates.length} 条输出：非事务性 sink 会显示重放的数据。`,
      }),
    );
  }
  return (
    <div className={`result result-${tone}`} data-testid="result" role="status">
      <span className="result-label">{t({ en: 'Result of this run', zh: '本次运行结果' })}</span>
      <span className="result-text">{lines.join(' ')}</span>
      <label className="compare-toggle">
        <input type="checkbox" checked={compare} onChange={toggleCompare} />
        {t({ en: 'Compare with failure-free run', zh: '与无故障运行对比' })}
      </label>
      {compare && <CompareRow />}
    </div>
  );
}
