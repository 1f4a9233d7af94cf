import { useEffect } from 'react';
import { Controls } from './controls/Controls';
import { ErrorBoundary } from './ErrorBoundary';
import { InjectMenu } from './controls/InjectMenu';
import { TimelineBar } from './controls/TimelineBar';
import { TriggerMenu } from './controls/TriggerMenu';
import { useKeyboard } from './controls/useKeyboard';
import { usePlaybackLoop } from './controls/usePlaybackLoop';
import { JobGraph } from './graph/JobGraph';
import { Header } from './layout/Header';
import { Notice } from './layout/Notice';
import { prepareCaption, presenterCaption } from './layout/presenterCaption';
import { SidePanel } from './layout/SidePanel';
import { ResultStrip } from './ResultStrip';
import { useT } from './i18n';
import { useStore } from './store';
import { useUrlSync } from './urlSync';
import { LOAD_FAILED, onDemand } from './layout/onDemand';

/** The twin view: loaded when a second run is first asked for. */
const twinStage = onDemand(() => import('./twin/TwinStage'));

export function App() {
  usePlaybackLoop();
  useKeyboard();
  useUrlSync();
  const presenter = useStore((s) => s.presenter);
  const embed = useStore((s) => s.embed);
  const language = useStore((s) => s.language);
  const Caption = presenterCaption.useLoaded()?.Caption;
  const twin = useStore((s) => s.twin);
  const TwinStage = twinStage.useLoaded()?.TwinStage;
  const notify = useStore((s) => s.notify);
  useEffect(() => {
    if (twin && !TwinStage)
      twinStage.load().catch(() => notify({ kind: 'error', text: LOAD_FAILED }));
  }, [twin, TwinStage, notify]);
  useEffect(() => {
    if (presenter) prepareCaption();
  }, [presenter]);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  const togglePresenter = useStore((s) => s.togglePresenter);
  const t = useT();
  return (
    <div className={`app${presenter ? ' presenter' : ''}${embed ? ' embed' : ''}`}>
      {!embed && !presenter && <Header />}
      <Notice />
      <main className="main">
        <section className="stage" aria-label="job graph">
          <div className="stage-graph">
            <ErrorBoundary area={{ en: 'The job graph', zh: '作业图' }}>
              {twin && TwinStage ? <TwinStage /> : <JobGraph />}
            </ErrorBoundary>
          </div>
          {presenter && Caption && (
            <ErrorBoundary area={{ en: 'The lesson caption', zh: '课程字幕' }}>
              <Caption />
            </ErrorBoundary>
          )}
        </section>
        {!embed && !presenter && (
          <ErrorBoundary
            area={{ en: 'The side panel (lesson, task, log)', zh: '侧边栏（课程、任务、日志）' }}
          >
            <SidePanel />
          </ErrorBoundary>
        )}
      </main>
      <footer className="footer">
        <ErrorBoundary area={{ en: 'The controls', zh: '控制栏' }}>
          {!embed && !presenter && <ResultStrip />}
          <div className="footer-row">
            <Controls />
            <TimelineBar />
            {!embed && <TriggerMenu />}
            {!embed && <InjectMenu />}
            {presenter && !embed && (
              <button type="button" className="ghost leave-presenter" onClick={togglePresenter}>
                {t({ en: 'Leave presenter mode', zh: '退出演示模式' })}
              </button>
            )}
          </div>
        </ErrorBoundary>
      </footer>
    </div>
  );
}
