import { LESSONS, lessonById } from '../../scenarios/lessons';
import { lessonSummary } from '../../scenarios/lessons/summaries';
import { useT } from '../i18n';
import { useStore } from '../store';
import { goToStep, openLessonById } from './navigation';

function LessonList() {
  const t = useT();
  return (
    <div className="lesson-list">
      <h2>{t({ en: 'Lessons', zh: '课程' })}</h2>
      <p className="muted">
        {t({
          en: 'Each lesson follows one section of the notes: it moves the timeline, points at the tasks to watch and asks questions. Leave it at any time to explore freely.',
          zh: '每节课对应笔记的一节：它移动时间轴，指出要观察的任务并提出问题。随时可以离开课程自由探索。',
        })}
      </p>
      <ol>
        {LESSONS.map((lesson) => {
          const summary = lessonSummary(lesson.id);
          return (
            <li key={lesson.id}>
              <button
                type="button"
                className="lesson-link"
                onClick={() => void openLessonById(lesson.id)}
              >
                <b>{t(lesson.title)}</b>
                {summary && <span>{t(summary)}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The lesson being followed: one narrated step at a time, with its question and answer. */
export function LessonPanel() {
  const t = useT();
  const current = useStore((s) => s.lesson);
  const revealed = useStore((s) => s.revealed);
  const cursor = useStore((s) => s.cursor);
  const reveal = useStore((s) => s.reveal);
  const setLesson = useStore((s) => s.setLesson);
  const lesson = current ? lessonById(current.id) : undefined;
  if (!current || !lesson) return <LessonList />;
  const step = lesson.steps[current.step];
  const last = current.step === lesson.steps.length - 1;
  const away = cursor !== step.tick;
  return (
    <article className="lesson" data-testid="lesson">
      <header>
        <p className="muted">
          {t({ en: 'Lesson', zh: '第' })} {lesson.order}
          {t({ en: '', zh: ' 课' })} · {t({ en: 'step', zh: '步骤' })} {current.step + 1} /{' '}
          {lesson.steps.length}
        </p>
        <h2>{t(lesson.title)}</h2>
      </header>
      <section className="lesson-step" aria-live="polite">
        <h3>{t(step.title)}</h3>
        <p>{t(step.text)}</p>
        {step.question && (
          <div className="question">
            <p>
              <b>{t({ en: 'Question: ', zh: '问题：' })}</b>
              {t(step.question.prompt)}
            </p>
            {revealed ? (
              <p className="answer">
                <b>{t({ en: 'Answer: ', zh: '答案：' })}</b>
                {t(step.question.answer)}
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
        <button
          type="button"
          disabled={current.step === 0}
          onClick={() => goToStep(lesson, current.step - 1)}
        >
          {t({ en: 'Back', zh: '上一步' })}
        </button>
        <button type="button" onClick={() => goToStep(lesson, current.step)} disabled={!away}>
          {t({ en: 'Replay this step', zh: '重看此步' })}
        </button>
        <button
          type="button"
          className="primary"
          disabled={last}
          onClick={() => goToStep(lesson, current.step + 1)}
        >
          {t({ en: 'Continue', zh: '继续' })}
        </button>
      </nav>
      <button type="button" className="ghost leave" onClick={() => setLesson(null)}>
        {t({ en: 'Leave the lesson (free play)', zh: '离开课程（自由探索）' })}
      </button>
    </article>
  );
}
