import { lessonById } from '../../scenarios/lessons';
import { useLanguage, useT, type LocalText } from '../i18n';
import { OffScript, StepNav } from '../lessons/StepNav';
import { Unbroken } from '../lessons/Unbroken';
import { LessonTwinButton } from '../twin/onDemand';
import { lessonText } from '../../session/narration';
import { describeEvent, RECORD_NOISE } from '../../session/describeEvent';
import { useStore } from '../store';
import { eventsAt } from '../../session/timeline';

/**
 * Presenter mode's caption under the graph: the lesson step being taught with its question and
 * the buttons to move on, or in free play what just happened, so the back row can follow
 * without the side panel.
 */
export function Caption() {
  const t = useT();
  const language = useLanguage();
  const current = useStore((s) => s.lesson);
  const revealed = useStore((s) => s.revealed);
  const reveal = useStore((s) => s.reveal);
  const cursor = useStore((s) => s.cursor);
  const events = useStore((s) => eventsAt(s.timeline, s.cursor));
  const scenario = useStore((s) => s.timeline.scenario);
  const lesson = current ? lessonById(current.id) : undefined;
  const step = current && lesson ? lesson.steps[current.step] : undefined;
  if (!current || !lesson || !step) {
    const said = events
      .filter((e) => !RECORD_NOISE.has(e.type))
      .slice(0, 3)
      .map((e) => describeEvent(e, language, scenario));
    return (
      <div className="caption" aria-live="polite" data-testid="caption">
        <p>
          {said.length > 0 ? said.join(' · ') : t({ en: `Tick ${cursor}`, zh: `第 ${cursor} 拍` })}
        </p>
      </div>
    );
  }
  const say = (text: LocalText) => lessonText(text, language, lesson.scenario);
  return (
    <div className="caption" aria-live="polite" data-testid="caption">
      <p>
        <b>{say(step.title)}</b> — <Unbroken text={say(step.text)} />
      </p>
      <OffScript lesson={lesson} step={current.step} />
      {step.question && (
        <p className="caption-question">
          <Unbroken text={say(step.question.prompt)} />{' '}
          {revealed ? (
            <span className="caption-answer">
              <Unbroken text={say(step.question.answer)} />
            </span>
          ) : null}
        </p>
      )}
      <nav className="caption-nav">
        <span>
          {current.step + 1} / {lesson.steps.length}
        </span>
        {step.question && !revealed && (
          <button type="button" onClick={reveal}>
            {t({ en: 'Reveal the answer', zh: '显示答案' })}
          </button>
        )}
        {/* The step's text points at it ("the button below opens the same job beside it"). */}
        {step.twin && <LessonTwinButton lesson={lesson} variant={step.twin} short />}
        <StepNav lesson={lesson} step={current.step} />
      </nav>
    </div>
  );
}
