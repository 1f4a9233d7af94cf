import type { Page } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { PRESETS } from '../../src/scenarios/presets';
import {
  atEveryLesson,
  atEveryLessonStep,
  expect,
  expectTextSoon,
  goTo,
  linkTo,
  open,
  test,
  waitForStableGraph,
} from './fixtures';
import { keyMoments } from './keyMoments';
import {
  belowFloor,
  captionCutOff,
  cutOff,
  floorsAt,
  svgTextCutOff,
  valuesCutOff,
} from './screenChecks';

/**
 * Options of a native `<select>` that the closed select cannot show whole: it shows the chosen
 * option in its own box, so a title wider than the box (less its padding and the drop-down
 * arrow) is cut whenever it is the one chosen. Allowed only when shortened on purpose: an
 * ellipsis, and the chosen title whole in the select's title, for the pointer.
 */
async function optionsCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** The drop-down arrow Chromium draws inside the select's content box. */
    const ARROW = 20;
    const found: string[] = [];
    const context = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      if (!select.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(select);
      context.font = style.font;
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
      const name = select.labels[0]?.querySelector('span')?.textContent ?? select.name;
      for (const option of select.options) {
        const width = context.measureText(option.text).width;
        if (width <= room) continue;
        const onPurpose =
          style.textOverflow === 'ellipsis' && (!option.selected || select.title === option.text);
        if (!onPurpose) {
          found.push(
            `select ${name}: "${option.text}" needs ${Math.ceil(width)} px, has ${Math.floor(room)}`,
          );
        }
      }
    }
    return found;
  });
}

const TABS = ['Lesson', 'Task', 'Log', 'Checkpoints', 'Timing', 'Config'];

// Every preset's key moments in every tab: the walk grows with the presets (sixteen since lesson 9).
test.describe.configure({ timeout: 420_000 });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    const floors = floorsAt('normal', viewport.width, viewport.height);
    test(`nothing is cut off at any preset's key moments, in any tab, and the graph's text is at or above ${floors.title}/${floors.secondary} px`, async ({
      page,
    }) => {
      const problems: string[] = [];
      let first = true;
      for (const preset of PRESETS) {
        const moments = keyMoments(preset);
        for (const [k, moment] of moments.entries()) {
          const state = { scenario: { preset: preset.id }, tick: moment.tick };
          if (first) await open(page, linkTo(state));
          else await goTo(page, state);
          first = false;
          // Every tab at the last moment, where every panel has the most to show.
          const tabs = k === moments.length - 1 ? TABS : ['Lesson'];
          // The tab does not change the graph: its floors once a moment.
          const small = await belowFloor(page, floors);
          problems.push(...small.map((f) => `${preset.id} tick ${moment.tick}: ${f}`));
          for (const tab of tabs) {
            await page.getByRole('tab', { name: tab }).click();
            await waitForStableGraph(page);
            const found = [...(await cutOff(page)), ...(await svgTextCutOff(page))];
            problems.push(
              ...found.map((f) => `${preset.id} tick ${moment.tick}, ${tab} tab: ${f}`),
            );
          }
        }
      }
      expect([...new Set(problems)]).toEqual([]);
    });

    test('the lesson and preset picker cuts a title only with an ellipsis and the whole title on hover, in both languages', async ({
      page,
    }) => {
      await open(page, linkTo({ scenario: { preset: PRESETS[0].id }, tick: 0 }));
      // The pickers' choices load when the pointer reaches them: every one of them is measured.
      const picker = page.getByRole('combobox', { name: 'Lesson or scenario' });
      await picker.hover();
      await expect(picker.locator('option')).toHaveCount(LESSONS.length + PRESETS.length);
      await page.getByTestId('twin-picker').hover();
      await expect(page.getByTestId('twin-picker').locator('option')).not.toHaveCount(1);
      const problems = await optionsCutOff(page);
      // The longest title chosen: the closed picker shows it.
      const longest = await picker.evaluate(
        (select: HTMLSelectElement) =>
          [...select.options].reduce((a, b) => (b.text.length > a.text.length ? b : a)).value,
      );
      await picker.selectOption(longest);
      await waitForStableGraph(page);
      problems.push(...(await optionsCutOff(page)));
      await page.getByRole('button', { name: '中文' }).click();
      await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
      problems.push(...(await optionsCutOff(page)).map((p) => `zh: ${p}`));
      expect(problems).toEqual([]);
    });
  });
}

// At 1024x768 the side panel is narrowest: the lesson's own words are checked there too (a step
// titled "setAlignedCheckpointTimeout(300 ms)" ran out of the panel).
for (const { width, height, lesson } of [
  { width: 1280, height: 720, lesson: false },
  { width: 1024, height: 768, lesson: true },
]) {
  test.describe(`values at every lesson step, ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });

    const floors = floorsAt('normal', width, height);
    for (const language of ['en', 'zh'] as const) {
      test(`${language}: no value, count or status on the graph is cut short${lesson ? ', nor the lesson' : ''}, and its text is at or above ${floors.title}/${floors.secondary} px`, async ({
        page,
      }) => {
        const problems = await atEveryLessonStep(page, language, async () => [
          ...(await belowFloor(page, floors)),
          ...(await valuesCutOff(page)),
          ...(lesson ? await cutOff(page, '[data-testid="lesson"]') : []),
        ]);
        expect([...new Set(problems)]).toEqual([]);
      });
    }
  });
}

const SAY = {
  en: { reveal: 'Reveal the answer', continue: 'Continue' },
  zh: { reveal: '显示答案', continue: '继续' },
} as const;

// Presenter mode's caption, projected: every step of every lesson, its answer revealed, in both
// languages, nothing in it cut off. At 1280x720 the walks of wording.spec.ts, which step through every lesson in presenter mode
// in both languages, check the caption as well.
for (const viewport of [{ width: 1920, height: 1080 }]) {
  test.describe(`presenter at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const language of ['en', 'zh'] as const) {
      test(`${language}: no caption of any lesson step is cut off, its answer shown`, async ({
        page,
      }) => {
        const say = SAY[language];
        const problems = await atEveryLesson(
          page,
          language,
          async (lesson) => {
            const found: string[] = [];
            const caption = page.getByTestId('caption');
            for (let i = 0; i < lesson.steps.length; i++) {
              await expectTextSoon(page, 'caption', `${i + 1} / ${lesson.steps.length}`);
              const reveal = caption.getByRole('button', { name: say.reveal });
              if (await reveal.count()) {
                await reveal.click();
                await expect(caption.locator('.caption-answer')).toBeVisible();
              }
              // The caption's layout is the page's, not the graph's: no need to wait for the
              // camera to frame the step.
              await page.waitForFunction(() => document.fonts.status === 'loaded');
              found.push(...(await captionCutOff(page)).map((p) => `step ${i + 1}: ${p}`));
              if (i < lesson.steps.length - 1)
                await caption.getByRole('button', { name: say.continue }).click();
            }
            return found;
          },
          { presenter: true },
        );
        expect(problems).toEqual([]);
      });
    }
  });
}
