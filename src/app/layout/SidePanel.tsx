import { lazy, Suspense } from 'react';
import { useT, type LocalText } from '../i18n';
// Loaded here, not only by the lazy panels, so the stylesheet keeps its place in the cascade.
import '../panels/panels.css';
import { prepareLessonList } from '../lessons/onDemand';
import { stepNav } from '../lessons/stepNavOnDemand';
import { useStore, type PanelTab } from '../store';

// Each tab's content is loaded when the tab is first shown (the first screen needs one of them),
// or already when the pointer or the focus reaches the tab, so it is there when the tab opens.
const LOADERS = {
  lesson: () => {
    // With no lesson open the tab lists the course: its list loads beside the panel, not after.
    // With one, the panel waits for the step's buttons, so it shows them from its first frame.
    const lesson = useStore.getState().lesson !== null;
    if (!lesson) prepareLessonList();
    return Promise.all([
      import('../lessons/LessonPanel'),
      lesson ? stepNav.load().catch(() => {}) : undefined,
    ]).then(([m]) => ({ default: m.LessonPanel }));
  },
  task: () => import('../graph/Inspector').then((m) => ({ default: m.Inspector })),
  topic: () => import('../panels/TopicPanel').then((m) => ({ default: m.TopicPanel })),
  log: () => import('../panels/EventLog').then((m) => ({ default: m.EventLog })),
  checkpoints: () =>
    import('../panels/CheckpointHistory').then((m) => ({ default: m.CheckpointHistory })),
  timing: () => import('../panels/ScheduleChart').then((m) => ({ default: m.ScheduleChart })),
  config: () => import('../panels/ConfigPanel').then((m) => ({ default: m.ConfigPanel })),
} satisfies Record<PanelTab, unknown>;

const LessonPanel = lazy(LOADERS.lesson);
const Inspector = lazy(LOADERS.task);
const TopicPanel = lazy(LOADERS.topic);
const EventLog = lazy(LOADERS.log);
const CheckpointHistory = lazy(LOADERS.checkpoints);
const ScheduleChart = lazy(LOADERS.timing);
const ConfigPanel = lazy(LOADERS.config);

const prepare = (tab: PanelTab) => void LOADERS[tab]().catch(() => {});

const TABS: { id: PanelTab; text: LocalText }[] = [
  { id: 'lesson', text: { en: 'Lesson', zh: '课程' } },
  { id: 'task', text: { en: 'Task', zh: '任务' } },
  { id: 'topic', text: { en: 'Topic', zh: '主题' } },
  { id: 'log', text: { en: 'Log', zh: '日志' } },
  { id: 'checkpoints', text: { en: 'Checkpoints', zh: '检查点' } },
  { id: 'timing', text: { en: 'Timing', zh: '时序' } },
  { id: 'config', text: { en: 'Config', zh: '配置' } },
];

export function SidePanel() {
  const t = useT();
  const tab = useStore((s) => s.tab);
  const setTab = useStore((s) => s.setTab);
  // The topic tab is there only for a job whose sink writes into a topic.
  const hasTopic = useStore((s) =>
    s.current.scenario.operators.some((op) => op.kind === 'sink' && op.topic !== undefined),
  );
  const tabs = hasTopic ? TABS : TABS.filter((x) => x.id !== 'topic');
  return (
    <aside className="side">
      {/* Seven tabs share the panel's width closer and smaller, as on a narrow screen: one line. */}
      <div className={tabs.length > 6 ? 'tabs tabs-many' : 'tabs'} role="tablist">
        {tabs.map((x) => (
          <button
            type="button"
            role="tab"
            key={x.id}
            id={`tab-${x.id}`}
            aria-selected={tab === x.id}
            aria-controls={`panel-${x.id}`}
            className={tab === x.id ? 'on' : ''}
            onPointerEnter={() => prepare(x.id)}
            onFocus={() => prepare(x.id)}
            onClick={() => setTab(x.id)}
          >
            {t(x.text)}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {/* The panel's box has its size from the layout: an empty one while loading moves nothing. */}
        <Suspense fallback={null}>
          {tab === 'lesson' && <LessonPanel />}
          {tab === 'task' && <Inspector />}
          {tab === 'topic' && <TopicPanel />}
          {tab === 'log' && <EventLog />}
          {tab === 'checkpoints' && <CheckpointHistory />}
          {tab === 'timing' && <ScheduleChart />}
          {tab === 'config' && <ConfigPanel />}
        </Suspense>
      </div>
    </aside>
  );
}
