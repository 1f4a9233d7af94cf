import type { Page } from '@playwright/test';
import { PRESETS } from '../../src/scenarios/presets';
import {
  atEveryLesson,
  atEveryLessonStep,
  expect,
  expectTick,
  goTo,
  linkTo,
  open,
  test,
  waitForStableGraph,
} from './fixtures';
import { keyMoments } from './keyMoments';
import { belowFloor, FLOORS_WALKED_ELSEWHERE, VIEWS } from './screenChecks';

/** The tasks a lesson step rings that are not wholly on the graph's stage, with their overhang. */
async function ringedOffStage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stage = document.querySelector('.g-canvas')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.react-flow__node.g-highlight')].flatMap(
      (node) => {
        const r = node.getBoundingClientRect();
        const over = Math.max(
          stage.left - r.left,
          r.right - stage.right,
          stage.top - r.top,
          r.bottom - stage.bottom,
        );
        return over > 0.5 ? [`${node.dataset.id} ${over.toFixed(1)} px off the stage`] : [];
      },
    );
  });
}

test.describe.configure({ timeout: 240_000 });

for (const view of VIEWS) {
  const screen = `${view.name} ${view.width}x${view.height}`;
  test.describe(screen, () => {
    test.use({ viewport: { width: view.width, height: view.height } });
    const presenter = view.name === 'presenter';
    const embed = view.name === 'embed';

    // Where another spec walks the same moments at this view, its walk checks the floors.
    const walked = (walks: string[]) => walks.includes(screen);

    if (!walked(FLOORS_WALKED_ELSEWHERE.presets))
      test(`every text on the graph at every preset's key moments is at or above ${view.title}/${view.secondary} px`, async ({
        page,
      }) => {
        const problems: string[] = [];
        let first = true;
        for (const preset of PRESETS) {
          for (const moment of keyMoments(preset)) {
            const state = {
              scenario: { preset: preset.id },
              tick: moment.tick,
              view: { presenter },
            };
            if (first) await open(page, linkTo(state, { embed }));
            else await goTo(page, state);
            first = false;
            const found = await belowFloor(page, view);
            problems.push(...found.map((f) => `${preset.id} tick ${moment.tick}: ${f}`));
          }
        }
        expect([...new Set(problems)]).toEqual([]);
      });

    // An embed of a lesson's moment frames the step's tasks, without the lesson's text.
    if (!walked(FLOORS_WALKED_ELSEWHERE.lessons))
      test(`every text on the graph at every lesson step is at or above ${view.title}/${view.secondary} px`, async ({
        page,
      }) => {
        const problems = await atEveryLessonStep(page, 'en', () => belowFloor(page, view), {
          presenter,
          embed,
        });
        expect([...new Set(problems)]).toEqual([]);
      });
  });
}

// The tightest view a classroom projects, in the language whose captions run to other heights:
// every task a step rings is on the stage, none cut at its edge, at the ticks a student steps to
// with the arrow key from each step (up to STEPPED of them; the walk over every tick of the course,
// 973, took two and a half minutes of the suite), and at each step a student continues to. A
// node grows with its tick and the caption with the step, and the camera frames again.
const STEPPED = 10;

test.describe('presenter 1280x720, Chinese', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  test('stepping through every lesson, every task the step rings is wholly on the stage', async ({
    page,
  }) => {
    const problems = await atEveryLesson(
      page,
      'zh',
      async (lesson) => {
        const found: string[] = [];
        const check = async (tick: number) =>
          found.push(...(await ringedOffStage(page)).map((f) => `tick ${tick}: ${f}`));
        // The link is applied once its lesson has loaded: a key pressed before that is lost.
        let at = lesson.steps[0].tick;
        await expectTick(page, at);
        await expect(page.getByTestId('caption')).toContainText(`1 / ${lesson.steps.length}`);
        await check(at);
        for (const [k, step] of lesson.steps.entries()) {
          if (k === 0) continue;
          const from = lesson.steps[k - 1].tick;
          while (at < step.tick && at < from + STEPPED) {
            await page.keyboard.press('ArrowRight');
            at++;
            await expectTick(page, at);
            await waitForStableGraph(page);
            await check(at);
          }
          if (at === step.tick) continue;
          // Further on, the step as Continue shows it.
          at = step.tick;
          await goTo(page, {
            scenario: { preset: lesson.scenario.id },
            tick: at,
            lesson: { id: lesson.id, step: k },
            view: { presenter: true },
            language: 'zh',
          });
          await check(at);
        }
        return found;
      },
      { presenter: true },
    );
    expect(problems).toEqual([]);
  });
});
