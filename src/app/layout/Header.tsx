import { useEffect } from 'react';
import type { Mode } from '../../engine';
import { FIRST_LESSON, lessonById } from '../../scenarios/lessons';
import { prepareCourse, prepareCourseOnFirstInput, useCourse } from '../lessons/course';
import { cancelLessonOpening, openLessonById } from '../lessons/navigation';
import { prepareStepNav } from '../lessons/stepNavOnDemand';
import { useT, type LocalText } from '../i18n';
import { useStore } from '../store';
import { LOAD_FAILED } from './onDemand';
import { prepareCaption } from './presenterCaption';
import {
  presetChoices,
  preparePresetChoices,
  preparePresetChoicesOnFirstInput,
} from './presetChoices';
import { ShareMenu } from './ShareMenu';

const MODES: { mode: Mode; text: LocalText; hint: LocalText }[] = [
  {
    mode: 'exactly-once',
    text: { en: 'Exactly-once', zh: '精确一次' },
    hint: {
      en: 'Barriers with alignment: an input waits for the others',
      zh: '分界线对齐：先到的输入等待其他输入',
    },
  },
  {
    mode: 'at-least-once',
    text: { en: 'At-least-once', zh: '至少一次' },
    hint: {
      en: 'Barriers without alignment: nothing waits, replays may count twice',
      zh: '分界线不对齐：不等待，重放可能重复计算',
    },
  },
  {
    mode: 'stop-the-world',
    text: { en: 'Stop-the-world', zh: '暂停应用' },
    hint: {
      en: 'The simple idea: pause sources, drain, snapshot, resume',
      zh: '简单的想法：暂停数据源，排空，快照，恢复',
    },
  },
];

function ModeSwitch() {
  const t = useT();
  const mode = useStore((s) => s.timeline.scenario.checkpoint.mode);
  const setMode = useStore((s) => s.setMode);
  return (
    <div
      className="segmented"
      role="radiogroup"
      aria-label={t({ en: 'Checkpointing mode', zh: '检查点模式' })}
    >
      {MODES.map((m) => (
        <button
          type="button"
          key={m.mode}
          role="radio"
          aria-checked={mode === m.mode}
          className={mode === m.mode ? 'on' : ''}
          title={t(m.hint)}
          onClick={() => setMode(m.mode)}
        >
          {t(m.text)}
        </button>
      ))}
    </div>
  );
}

/**
 * Starts loading the presets' definitions, and a lesson step's buttons, when the picker is about
 * to be used.
 */
const prepare = () => {
  prepareCourse();
  void presetChoices
    .load()
    .then((choices) => choices.loadPresets())
    .catch(() => {});
  prepareStepNav();
};

let latestPick = 0;

/**
 * Opens a built-in scenario once its definition is loaded, unless something else was picked or
 * opened meanwhile.
 */
async function openPreset(id: string, failed: string): Promise<void> {
  const pick = ++latestPick;
  cancelLessonOpening();
  const before = useStore.getState().timeline;
  let preset;
  try {
    preset = await (await presetChoices.load()).loadPreset(id);
  } catch {
    useStore.getState().notify({ kind: 'error', text: failed });
    return;
  }
  const s = useStore.getState();
  if (!preset || pick !== latestPick || s.timeline !== before) return;
  // A lesson open now is left with a notice (the store's lesson follower).
  s.loadScenario(preset, preset.id);
}

