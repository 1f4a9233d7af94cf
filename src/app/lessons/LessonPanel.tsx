import { useEffect } from 'react';
import { lessonById } from '../../scenarios/lessons';
import { partText } from '../../scenarios/lesson';
import { useLanguage, useT, type LocalText } from '../i18n';
import { lessonText } from '../../session/narration';
import { useStore } from '../store';
import { LessonTwinButton } from '../twin/onDemand';
import { lessonList, prepareLessonList } from './onDemand';
import { prepareStepNav, stepNav } from './stepNavOnDemand';
import { Unbroken } from './Unbroken';

/** The course's lessons, once their list is loaded; until then the panel is empty, as it was. */
function CourseList() {
  const loaded = lessonList.useLoaded();
  useEffect(prepareLessonList, []);
  return loaded ? <loaded.LessonList /> : null;
}

/** The lesson being followed: the step at the cursor, with its question and answer. */
export function LessonPanel() {
  const t = useT();
  const language = useLanguage();
  const current = useStore((s) => s.lesson);
  const revealed = useStore((s) => s.revealed);
  const reveal = useStore((s) => s.reveal);
  const setLesson = useStore((s) => s.setLesson);
  const lesson = current ? lessonById(current.id) : undefined;
  const nav = stepNav.useLoaded();
  useEffect(() => {
    // The tab's loader brought them when it opened on a lesson; a lesson opened later asks here.
    if (lesson && !nav) prepareStepNav();
  }, [lesson, nav]);
  if (!current || !lesson) return <CourseList />;
  const step = lesson.steps[current.step];
  // A section taught in parts: each part has the lesson's number, and says which part it is.
  const part = lesson.part;
  const say = (text: LocalText) => lessonText(text, language, lesson.scenario);
  return (
    <article className="lesson" data-testid="lesson">
      <header>
        <p className="muted">
          {t({
            en: `Lesson ${lesson.order}${part ? `, ${partText(part).en}` : ''} · step ${current.step + 1} / ${lesson.steps.length}`,
            zh: `第 ${lesson.order} 课${part ? ` ${partText(part).zh}` : ''} · 第 ${current.step + 1} / ${lesson.steps.length} 步`,
          })}
        </p>
        <h2>{t(lesson.title)}</h2>
      </header>
      <section className="lesson-step" aria-live="polite">
        <h3>{say(step.title)}</h3>
        {nav && <nav.OffScript lesson={lesson} step={current.step} />}
        <p>
          <Unbroken text={say(step.text)} />
        </p>
        {step.question && (
          <div className="question">
            <p>
              <b>{t({ en: 'Question: ', zh: '问题：' })}</b>
              <Unbroken text={say(step.question.prompt)} />
            </p>
            {revealed ? (
              <p className="answer">
                <b>{t({ en: 'Answer: ', zh: '答案：' })}</b>
                <Unbroken text={say(step.question.answer)} />
              </p>
            ) : (
              <button type="button" onClick={reveal}>
                {t({ en: 'Reveal the answer', zh: '显示答案' })}
              </button>
            )}
          </div>
        )}
      </section>
      <nav className="lesson-nav">
        {/* The second run a step offers stays in view with the buttons: the step's text, which
            may run under them on a projector, asks for it by name. */}
        {step.twin && (
          <div className="lesson-twin">
            <LessonTwinButton lesson={lesson} variant={step.twin} />
          </div>
        )}
        {nav && <nav.StepNav lesson={lesson} step={current.step} />}
      </nav>
      <button
        type="button"
        className="ghost leave"
        onPointerEnter={prepareLessonList}
        onFocus={prepareLessonList}
        onClick={() => setLesson(null)}
      >
        {t({ en: 'Leave the lesson (free play)', zh: '离开课程（自由探索）' })}
      </button>
    </article>
  );
}
