import { useMemo } from 'react';
import type { Scenario, SimEvent } from '../../engine';
import { JobGraph } from '../graph/JobGraph';
import { useLanguage, useT } from '../i18n';
import { taskName } from '../../session/narration';
import { useStore, type Language } from '../store';
import { eventsAt, follow } from '../../session/timeline';
import { countedTwiceAt, type CountedTwice } from '../../session/twin/counted';
import { twinDiff, type TwinDiff } from '../../session/twin/diff';
import { runLabel } from '../../session/twin/labels';
import { useTwinRun } from './twinRun';
import './twin.css';

const NO_EVENTS: readonly SimEvent[] = [];
const NONE = new Set<string>();

function twiceText(list: CountedTwice[], scenario: Scenario, language: Language): string {
  const items = list.map((c) => {
    const source = taskName(c.origin.task, scenario);
    const task = taskName(c.task, scenario);
    return language === 'zh'
      ? `来自 ${source} 的 ${c.origin.value} 在 ${task} 中算了 ${c.count} 次`
      : `${c.origin.value} from ${source} counted ${c.count} times in ${task}`;
  });
  return items.join(language === 'zh' ? '；' : '; ');
}

const JOB_STATUS_ZH: Record<string, string> = {
  RUNNING: '运行中',
  RESTARTING: '重启中',
  FAILED: '已失败',
  FINISHED: '已结束',
};

/** One line: what differs between the two runs at the tick on screen. */
function DiffStrip({ diff, scenario }: { diff: TwinDiff; scenario: Scenario }) {
  const t = useT();
  const language = useLanguage();
  const zh = language === 'zh';
  const pair = (a: string | number, b: string | number) => `${a} / ${b}`;
  const status = (s: string) => (zh ? (JOB_STATUS_ZH[s] ?? s) : s);
  const extra = (list: TwinDiff['onlyA']) => list.reduce((n, o) => n + o.extra, 0);
  const twiceA = diff.twice.a?.length;
  const twiceB = diff.twice.b?.length;
  const cells: { key: string; label: string; value: string; differs: boolean }[] = [
    ...diff.states.map((d) => ({
      key: d.task,
      label: taskName(d.task, scenario),
      value: pair(d.a, d.b),
      differs: true,
    })),
  ];
  if (twiceA !== undefined && twiceB !== undefined) {
    cells.push({
      key: 'twice',
      label: t({ en: 'counted twice', zh: '重复计算' }),
      value: pair(twiceA, twiceB),
      differs: twiceA !== twiceB,
    });
  }
  cells.push(
    {
      // Outputs one run received more often than the other so far: a run further on, or a
      // record counted twice. Not "extra", which reads as duplicates beside "counted twice".
      key: 'outputs',
      label: t({ en: 'output gap', zh: '输出差额' }),
      value: pair(extra(diff.onlyA), extra(diff.onlyB)),
      differs: diff.onlyA.length + diff.onlyB.length > 0,
    },
    {
      key: 'checkpoints',
      label: t({ en: 'checkpoints', zh: '完成的检查点' }),
      value: pair(diff.completed.a, diff.completed.b),
      differs: diff.completed.a !== diff.completed.b,
    },
    {
      key: 'job',
      label: t({ en: 'job', zh: '作业' }),
      // The same status once: the strip stays on one line.
      value:
        diff.status.a === diff.status.b
          ? status(diff.status.a)
          : pair(status(diff.status.a), status(diff.status.b)),
      differs: diff.status.a !== diff.status.b,
    },
  );
  return (
    <div className="twin-diff" data-testid="twin-diff" role="status">
      <span className="twin-diff-title">
        {t({
          en: `Tick ${diff.tick} · this / second run:`,
          zh: `第 ${diff.tick} 拍 · 本次 / 第二次运行：`,
        })}
      </span>
      {cells.map((c) => (
        <span
          key={c.key}
          className={c.differs ? 'differs' : 'same'}
          data-testid={`twin-diff-${c.key}`}
        >
          {c.label} {c.value}
        </span>
      ))}
    </div>
  );
}

/**
 * The twin view: this run and a second one beside it on the same tick, with what differs
 * between them. The second run follows the cursor and is only shown: it is this run's scenario
 * changed by the variant, so a failure injected into this run happens in it too.
 */
