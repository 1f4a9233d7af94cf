import type { Page } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons/course';
import {
  expect,
  goTo,
  lessonStep,
  linkTo,
  open,
  settledVerdict,
  test,
  waitForStableGraph,
} from './fixtures';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function regions(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    (
      [
        ['header', 'header.header'],
        ['graph', 'section.stage'],
        ['side panel', 'aside.side'],
        ['footer', 'footer.footer'],
      ] as const
    ).map(([name, selector]) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${name} (${selector})`);
      const r = el.getBoundingClientRect();
      return { name, x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/** Boxes that share more than a hairline (rounding of fractional layout) overlap. */
function overlaps(a: Box, b: Box): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0.5 && h > 0.5;
}

/**
 * Every visible text in the graph and the side panel, with the size it is drawn at: its
 * computed font size times the zoom of the graph it sits in.
 */
async function smallTexts(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    // Every scale between the text and the screen: the graph's zoom and a node's enlargement,
    // as the node's drawn width over its laid-out width.
    const zoomOf = (el: Element) => {
      const node = el.closest<HTMLElement>('.g-node');
      if (node) return node.getBoundingClientRect().width / node.offsetWidth;
      const viewport = el.closest('.react-flow__viewport');
      if (!viewport) return 1;
      return new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
    };
    for (const root of document.querySelectorAll('section.stage, aside.side')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('.react-flow__attribution, .visually-hidden')) continue;
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (rect.width === 0 || rect.height === 0 || style.visibility !== 'visible') continue;
        if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true })) continue;
        const size = parseFloat(style.fontSize) * zoomOf(el);
        if (size < min - 0.01) found.push(`"${text.slice(0, 40)}" ${size.toFixed(1)}px`);
      }
    }
    return found;
  }, min);
}

const TABS = ['Lesson', 'Task', 'Log', 'Checkpoints', 'Timing', 'Config'];

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const [name, url] of [
      ['the first lesson', '/'],
      [
        'two sources while aligning',
        linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 7 }),
      ],
    ] as const) {
      test(`${name}: the page does not scroll and its regions do not overlap`, async ({ page }) => {
        await open(page, url);
        for (const tab of TABS) {
          await page.getByRole('tab', { name: tab }).click();
          const size = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            scrollHeight: document.documentElement.scrollHeight,
            width: window.innerWidth,
            height: window.innerHeight,
          }));
          expect(size, `page size with the ${tab} tab open`).toEqual({
            scrollWidth: viewport.width,
            scrollHeight: viewport.height,
            width: viewport.width,
            height: viewport.height,
          });
          const boxes = await regions(page);
          for (const [i, a] of boxes.entries()) {
            expect(a.width * a.height, `${a.name} is on screen`).toBeGreaterThan(0);
            for (const b of boxes.slice(i + 1)) {
              expect(overlaps(a, b), `${a.name} and ${b.name} overlap (${tab} tab)`).toBe(false);
            }
          }
        }
      });
    }
  });
}

// A job whose sink writes into a topic has a seventh tab (Topic): at 1280x720 in English the
// last of them, Config, went to a line of its own.
test.describe('the side panel tabs at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  for (const language of ['en', 'zh'] as const) {
    test(`${language}: seven tabs on one line, none cut`, async ({ page }) => {
      await open(page, linkTo({ scenario: { preset: 'two-phase-commit' }, tick: 0, language }));
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(7);
      const boxes = await tabs.evaluateAll((els) =>
        els.map((el) => ({
          top: Math.round(el.getBoundingClientRect().top),
          cut: el.scrollWidth > el.clientWidth + 1,
        })),
      );
      expect(new Set(boxes.map((b) => b.top)).size, 'lines of tabs').toBe(1);
      expect(boxes.filter((b) => b.cut)).toEqual([]);
    });
  }
});

// At 1024x768 the side panel is narrower: seven English tabs take two lines, four and three,
// rather than six and Config alone; the Chinese ones still fit one.
test.describe('the side panel tabs at 1024x768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  for (const [language, lines] of [
    ['en', [4, 3]],
    ['zh', [7]],
  ] as const) {
    test(`${language}: seven tabs on ${lines.length === 1 ? 'one line' : 'two even lines'}, none cut`, async ({
      page,
    }) => {
      await open(page, linkTo({ scenario: { preset: 'two-phase-commit' }, tick: 0, language }));
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(7);
      const boxes = await tabs.evaluateAll((els) =>
        els.map((el) => ({
          top: Math.round(el.getBoundingClientRect().top),
          cut: el.scrollWidth > el.clientWidth + 1,
        })),
      );
      const perLine = [...new Set(boxes.map((b) => b.top))].map(
        (top) => boxes.filter((b) => b.top === top).length,
      );
      expect(perLine, 'tabs per line').toEqual(lines);
      expect(boxes.filter((b) => b.cut)).toEqual([]);
    });
  }
});

test.describe('readable from the back of the room', () => {
  // Without motion, an entry that fades in (the Checkpoints tab's) is measured shown, not skipped
  // as invisible in the first frame of its fade.
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });

  for (const [name, url] of [
    ['the first lesson', '/'],
    [
      'two sources while aligning',
      linkTo({
        scenario: { preset: 'barrier-alignment' },
        tick: 7,
        view: { selected: 'sum_even#0' },
      }),
    ],
    ['the seed job after recovery', linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 24 })],
  ] as const) {
    test(`${name}: every text in the graph and the panels is at least 14 px`, async ({ page }) => {
      await open(page, url);
      const problems: string[] = [];
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await waitForStableGraph(page);
        problems.push(...(await smallTexts(page, 14)).map((t) => `${tab} tab: ${t}`));
      }
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});

// The longest steps are longer than the side panel on a projector's screen: their text scrolls,
// and the buttons that move the lesson on stay in view over it, so that a teacher never scrolls
// to find Continue.
test.describe('a step longer than the side panel at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  const lessonOf = (id: string) => {
    const found = LESSONS.find((l) => l.id === id);
    if (!found) throw new Error(`no lesson ${id}`);
    return found;
  };
  const config = lessonOf('checkpoint-config');
  const timeout = lessonOf('transaction-timeout');
  const backpressure = lessonOf('backpressure-aligned');
  const CONTINUE = { en: 'Continue', zh: '继续' };
  const BACK = { en: 'Back', zh: '上一步' };
  // The Chinese steps are shorter: the longest with its answer shown is where they run over.
  const cases = {
    en: [
      { lesson: config, step: 0, button: CONTINUE, reveal: false },
      { lesson: timeout, step: timeout.steps.length - 1, button: BACK, reveal: false },
    ],
    zh: [{ lesson: backpressure, step: 1, button: CONTINUE, reveal: true }],
  } as const;

  for (const language of ['en', 'zh'] as const) {
    test(`${language}: the step buttons stay in view while the text scrolls under them`, async ({
      page,
    }) => {
      for (const [n, { lesson, step, button, reveal }] of cases[language].entries()) {
        const state = {
          scenario: { preset: lesson.scenario.id },
          tick: lesson.steps[step].tick,
          lesson: { id: lesson.id, step },
          language,
        };
        if (n === 0) await open(page, linkTo(state));
        else await goTo(page, state);
        // A verdict takes the result strip's room from the panel: measure once it is there.
        if (step === lesson.steps.length - 1) await settledVerdict(page);
        if (reveal) {
          await page
            .getByRole('button', { name: language === 'en' ? 'Reveal the answer' : '显示答案' })
            .click();
          await expect(page.locator('.lesson .answer')).toBeVisible();
        }
        const where = `lesson ${lesson.order} (${lesson.id}) step ${step + 1}`;
        const nav = page.locator('.lesson-nav').getByRole('button', { name: button[language] });
        await expect(nav).toBeVisible();
        const seen = await nav.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const panel = el.closest('.tab-panel')!;
          const box = panel.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return {
            longer: panel.scrollHeight > panel.clientHeight + 1,
            scrolled: panel.scrollTop,
            inside: r.top >= box.top && r.bottom <= box.bottom,
            onTop: top === el || el.contains(top),
          };
        });
        // Without it this case would not test what it is for: the text goes on under the buttons.
        expect(seen.longer, `${where}: the step is longer than the panel`).toBe(true);
        expect(seen, `${where}: "${button[language]}" in the panel, not covered`).toEqual({
          longer: true,
          scrolled: 0,
          inside: true,
          onTop: true,
        });
      }
      // Continue moves the lesson on from where it stands, with no scrolling.
      await goTo(page, {
        scenario: { preset: config.scenario.id },
        tick: config.steps[0].tick,
        lesson: { id: config.id, step: 0 },
        language,
      });
      await page.locator('.lesson-nav').getByRole('button', { name: CONTINUE[language] }).click();
      await expect(page.getByTestId('lesson')).toContainText(
        language === 'en' ? 'step 2 / ' : '第 2 /',
      );
    });
  }
});

// The browser breaks a line after a hyphen: the Chinese text of lesson 9 cut "sink-0-1" into
// "sink-0-" and "1", at 1280x720 in the panel and in presenter mode's caption.
test.describe('names joined by hyphens at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  const timeout = LESSONS.find((l) => l.id === 'transaction-timeout')!;

  for (const language of ['en', 'zh'] as const) {
    test(`${language}: every step of lesson ${timeout.order} keeps each such name on one line`, async ({
      page,
    }) => {
      const broken: string[] = [];
      for (const presenter of [false, true]) {
        for (const [step, { tick }] of timeout.steps.entries()) {
          const state = {
            scenario: { preset: timeout.scenario.id },
            tick,
            lesson: { id: timeout.id, step },
            view: { presenter },
            language,
          };
          if (step === 0 && !presenter) await open(page, linkTo(state));
          else await goTo(page, state);
          const text = page.locator(presenter ? '.caption' : '.lesson-step > p').first();
          await expect(text).toBeVisible();
          // Each name's lines, from the text as drawn (a range over it), whatever its markup.
          const names = await text.evaluate((el) => {
            const found: { name: string; lines: number }[] = [];
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              for (const m of (n.textContent ?? '').matchAll(/\w+(?:-\w+)+/g)) {
                const range = document.createRange();
                range.setStart(n, m.index);
                range.setEnd(n, m.index + m[0].length);
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                found.push({ name: m[0], lines: tops.size });
              }
            }
            return found;
          });
          if (step === 3 && !names.some((n) => n.name === 'sink-0-1'))
            broken.push(`step ${step + 1}: sink-0-1 not found`);
          for (const { name, lines } of names)
            if (lines !== 1)
              broken.push(`${presenter ? 'caption' : 'panel'}, step ${step + 1}: ${name}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

// Restoring, the backend's header carries a badge: its subtitle was wrapped under the badge, on
// two lines of a one-line header, in lesson 8's compact nodes at 1280x720.
test.describe('the state backend while restoring at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  for (const language of ['en', 'zh'] as const) {
    test(`${language}: its header is one line beside the restoring badge`, async ({ page }) => {
      const { link } = lessonStep(
        'backpressure-unaligned',
        'Channel state back in the channels',
        language,
      );
      await open(page, link);
      const header = page.locator('.g-store .g-header');
      await expect(header.locator('.g-badge-restore')).toBeVisible();
      const lines = await header.locator('.g-name').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        // Texts of two sizes on one line start a pixel or two apart; a second line a line lower.
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tallest = Math.max(...rects.map((r) => r.height));
        const spread =
          Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
        return spread < tallest * 1.5 ? 1 : Math.round(spread / tallest);
      });
      expect(lines, 'lines of the backend header').toBe(1);
    });
  }
});

