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

/**
 * The floors of the issue "Legible from the back of the classroom", in screen pixels: node
 * titles and the values nodes show, and the labels that explain them.
 */
const VIEWS = [
  { name: 'normal', width: 1440, height: 900, title: 14, secondary: 12 },
  { name: 'normal', width: 1280, height: 720, title: 13, secondary: 11 },
  { name: 'normal', width: 1024, height: 768, title: 13, secondary: 11 },
  { name: 'presenter', width: 1280, height: 720, title: 18, secondary: 14 },
  { name: 'presenter', width: 1920, height: 1080, title: 24, secondary: 18 },
  { name: 'embed', width: 800, height: 500, title: 12, secondary: 10 },
] as const;

/** What a node shows as a title or a value; everything else on the graph is a label. */
const TITLES_AND_VALUES = '.g-name, .g-value, .g-value-small, .g-cell, .g-rec, .g-status, b';

/**
 * Every text on the graph that is on screen, drawn below its floor: its size is its computed
 * font size times every scale between it and the screen (the graph's zoom, a node's
 * enlargement), measured as its drawn width over its laid-out width.
 */
async function belowFloor(page: Page, floors: { title: number; secondary: number }) {
  return page.evaluate(
    ({ floors, titles }) => {
      const found: string[] = [];
      const stage = document.querySelector('.g-canvas')!.getBoundingClientRect();
      const walker = document.createTreeWalker(
        document.querySelector('.react-flow__viewport')!,
        NodeFilter.SHOW_TEXT,
      );
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('.visually-hidden')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || el.offsetWidth === 0) continue;
        // Off the stage (the camera frames part of the job): not on screen, not read.
        if (r.right < stage.left || r.left > stage.right) continue;
        if (r.bottom < stage.top || r.top > stage.bottom) continue;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // Measured on the node, whose size is a whole number of pixels large enough that the
        // rounding of its laid-out width does not matter.
        const frame = el.closest<HTMLElement>('.g-node') ?? el;
        const scale = frame.getBoundingClientRect().width / frame.offsetWidth;
        const size = parseFloat(getComputedStyle(el).fontSize) * scale;
        const title = el.closest(titles) !== null && el.closest('.g-sub, .g-label') === null;
        const floor = title ? floors.title : floors.secondary;
        if (size < floor - 0.05) {
          const node = el.closest('.react-flow__node')?.getAttribute('data-id') ?? 'edge';
          found.push(
            `${node}: "${text.slice(0, 30)}" (${title ? 'title/value' : 'label'}) ${size.toFixed(1)} px < ${floor}`,
          );
        }
      }
      return found;
    },
    { floors, titles: TITLES_AND_VALUES },
  );
}

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

    test(`every text on the graph at every preset's key moments is at or above ${view.title}/${view.secondary} px`, async ({
      page,
    }) => {
      const problems: string[] = [];
      let first = true;
      for (const preset of PRESETS) {
        for (const moment of keyMoments(preset)) {
          const state = { scenario: { preset: preset.id }, tick: moment.tick, view: { presenter } };
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
