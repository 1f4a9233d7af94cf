import { partText } from '../../scenarios/lesson';
import { COURSE } from '../../scenarios/lessons/registry';
import { lessonSummary } from '../../scenarios/lessons/summaries';
import { useT } from '../i18n';
import { openLessonById } from './navigation';
import { prepareStepNav } from './stepNavOnDemand';

/** The course, each lesson with its summary: shown in the lesson tab when no lesson is open. */
export function LessonList() {
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
        {COURSE.map((lesson) => {
          const summary = lessonSummary(lesson.id);
          const part = lesson.part;
          return (
            // Numbered as the lesson itself is ("Lesson 6 · step 1"): a lesson's parts share it.
            <li key={lesson.id} value={lesson.order}>
              <button
                type="button"
                className="lesson-link"
                onPointerEnter={prepareStepNav}
                onFocus={prepareStepNav}
                onClick={() => void openLessonById(lesson.id)}
              >
                <b>
                  {t(lesson.title)}
                  {part && t({ en: ` (${partText(part).en})`, zh: `（${partText(part).zh}）` })}
                </b>
                {summary && <span>{t(summary)}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
