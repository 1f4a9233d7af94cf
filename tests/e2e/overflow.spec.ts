import type { Page } from '@playwright/test';
import { PRESETS } from '../../src/scenarios/presets';
import { expect, linkTo, open, test, waitForStableGraph } from './fixtures';
import { keyMoments } from './keyMoments';

/**
 * Every element on screen whose own text is wider than its box, unless it is shortened on
 * purpose: an ellipsis where it is cut, and the full text in its title, for the pointer.
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (!own || el.clientWidth === 0 || el.closest('.visually-hidden')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const text = el.textContent!.trim().replace(/\s+/g, ' ');
      const where = el.closest('.react-flow__node')?.getAttribute('data-id') ?? el.className;
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
          found.push(`${where}: "${text.slice(0, 40)}" sticks out of ${a.className || a.tagName}`);
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
  });
}

const TABS = ['Lesson', 'Task', 'Log', 'Checkpoints', 'Timing', 'Config'];

test.describe.configure({ timeout: 240_000 });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("nothing is cut off at any preset's key moments, in any tab", async ({ page }) => {
      // Known to fall short: in compact detail (the upgraded savepoint job, four columns) the
      // name "sum_by_parity 1" needs 155 px at the compact title size and its node gives 136;
      // compact nodes need a shorter form of long names, or room for them.
      test.fail(true, 'compact nodes cut the name "sum_by_parity 1" of savepoint-upgrade-v2');
      const problems: string[] = [];
      for (const preset of PRESETS) {
        const moments = keyMoments(preset);
        for (const [k, moment] of moments.entries()) {
          await page.goto('about:blank');
          await open(page, linkTo({ scenario: { preset: preset.id }, tick: moment.tick }));
          // Every tab at the last moment, where every panel has the most to show.
          const tabs = k === moments.length - 1 ? TABS : ['Lesson'];
          for (const tab of tabs) {
            await page.getByRole('tab', { name: tab }).click();
            await waitForStableGraph(page);
            const found = await cutOff(page);
            problems.push(
              ...found.map((f) => `${preset.id} tick ${moment.tick}, ${tab} tab: ${f}`),
            );
          }
        }
      }
      expect([...new Set(problems)]).toEqual([]);
    });
  });
}
