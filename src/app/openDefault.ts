import { FIRST_LESSON, loadLesson } from '../scenarios/lessons';
import { DEFAULT_PRESET } from '../scenarios/presets/default';
import type { LocalText } from '../scenarios/text';
import { useStore } from './store';

/** Said when the app cannot open what its address asks for. */
export const NOT_OPENED: LocalText = {
  en: 'The app could not open what this address asked for. The default lesson opened instead.',
  zh: '应用无法打开此地址所要求的内容。已改为打开默认课程。',
};

/** Opens the course's first lesson, or the default preset when it fails to load. */
export async function openDefault(): Promise<void> {
  const first = await loadLesson(FIRST_LESSON.id).catch(() => undefined);
  const s = useStore.getState();
  s.setLesson(null);
  if (first) {
    // A lesson's scenario is the preset of its id, as when a lesson is opened from the picker.
    s.loadScenario(first.scenario, first.scenario.id, first.steps[0]?.tick ?? 0);
    s.setLesson({ id: first.id, step: 0 });
  } else {
    s.loadScenario(DEFAULT_PRESET, DEFAULT_PRESET.id, 0);
  }
}

/** Opens the default lesson with a notice saying why (a link that could not be opened). */
export async function refuse(notice: LocalText): Promise<void> {
  await openDefault();
  useStore.getState().notify({ kind: 'error', text: notice });
}