export function TwinStage() {
  const t = useT();
  const language = useLanguage();
  const current = useStore((s) => s.current);
  const cursor = useStore((s) => s.cursor);
  const setTwin = useStore((s) => s.setTwin);
  const twin = useTwinRun((s) => s.timeline);
  const variant = useStore((s) => s.twin);
  // One step a tick while the cursor plays forward, rather than a replay from a keyframe.
  const twinAt = useMemo(() => (twin ? follow(twin) : null), [twin]);
  const twinState = useMemo(() => (twinAt ? twinAt(cursor) : null), [twinAt, cursor]);
  const twinEvents = useMemo(
    () => (twin && cursor <= twin.end ? eventsAt(twin, cursor) : NO_EVENTS),
    [twin, cursor],
  );
  const scenario = current.scenario;
  const twiceA = useMemo(() => countedTwiceAt(scenario, cursor), [scenario, cursor]);
  const twinScenario = twin?.scenario;
  const twiceB = useMemo(
    () => (twinScenario ? countedTwiceAt(twinScenario, Math.min(cursor, twin!.end)) : null),
    [twinScenario, cursor, twin],
  );
  const diff = useMemo(
    () => (twinState ? twinDiff(current, twinState, { a: twiceA, b: twiceB }) : null),
    [current, twinState, twiceA, twiceB],
  );
  const markedA = useMemo(() => (twiceA ? new Set(twiceA.map((c) => c.task)) : NONE), [twiceA]);
  const markedB = useMemo(() => (twiceB ? new Set(twiceB.map((c) => c.task)) : NONE), [twiceB]);
  const tickText = (tick: number) => t({ en: `tick ${tick}`, zh: `第 ${tick} 拍` });
  /** The second run's tick: the cursor's, or where it ended, or how far it is recorded. */
  const twinTickText = (shown: number) =>
    shown === cursor
      ? tickText(cursor)
      : twin!.complete
        ? t({
            en: `tick ${cursor} (ended at ${shown})`,
            zh: `第 ${cursor} 拍（已在第 ${shown} 拍结束）`,
          })
        : t({
            en: `recording, at tick ${shown} of ${cursor}`,
            zh: `正在记录，已到第 ${shown} 拍（光标在第 ${cursor} 拍）`,
          });
  return (
    <div className="twin-stage" data-testid="twin">
      <section className="twin-pane" data-testid="twin-a">
        <header className="twin-head">
          <b>{t({ en: 'This run', zh: '本次运行' })}</b>
          <span>{t(runLabel(scenario))}</span>
          <span className="twin-tick" data-testid="twin-tick-a">
            {tickText(cursor)}
          </span>
          {twiceA && twiceA.length > 0 && (
            <span className="twin-twice" data-testid="twin-twice">
              {twiceText(twiceA, scenario, language)}
            </span>
          )}
        </header>
        <div className="twin-graph">
          <JobGraph marked={markedA} />
        </div>
      </section>
      <section className="twin-pane" data-testid="twin-b">
        <header className="twin-head">
          <b>{t({ en: 'Second run', zh: '第二次运行' })}</b>
          <span>{twinScenario && t(runLabel(twinScenario, variant?.failures === false))}</span>
          <span className="twin-tick" data-testid="twin-tick-b">
            {twinState ? twinTickText(twinState.tick) : ''}
          </span>
          {twiceB && twiceB.length > 0 && twinScenario && (
            <span className="twin-twice" data-testid="twin-twice">
              {twiceText(twiceB, twinScenario, language)}
            </span>
          )}
          <span className="twin-note">
            {t({
              en: 'view only: follows the run beside it, injected failures included',
              zh: '仅供查看：跟随本次运行，包括注入的故障',
            })}
          </span>
          <button
            type="button"
            className="ghost twin-close"
            onClick={() => setTwin(null)}
            aria-label={t({ en: 'Close the second run', zh: '关闭第二次运行' })}
          >
            ×
          </button>
        </header>
        <div className="twin-graph">
          {twinState ? (
            <JobGraph state={twinState} events={twinEvents} marked={markedB} />
          ) : (
            <p className="twin-wait">
              {t({ en: 'Recording the second run…', zh: '正在记录第二次运行……' })}
            </p>
          )}
        </div>
      </section>
      {diff && <DiffStrip diff={diff} scenario={scenario} />}
    </div>
  );
}
