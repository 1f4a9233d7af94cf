import { lessonById } from '../../scenarios/lessons';
import { useLanguage, useT } from '../i18n';
import { describeEvent, RECORD_NOISE } from '../narration';
import { useStore } from '../store';

/**
 * Presenter mode's caption over the graph: the lesson step being taught, or in free play what
 * just happened, so the back row can follow without reading the side panel.
 */
export function Caption() {
  const t = useT();
  const language = useLanguage();
  const lesson = useStore((s) => s.lesson);
  const cursor = useStore((s) => s.cursor);
  const events = useStore((s) => s.timeline.events[s.cursor]);
  const scenario = useStore((s) => s.timeline.scenario);
  const step = lesson ? lessonById(lesson.id)?.steps[lesson.step] : undefined;
  let text: string;
  if (step) {
    text = `${t(step.title)} — ${t(step.text)}`;
  } else {
    const said = (events ?? [])
      .filter((e) => !RECORD_NOISE.has(e.type))
      .slice(0, 3)
      .map((e) => describeEvent(e, language, scenario));
    text = said.length > 0 ? said.join(' · ') : t({ en: `Tick ${cursor}`, zh: `第 ${cursor} 拍` });
  }
  return (
    <div className="caption" aria-live="polite" data-testid="caption">
      {text}
    </div>
  );
}
