import { describe, expect, it } from 'vitest';
import { LESSONS as COURSE } from '../../../src/scenarios/lessons/course';
import { LESSONS, lessonById, loadLesson } from '../../../src/scenarios/lessons';
import { lessonSummary } from '../../../src/scenarios/lessons/summaries';

describe('lessons loaded one at a time', () => {
  it('the list the app shows is the course, in the same order, with the same titles, each with a summary', () => {
    expect(LESSONS.map((l) => l.id)).toEqual(COURSE.map((l) => l.id));
    LESSONS.forEach((info, i) => {
      expect(info.order).toBe(COURSE[i].order);
      expect(info.title).toEqual(COURSE[i].title);
      expect(lessonSummary(info.id)?.en).toBeTruthy();
      expect(lessonSummary(info.id)?.zh).toMatch(/[\u4e00-\u9fff]/);
    });
  });

  it('a lesson is found by id only once loaded, and loading gives the course lesson', async () => {
    const last = COURSE[COURSE.length - 1];
    expect(lessonById(last.id)).toBeUndefined();
    for (const lesson of COURSE) {
      expect(await loadLesson(lesson.id)).toBe(lesson);
      expect(lessonById(lesson.id)).toBe(lesson);
    }
  });

  it('an id the course does not have loads nothing, whatever it is named', async () => {
    for (const id of ['no-such-lesson', 'toString', '__proto__', 'constructor', '']) {
      expect(await loadLesson(id)).toBeUndefined();
      expect(lessonById(id)).toBeUndefined();
    }
  });
});
