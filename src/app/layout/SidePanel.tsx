import { Inspector } from '../graph/Inspector';
import { useT, type LocalText } from '../i18n';
import { CheckpointHistory } from '../panels/CheckpointHistory';
import { ConfigPanel } from '../panels/ConfigPanel';
import { EventLog } from '../panels/EventLog';
import { ScheduleChart } from '../panels/ScheduleChart';
import { LessonPanel } from '../lessons/LessonPanel';
import { useStore, type PanelTab } from '../store';

const TABS: { id: PanelTab; text: LocalText }[] = [
  { id: 'lesson', text: { en: 'Lesson', zh: '课程' } },
  { id: 'task', text: { en: 'Task', zh: '任务' } },
  { id: 'log', text: { en: 'Log', zh: '日志' } },
  { id: 'checkpoints', text: { en: 'Checkpoints', zh: '检查点' } },
  { id: 'timing', text: { en: 'Timing', zh: '时序' } },
  { id: 'config', text: { en: 'Config', zh: '配置' } },
];

export function SidePanel() {
  const t = useT();
  const tab = useStore((s) => s.tab);
  const setTab = useStore((s) => s.setTab);
  return (
    <aside className="side">
      <div className="tabs" role="tablist">
        {TABS.map((x) => (
          <button
            type="button"
            role="tab"
            key={x.id}
            id={`tab-${x.id}`}
            aria-selected={tab === x.id}
            aria-controls={`panel-${x.id}`}
            className={tab === x.id ? 'on' : ''}
            onClick={() => setTab(x.id)}
          >
            {t(x.text)}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'lesson' && <LessonPanel />}
        {tab === 'task' && <Inspector />}
        {tab === 'log' && <EventLog />}
        {tab === 'checkpoints' && <CheckpointHistory />}
        {tab === 'timing' && <ScheduleChart />}
        {tab === 'config' && <ConfigPanel />}
      </div>
    </aside>
  );
}
