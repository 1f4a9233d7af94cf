import type { Locator } from '@playwright/test';
import { stateAt, recordTimeline } from '../../src/session/timeline';
import { expect, linkTo, node, open, preset, test, verdictOf } from './fixtures';

/**
 * The values a node shows are whole, in the nodes a lesson step shows at 1280x720.
 *
 * A sum by key on the graph: the values lessons 5 and 6 ask about are shown whole, each pair
 * inside its row, and where not all fit, "+N" says how many more (or the count of keys, where not
 * even one fits). Before, "sum by key even:30 odd:25" was cut to "sum by key even…".
 */

/** Which of a row's items are inside its box: an item the row could not fit goes below it. */
async function insideRow(row: Locator) {
  return row.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.children].map((child) => {
      const r = child.getBoundingClientRect();
      const inside =
        r.left >= box.left - 0.5 &&
        r.right <= box.right + 0.5 &&
        // On the row's one line: a second line starts at its bottom, and the row hides it.
        r.top >= box.top - 4 &&
        r.top < box.bottom - 4;
      const cut = child.scrollWidth > child.clientWidth + 1;
      return { text: child.textContent!.trim(), inside, cut };
    });
  });
}

/** The pairs a keyed row shows, and any that fell outside its box (none may). */
async function keyedRow(task: Locator) {
  const items = await insideRow(task.locator('.g-keyed'));
  expect(items.filter((i) => i.inside && i.cut)).toEqual([]);
  return {
    shown: items.filter((i) => i.inside).map((i) => i.text),
    outside: items.filter((i) => !i.inside).map((i) => i.text),
  };
}

/** How many keys task `index` of a preset's run holds at `tick`, by the engine. */
function keysAt(id: string, tick: number, index: number): number {
  const state = stateAt(recordTimeline(preset(id)), tick).tasks[index].state;
  return state.kind === 'sum' && state.byKey ? Object.keys(state.byKey).length : 0;
}

for (const language of ['en', 'zh'] as const) {
  test.describe(`${language}, 1280x720`, () => {
    test.use({ viewport: { width: 1280, height: 720 } });

    test('the upgraded job ends with even:1040 and odd:925 on its two sums, whole', async ({
      page,
    }) => {
      await open(
        page,
        linkTo({
          scenario: { preset: 'savepoint-upgrade-v2' },
          tick: 36,
          lesson: { id: 'savepoint-upgrade-v2', step: 2 },
          language,
        }),
      );
      expect(await keyedRow(node(page, 'sum_by_parity#0'))).toEqual({
        shown: ['even:1040'],
        outside: [],
      });
      expect(await keyedRow(node(page, 'sum_by_parity#1'))).toEqual({
        shown: ['odd:925'],
        outside: [],
      });
    });

    test('after savepoint 2, sum_by_parity shows both of its sums, whole', async ({ page }) => {
      await open(
        page,
        linkTo({
          scenario: { preset: 'savepoint-upgrade' },
          tick: 22,
          lesson: { id: 'savepoints', step: 2 },
          language,
        }),
      );
      expect(await keyedRow(node(page, 'sum_by_parity#0'))).toEqual({
        shown: ['even:30', 'odd:25'],
        outside: [],
      });
    });

    test('a sum of more keys than fit shows the first whole and how many more, and its backend cell the whole name', async ({
      page,
    }) => {
      const tick = 39;
      await open(
        page,
        linkTo({
          scenario: { preset: 'checkpoint-config' },
          tick,
          lesson: { id: 'checkpoint-config', step: 7 },
          language,
        }),
      );
      const keys = keysAt('checkpoint-config', tick, 1);
      const { shown, outside } = await keyedRow(node(page, 'sum#0'));
      expect(outside).toEqual([]);
      const more = shown.at(-1)!;
      expect(more).toMatch(/^\+\d+$/);
      const pairs = shown.slice(0, -1);
      expect(pairs.length).toBeGreaterThan(0);
      expect(pairs.every((p) => /^\d+:\d+$/.test(p))).toBe(true);
      expect(pairs.length + Number(more.slice(1))).toBe(keys);
      // The backend's cell has no room for the pairs: it says how many keys the snapshot holds.
      const cell = page.getByTestId('backend-2-sum#0');
      const stored = ((await cell.getAttribute('title')) ?? '').match(/\d+:\d+/g)?.length ?? 0;
      expect(stored).toBeGreaterThan(2);
      const value = cell.locator('b');
      await expect(value).toHaveText(language === 'en' ? `${stored} keys` : `${stored} 个键`);
      expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      // The backend spans the stage and has two tasks: its cells take the room, so the task's
      // name beside the value is whole ("sum per key", not "sum …").
      const name = cell.locator('.g-store-task');
      await expect(name).toHaveText(await node(page, 'sum#0').locator('.g-name').innerText());
      const cut = await name.evaluate((el) =>
        [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
      );
      expect(cut).toBe(false);
    });
  });

  test.describe(`${language}, 1280x720, the sink`, () => {
    test.use({ viewport: { width: 1280, height: 720 } });

    // Lesson 6 stops at savepoint 5 with a sink that received 10 outputs twice: the verdict
    // says so, and the sink's compact node showed "received 40 · 10 …".
    test('the sink says how many outputs it received twice, whole, as the verdict does', async ({
      page,
    }) => {
      await open(
        page,
        linkTo({
          scenario: { preset: 'savepoint-upgrade' },
          tick: 52,
          lesson: { id: 'savepoints', step: 6 },
          language,
        }),
      );
      const verdict = await (await verdictOf(page)).textContent();
      const twice =
        language === 'en'
          ? /received (\d+) output records twice/.exec(verdict ?? '')
          : /重复收到了 (\d+) 条输出/.exec(verdict ?? '');
      expect(twice, verdict ?? '').not.toBeNull();
      const count = node(page, 'sink#0').locator('.g-sink-count');
      const items = await insideRow(count);
      const dup = items.find((i) => i.text.startsWith('·'))!;
      expect(dup).toMatchObject({
        text: language === 'en' ? `· ${twice![1]} dup.` : `· ${twice![1]} 重复`,
        inside: true,
        cut: false,
      });
      const received = items.find((i) => /^\d+$/.test(i.text))!;
      expect(received.inside).toBe(true);
      await expect(count).toHaveAttribute('title', new RegExp(`${received.text}.*${twice![1]}`));
    });
  });

  test.describe(`${language}, 1280x720, what a sum ignores`, () => {
    test.use({ viewport: { width: 1280, height: 720 } });

    // Lesson 2's snapshot step draws compact nodes, each sum beside a snapshot badge: "ignores
    // even" has no room there. It gives way whole (the name says which the sum adds), where it
    // read "ignores ev…".
    test('the words give way whole where a compact row has no room for them', async ({ page }) => {
      await open(
        page,
        linkTo({
          scenario: { preset: 'stop-the-world' },
          tick: 12,
          lesson: { id: 'stop-the-world-vs-barriers', step: 4 },
          language,
        }),
      );
      await expect(page.locator('.g-compact')).not.toHaveCount(0);
      for (const task of ['sum_even#0', 'sum_odd#0']) {
        const items = await insideRow(node(page, task).locator('.g-ignores'));
        expect(
          items.filter((i) => i.inside && i.cut),
          task,
        ).toEqual([]);
      }
    });
  });
}