// Lesson 1's "Restore from the checkpoint" in presenter mode at 1280x720: the backend is one
// cell wide, and the word "restoring" in its badge cut its name to "State backe…". The badge
// there is the sign and the checkpoint, as on the restored tasks, named in full for the pointer.
test.describe('the state backend one cell wide while restoring, presenter at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  const WORDS = {
    en: { name: 'State backend', badge: 'restoring from checkpoint 1' },
    zh: { name: '状态后端', badge: '正在从检查点 1 恢复' },
  } as const;
  for (const language of ['en', 'zh'] as const) {
    test(`${language}: its name is whole beside the restoring badge`, async ({ page }) => {
      const { lesson, step } = lessonStep(
        'consistent-checkpoint',
        'Restore from the checkpoint',
        language,
      );
      await open(
        page,
        linkTo({
          scenario: { preset: lesson.scenario.id },
          tick: lesson.steps[step].tick,
          lesson: { id: lesson.id, step },
          language,
          view: { presenter: true },
        }),
      );
      const header = page.locator('.g-store .g-header');
      await expect(header.getByTitle(WORDS[language].badge, { exact: true })).toBeVisible();
      const name = header.locator('.g-name');
      await expect(name).toContainText(WORDS[language].name);
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, 'the backend name cut short').toBe(false);
    });
  }
});