function ScenarioPicker() {
  const t = useT();
  const presetId = useStore((s) => s.presetId);
  const lesson = useStore((s) => s.lesson);
  const language = useStore((s) => s.language);
  const scenarioTitle = useStore((s) => s.timeline.scenario.title);
  const choices = presetChoices.useLoaded();
  const showsPreset = !lesson && presetId !== null;
  useEffect(() => {
    if (showsPreset && language !== 'en') preparePresetChoices();
  }, [showsPreset, language]);
  useEffect(preparePresetChoicesOnFirstInput, []);
  useEffect(prepareCourseOnFirstInput, []);
  // Any other screen than the first lesson's (a link, the list of lessons) fetches the course
  // anyway: the picker lists it at once.
  const onFirstLesson = lesson?.id === FIRST_LESSON.id;
  useEffect(() => {
    if (!onFirstLesson) prepareCourse();
  }, [onFirstLesson]);
  const value = lesson ? `lesson:${lesson.id}` : presetId ? `preset:${presetId}` : '';
  // Until the course's list loads (on the first input), the lesson on screen is the one listed.
  const shown = lesson ? lessonById(lesson.id) : undefined;
  const lessons = useCourse() ?? (shown ? [shown] : []);
  const lessonPicked = lesson && lessons.find((l) => l.id === lesson.id);
  const presets = choices?.PRESET_TITLES ?? [];
  const presetPicked = showsPreset ? presets.find((p) => p.id === presetId) : undefined;
  // A long title is cut with an ellipsis in the closed picker: the whole of it on hover.
  const picked = lessonPicked
    ? `${lessonPicked.order}. ${t(lessonPicked.title)}`
    : presetPicked
      ? t(presetPicked.title)
      : // A preset's own title, in English, until the titles in both languages are there.
        showsPreset
        ? scenarioTitle
        : t({ en: 'Custom scenario', zh: '自定义场景' });
  return (
    <label className="picker">
      <span className="visually-hidden">{t({ en: 'Lesson or scenario', zh: '课程或场景' })}</span>
      <select
        value={value}
        title={picked}
        onPointerEnter={prepare}
        onFocus={prepare}
        onChange={(e) => {
          const [kind, id] = e.target.value.split(':');
          if (kind === 'preset') {
            void openPreset(id, t(LOAD_FAILED));
            return;
          }
          latestPick++;
          void openLessonById(id);
        }}
      >
        {value === '' && <option value="">{t({ en: 'Custom scenario', zh: '自定义场景' })}</option>}
        {showsPreset && !presetPicked && <option value={value}>{picked}</option>}
        <optgroup label={t({ en: 'Lessons', zh: '课程' })}>
          {lessons.map((l) => (
            <option key={l.id} value={`lesson:${l.id}`}>
              {l.order}. {t(l.title)}
            </option>
          ))}
        </optgroup>
        {presets.length > 0 && (
          <optgroup label={t({ en: 'Scenarios (free play)', zh: '场景（自由探索）' })}>
            {presets.map((p) => (
              <option key={p.id} value={`preset:${p.id}`}>
                {t(p.title)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}

/** The language and presenter mode: in the header, or in its menu when the window is narrow. */
function ViewButtons() {
  const t = useT();
  const language = useStore((s) => s.language);
  const setLanguage = useStore((s) => s.setLanguage);
  const presenter = useStore((s) => s.presenter);
  const togglePresenter = useStore((s) => s.togglePresenter);
  return (
    <>
      <button
        type="button"
        className="ghost"
        onClick={() => setLanguage(language === 'en' ? 'zh' : 'en')}
        aria-label={language === 'en' ? '切换到中文' : 'Switch to English'}
      >
        {language === 'en' ? '中文' : 'English'}
      </button>
      <button
        type="button"
        className={presenter ? 'ghost on' : 'ghost'}
        aria-pressed={presenter}
        onPointerEnter={prepareCaption}
        onFocus={prepareCaption}
        onClick={togglePresenter}
        title={t({
          en: 'Large type and high contrast for a projector',
          zh: '适合投影的大字体和高对比度',
        })}
      >
        {t({ en: 'Presenter', zh: '演示模式' })}
      </button>
    </>
  );
}

export function Header() {
  const t = useT();
  return (
    <header className="header">
      <h1 className="brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="brand-name">Checkpoint Lab</span>
      </h1>
      <ScenarioPicker />
      <ModeSwitch />
      <div className="header-end">
        <ShareMenu />
        <div className="header-wide">
          <ViewButtons />
        </div>
        {/* A narrow window: what does not fit goes into a menu rather than off the edge. */}
        <details className="header-more">
          <summary>{t({ en: 'More', zh: '更多' })}</summary>
          <div className="menu-body header-more-body">
            <ViewButtons />
          </div>
        </details>
      </div>
    </header>
  );
}
