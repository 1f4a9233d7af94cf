import type { Page } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { expect, linkTo, open, test } from './fixtures';

/**
 * A lesson step frames the tasks it talks about, zoomed in; the camera then moves, within what
 * keeps them framed, so that the other tasks it would cut at the stage's edge are shown wholly
 * or not at all, and where no move does it, frames them somewhat farther. These are moments
 * where the framing once cut a task, most through its name.
 */

/** The tasks partly on the graph's stage: on it, but not wholly. */
async function cutTasks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stage = document.querySelector('.g-canvas')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.react-flow__node')].flatMap((node) => {
      const r = node.getBoundingClientRect();
      const on =
        r.right > stage.left + 0.5 &&
        r.left < stage.right - 0.5 &&
        r.bottom > stage.top + 0.5 &&
        r.top < stage.bottom - 0.5;
      const whole =
        r.left >= stage.left - 0.5 &&
        r.right <= stage.right + 0.5 &&
        r.top >= stage.top - 0.5 &&
        r.bottom <= stage.bottom + 0.5;
      return on && !whole ? [node.dataset.id ?? '?'] : [];
    });
  });
}

const MOMENTS = [
  // "Reading on": the text is about Source 1, cut at the left with its tape.
  {
    viewport: [1440, 900],
    presenter: false,
    language: 'en',
    lesson: 'consistent-checkpoint',
    step: 4,
    tick: 19,
  },
  // "Checkpoint 3 expires": the state backend was cut through its name at the left.
  {
    viewport: [1440, 900],
    presenter: false,
    language: 'en',
    lesson: 'checkpoint-config',
    step: 7,
    tick: 39,
  },
  // The first step of the course on a projector: the JobManager was cut at the top.
  {
    viewport: [1280, 720],
    presenter: true,
    language: 'zh',
    lesson: 'consistent-checkpoint',
    step: 0,
    tick: 0,
  },
  // "Drained": both sources cut at the left, the JobManager at the top.
  {
    viewport: [1280, 720],
    presenter: true,
    language: 'zh',
    lesson: 'stop-the-world-vs-barriers',
    step: 3,
    tick: 11,
  },
  // Moments no move fixed, only a farther framing. "Second failure": the failed sum and the
  // restarting JobManager framed, Source 1 cut at the left through its name.
  {
    viewport: [1280, 720],
    presenter: false,
    language: 'zh',
    lesson: 'restart-strategies',
    step: 3,
    tick: 35,
  },
  // "Written, not yet committed": the JobManager cut at the top left, through its name.
  {
    viewport: [1280, 720],
    presenter: false,
    language: 'zh',
    lesson: 'end-to-end-exactly-once',
    step: 1,
    tick: 15,
  },
  // The same step at 1024x768, where the state backend is as wide as the job: framed as close
  // as the sink allows, it was cut through its name at the left whatever the move. Only the
  // whole job's framing shows it whole.
  {
    viewport: [1024, 768],
    presenter: false,
    language: 'en',
    lesson: 'end-to-end-exactly-once',
    step: 1,
    tick: 15,
  },
  // "A failure" of the savepoints lesson at 1024x768: enrich was cut through its name.
  {
    viewport: [1024, 768],
    presenter: false,
    language: 'zh',
    lesson: 'savepoints',
    step: 3,
    tick: 24,
  },
] as const;

for (const m of MOMENTS) {
  const presenter = m.presenter;
  test.describe(`${m.viewport.join('x')}${presenter ? ', presenter' : ''}`, () => {
    test.use({ viewport: { width: m.viewport[0], height: m.viewport[1] } });
    test(`${m.language}: lesson ${m.lesson}, step ${m.step + 1}: no task is cut at the stage's edge`, async ({
      page,
    }) => {
      await open(
        page,
        linkTo({
          scenario: { preset: LESSONS.find((l) => l.id === m.lesson)!.scenario.id },
          tick: m.tick,
          lesson: { id: m.lesson, step: m.step },
          view: { presenter },
          language: m.language,
        }),
      );
      await expect(page.locator('.react-flow__node.g-highlight').first()).toBeVisible();
      expect(await cutTasks(page)).toEqual([]);
    });
  });
}
