import { useEffect } from 'react';
import { partText, type Lesson } from '../../scenarios/lesson';
import { useT } from '../i18n';
import { useStore } from '../store';
import { prepareCourse, useCourse } from './course';
import { nextLesson, openLessonById } from './navigation';

/**
 * Said when the cursor is not at the moment of the step shown (it shows the last step whose
 * moment the cursor has passed): where the run is, and one click back to the step's moment.
 */
export function OffScript({ lesson, step }: { lesson: Lesson; step: number }) {
  const t = useT();
  const cursor = useStore((s) => s.cursor);
  const goToStep = useStore((s) => s.goToStep);
  const at = lesson.steps[step].tick;
  if (cursor === at) return null;
  const apart = Math.abs(cursor - at);
  const after = cursor > at;
  return (
    <p className="off-script" data-testid="off-script">
      <span>
        {t({
          en: `The run is at tick ${cursor}, ${apart} ${apart === 1 ? 'tick' : 'ticks'} ${after ? 'after' : 'before'} this step’s moment (tick ${at}).`,
          zh: `运行现在在第 ${cursor} 拍，比这一步的时刻（第 ${at} 拍）${after ? '晚' : '早'} ${apart} 拍。`,
        })}
      </span>{' '}
      <button type="button" onClick={() => goToStep(lesson, step)}>
        {t({ en: `Back to tick ${at}`, zh: `回到第 ${at} 拍` })}
      </button>
    </p>
  );
}

/**
 * Back, replay and continue for the lesson panel and the presenter caption. Replay plays the run
 * from the previous step's moment to this one's; the last step offers the next lesson.
 */
export function StepNav({ lesson, step }: { lesson: Lesson; step: number }) {
  const t = useT();
  const goToStep = useStore((s) => s.goToStep);
  const replayStep = useStore((s) => s.replayStep);
  const last = step === lesson.steps.length - 1;
  // The next lesson's title is in the course's list, which a last step loads if no input has.
  const course = useCourse();
  useEffect(() => {
    if (last && !course) prepareCourse();
  }, [last, course]);
  const next = last && course ? nextLesson(lesson, course) : undefined;
  const nextPart = next?.part ?? null;
  const from = step > 0 ? lesson.steps[step - 1].tick : 0;
  return (
    <>
      <button type="button" disabled={step === 0} onClick={() => goToStep(lesson, step - 1)}>
        {t({ en: 'Back', zh: '上一步' })}
      </button>
      <button
        type="button"
        disabled={from === lesson.steps[step].tick}
        onClick={() => replayStep(lesson, step)}
        title={t({
          en: `Plays tick ${from} to tick ${lesson.steps[step].tick}`,
          zh: `从第 ${from} 拍播放到第 ${lesson.steps[step].tick} 拍`,
        })}
      >
        {t({ en: 'Replay this step', zh: '重播这一步' })}
      </button>
      {!last && (
        <button type="button" className="primary" onClick={() => goToStep(lesson, step + 1)}>
          {t({ en: 'Continue', zh: '继续' })}
        </button>
      )}
      {last && next && (
        <button
          type="button"
          className="primary next-lesson"
          data-testid="next-lesson"
          onClick={() => void openLessonById(next.id)}
        >
          {t({ en: 'Next lesson: ', zh: '下一课：' })}
          {next.order}. {t(next.title)}
          {nextPart && t({ en: ` (${partText(nextPart).en})`, zh: `（${partText(nextPart).zh}）` })}
        </button>
      )}
      {last && course && !next && (
        <span className="muted">{t({ en: 'End of the course', zh: '课程到此结束' })}</span>
      )}
    </>
  );
}
