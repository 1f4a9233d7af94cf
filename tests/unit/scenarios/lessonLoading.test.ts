import { describe, expect, it } from 'vitest';
import { FIRST_LESSON, lessonById, loadLesson } from '../../../src/scenarios/lessons';
import { COURSE as LESSONS, REGISTRY } from '../../../src/scenarios/lessons/registry';
import { lessonSummary } from '../../../src/scenarios/lessons/summaries';

describe('lessons loaded one at a time', () => {
  it('the list the app shows is the registry in course order, each with a summary', () => {
    expect(new Set(LESSONS.map((l) => l.id))).toEqual(new Set(Object.keys(REGISTRY)));
    const orders = LESSONS.map((l) => l.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    LESSONS.forEach((info) => {
      expect(info.title).toEqual(REGISTRY[info.id as keyof typeof REGISTRY].title);
      expect(lessonSummary(info.id)?.en).toBeTruthy();
      expect(lessonSummary(info.id)?.zh).toMatch(/[\u4e00-\u9fff]/);
    });
  });

  it('the lesson the app opens first, whose entry the first screen holds, is the course’s first', () => {
    expect(LESSONS[0].id).toBe(FIRST_LESSON.id);
    expect(LESSONS.filter((l) => l.order === FIRST_LESSON.order)).toHaveLength(1);
    expect(REGISTRY[FIRST_LESSON.id as keyof typeof REGISTRY]).toBe(FIRST_LESSON);
  });

  it('a lesson is found by id only once loaded, and loading it again gives the same lesson', async () => {
    for (const info of LESSONS) {
      expect(lessonById(info.id)).toBeUndefined();
      const lesson = await loadLesson(info.id);
      expect(lesson).toMatchObject({ id: info.id, order: info.order, title: info.title });
      expect(lesson!.steps.length).toBeGreaterThan(0);
      expect(lessonById(info.id)).toBe(lesson);
      expect(await loadLesson(info.id)).toBe(lesson);
    }
  });

  it('the whole course, as Node code reads it, is the lessons the app loads', async () => {
    const { LESSONS: COURSE } = await import('../../../src/scenarios/lessons/course');
    expect(COURSE.map((l) => l.id)).toEqual(LESSONS.map((l) => l.id));
    for (const lesson of COURSE) expect(await loadLesson(lesson.id)).toBe(lesson);
  });

  it('an id the course does not have loads nothing, whatever it is named', async () => {
    for (const id of ['no-such-lesson', 'toString', '__proto__', 'constructor', '']) {
      expect(await loadLesson(id)).toBeUndefined();
      expect(lessonById(id)).toBeUndefined();
    }
  });
});
