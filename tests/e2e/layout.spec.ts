import type { Page } from '@playwright/test';
import { expect, linkTo, open, test, waitForStableGraph } from './fixtures';

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
  test.use({ viewport: { width: 1440, height: 900 } });

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
