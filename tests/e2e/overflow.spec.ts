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

/**
 * Every element on screen whose own text is wider than its box, unless it is shortened on
 * purpose: an ellipsis where it is cut, and the full text in its title, for the pointer.
 */
async function cutOff(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((within) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${within} *`)) {
      const own = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (!own || el.clientWidth === 0 || el.closest('.visually-hidden')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const text = el.textContent!.trim().replace(/\s+/g, ' ');
      const where =
        el.closest('.react-flow__node')?.getAttribute('data-id') ??
        el.getAttribute('class') ??
        el.tagName;
      // Cut by a box around it that hides what sticks out (the graph's pane excepted: there
      // the user pans).
      const r = el.getBoundingClientRect();
      for (
        let a = el.parentElement;
        a && !a.matches('.react-flow__viewport');
        a = a.parentElement
      ) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          found.push(
            `${where}: "${text.slice(0, 40)}" sticks out of ${a.getAttribute('class') ?? a.tagName}`,
          );
        }
        break;
      }
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      const title = el.closest<HTMLElement>('[title]')?.title.replace(/\s+/g, ' ') ?? '';
      if (style.textOverflow === 'ellipsis' && title.includes(text)) continue;
      found.push(
        `${where}: "${text.slice(0, 40)}" needs ${el.scrollWidth} px, has ${el.clientWidth}`,
      );
    }
    return found;
  }, within);
}

/**
 * SVG text that leaves its drawing: past the edge of its `<svg>` (which clips it), or out of the
 * nearest box around it that hides what sticks out. SVG text never wraps, so a label at the edge
 * of a chart is cut without a trace in scrollWidth.
 */
async function svgTextCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<SVGTextElement>('svg text')) {
      const text = el.textContent!.trim();
      if (text === '' || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const svg = el.ownerSVGElement!;
      const where = svg.getAttribute('class') ?? svg.getAttribute('aria-label') ?? 'svg';
      // An <svg> clips what leaves it unless told not to (React Flow's edges are drawn in
      // one that lets them reach anywhere on the pane).
      const boxes: [string, DOMRect][] =
        getComputedStyle(svg).overflowX === 'visible' ? [] : [[where, svg.getBoundingClientRect()]];
      for (let a = svg.parentElement; a; a = a.parentElement) {
        if (a.matches('.react-flow__viewport')) break;
        if (getComputedStyle(a).overflowX === 'visible') continue;
        boxes.push([a.getAttribute('class') ?? a.tagName, a.getBoundingClientRect()]);
        break;
      }
      for (const [name, box] of boxes) {
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          const by = Math.round(Math.max(r.right - box.right, box.left - r.left));
          found.push(`${where}: "${text.slice(0, 40)}" sticks out of ${name} by ${by} px`);
          break;
        }
      }
    }
    return found;
  });
}

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

    test("nothing is cut off at any preset's key moments, in any tab", async ({ page }) => {
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

/**
 * What a node says of its task, shortened: a value, a count, a status or a checkpoint's outcome
 * cut short, whatever its title says. A student cannot hover over a projection, and these are
 * the words a lesson step is about ("CANCELED state cl…", "sum by key even…", "10 dup…").
 * Names may be shortened (the subtask number stays), labels and lists with their title.
 */
async function valuesCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const VALUES = [
      'b',
      '.g-value',
      '.g-value-small',
      '.g-status',
      '.g-cleared-text',
      '.g-dup-count',
      '.g-restart',
      '.g-store-label .g-label',
      '.g-jm-row > .g-label',
    ].join(', ');
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`.react-flow__node :is(${VALUES})`)) {
      if (el.clientWidth === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const where = el.closest('.react-flow__node')?.getAttribute('data-id') ?? '?';
      found.push(
        `${where}: "${el.textContent!.trim().slice(0, 40)}" needs ${el.scrollWidth} px, has ${el.clientWidth}`,
      );
    }
    return found;
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

    for (const language of ['en', 'zh'] as const) {
      test(`${language}: no value, count or status on the graph is cut short${lesson ? ', nor the lesson' : ''}`, async ({
        page,
      }) => {
        const problems = await atEveryLessonStep(page, language, async () => [
          ...(await valuesCutOff(page)),
          ...(lesson ? await cutOff(page, '[data-testid="lesson"]') : []),
        ]);
        expect([...new Set(problems)]).toEqual([]);
      });
    }
  });
}

/**
 * Presenter mode's caption, projected: every step of every lesson, its answer revealed, in both
 * languages. Nothing in it may be cut sideways, nor need scrolling: the back row cannot scroll a
 * projected caption, so text below its fold is text nobody reads.
 */
async function captionCutOff(page: Page): Promise<string[]> {
  const found = await cutOff(page, '.caption');
  const caption = page.getByTestId('caption');
  const { need, has } = await caption.evaluate((el) => ({
    need: el.scrollHeight,
    has: el.clientHeight,
  }));
  if (need > has + 1) found.push(`caption needs ${need} px of height, has ${has}`);
  return found;
}

const SAY = {
  en: { reveal: 'Reveal the answer', continue: 'Continue' },
  zh: { reveal: '显示答案', continue: '继续' },
} as const;

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
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
