import type { Locator, Page } from '@playwright/test';
import lz from 'lz-string';
import {
  expect,
  expectTick,
  linkTo,
  open,
  test,
  waitForStableGraph,
  type LinkState,
} from './fixtures';

/** Lesson 4, at-least-once, at its step "Barrier 1 leaves the sources". */
const lesson4: LinkState = {
  scenario: { preset: 'at-least-once-replay' },
  tick: 7,
  lesson: { id: 'exactly-once-vs-at-least-once', step: 1 },
};

const pane = (page: Page, run: 'a' | 'b') => page.getByTestId(`twin-${run}`);
const sumIn = (p: Locator, task: string) => p.getByTestId(`rf__node-${task}`).locator('.g-value');

/** Waits until both graphs of the twin view stand still. */
async function waitForTwin(page: Page): Promise<void> {
  await expect(pane(page, 'b').locator('.react-flow__node').first()).toBeVisible();
  await waitForStableGraph(page);
}

/** Text on a pane's graph drawn smaller than `floor` screen pixels (font size times zoom). */
async function smallTitles(p: Locator, floor: number): Promise<string[]> {
  return p.evaluate((root, floor) => {
    const found: string[] = [];
    const stage = root.querySelector('.g-canvas')!.getBoundingClientRect();
    for (const el of root.querySelectorAll<HTMLElement>('.g-name, .g-value')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right < stage.left || r.left > stage.right) continue;
      if (r.bottom < stage.top || r.top > stage.bottom) continue;
      const frame = el.closest<HTMLElement>('.g-node') ?? el;
      const scale = frame.getBoundingClientRect().width / frame.offsetWidth;
      const size = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (size < floor - 0.05) found.push(`${el.textContent}: ${size.toFixed(1)} px`);
    }
    return found;
  }, floor);
}

test.describe('the twin view', () => {
  for (const language of ['en', 'zh'] as const) {
    test(`(${language}) at 1280x720 the button lesson 2's long last step asks for stays in view, above Back and Continue`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await open(
        page,
        linkTo({
          scenario: { preset: 'stop-the-world' },
          tick: 31,
          language,
          lesson: { id: 'stop-the-world-vs-barriers', step: 6 },
        }),
      );
      const button = page.getByTestId('lesson-twin');
      await expect(button).toBeVisible();
      // The point at its middle is the button's, not the buttons' bar scrolled over it.
      const hit = await button.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return el.contains(top) && r.bottom <= window.innerHeight;
      });
      expect(hit).toBe(true);
      await button.click();
      await waitForTwin(page);
      await expect(page.getByTestId('lesson-twin-open')).toBeVisible();
    });
  }

  test('lesson 4 shows the exactly-once run beside the at-least-once one on one clock, and only the at-least-once run counts the 4 twice', async ({
    page,
  }) => {
    await open(page, linkTo(lesson4));
    const controls = page.getByRole('toolbar', { name: 'Playback' });
    await controls.getByRole('button', { name: 'Step', exact: true }).click();
    await expectTick(page, 8);
    await page.getByTestId('lesson-twin').click();
    await waitForTwin(page);
    await expect(page.getByTestId('lesson-twin-open')).toContainText('EXACTLY_ONCE');
    await expect(pane(page, 'a')).toContainText('AT_LEAST_ONCE');
    await expect(pane(page, 'b')).toContainText('EXACTLY_ONCE');

    // One step moves both runs: the at-least-once sum_even has added the 4 behind barrier 1,
    // the aligned one has not.
    await controls.getByRole('button', { name: 'Step', exact: true }).click();
    await expectTick(page, 9);
    await expect(page.getByTestId('twin-tick-a')).toHaveText('tick 9');
    await expect(page.getByTestId('twin-tick-b')).toHaveText('tick 9');
    const a = Number(await sumIn(pane(page, 'a'), 'sum_even#0').textContent());
    const b = Number(await sumIn(pane(page, 'b'), 'sum_even#0').textContent());
    expect(a - b).toBe(4);
    await expect(page.getByTestId('twin-diff-sum_even#0')).toHaveText(`sum_even ${a} / ${b}`);
    await expect(page.getByTestId('twin-twice')).toHaveCount(0);

    // Scrubbed to the end: 44 against 40, and the 4 counted twice only on the left.
    const slider = page.getByRole('slider', { name: 'Timeline: tick' });
    const end = Number(await slider.getAttribute('max'));
    await slider.fill(String(end));
    await expectTick(page, end);
    await waitForStableGraph(page);
    await expect(sumIn(pane(page, 'a'), 'sum_even#0')).toHaveText('44');
    await expect(sumIn(pane(page, 'b'), 'sum_even#0')).toHaveText('40');
    await expect(pane(page, 'a').getByTestId('twin-twice')).toHaveText(
      '4 from Source 1 counted 2 times in sum_even',
    );
    await expect(pane(page, 'b').getByTestId('twin-twice')).toHaveCount(0);
    await expect(pane(page, 'a').locator('.react-flow__node.g-twice')).toHaveAttribute(
      'data-id',
      'sum_even#0',
    );
    await expect(pane(page, 'b').locator('.react-flow__node.g-twice')).toHaveCount(0);
    await expect(page.getByTestId('twin-diff-twice')).toHaveText('counted twice 1 / 0');

    // Home moves both back to the start.
    await page.keyboard.press('Home');
    await expectTick(page, 0);
    await expect(page.getByTestId('twin-tick-b')).toHaveText('tick 0');
    await expect(sumIn(pane(page, 'b'), 'sum_even#0')).toHaveText('0');
    await page.keyboard.press('End');
    await expectTick(page, end);
    await expect(page.getByTestId('twin-tick-b')).toHaveText(`tick ${end}`);
    await expect(sumIn(pane(page, 'b'), 'sum_even#0')).toHaveText('40');
  });

  test('lesson 2 shows the same job with barriers beside the stopped world: at tick 15 it has added all of its input', async ({
    page,
  }) => {
    await open(
      page,
      linkTo({
        scenario: { preset: 'stop-the-world' },
        tick: 15,
        lesson: { id: 'stop-the-world-vs-barriers', step: 5 },
      }),
    );
    await page.getByTestId('lesson-twin').click();
    await waitForTwin(page);
    await expect(pane(page, 'a')).toContainText('stop-the-world');
    await expect(pane(page, 'b')).toContainText('EXACTLY_ONCE');
    await expect(page.getByTestId('twin-tick-b')).toHaveText('tick 15');
    // What the step says: 84 and 72 beside, 40 and 32 here.
    await expect(sumIn(pane(page, 'a'), 'sum_even#0')).toHaveText('40');
    await expect(sumIn(pane(page, 'a'), 'sum_odd#0')).toHaveText('32');
    await expect(sumIn(pane(page, 'b'), 'sum_even#0')).toHaveText('84');
    await expect(sumIn(pane(page, 'b'), 'sum_odd#0')).toHaveText('72');
    await expect(page.getByTestId('lesson')).toContainText('84');
  });

  test('lesson 8 shows the same job with unaligned checkpoints beside the aligned one: checkpoint 1 completed there, expired here', async ({
    page,
  }) => {
    await open(
      page,
      linkTo({
        scenario: { preset: 'slow-sink-aligned' },
        tick: 16,
        lesson: { id: 'backpressure-aligned', step: 3 },
      }),
    );
    await expect(page.getByTestId('lesson')).toContainText('Expired before it started');
    await page.getByTestId('lesson-twin').click();
    await waitForTwin(page);
    await expect(pane(page, 'b')).toContainText('unaligned');
    await expect(page.getByTestId('twin-tick-b')).toHaveText('tick 16');
    await expect(page.getByTestId('twin-diff-checkpoints')).toHaveText('checkpoints 0 / 1');
  });

  test('the graphs keep their size from the first tick to the last, whatever the comparison bar says', async ({
    page,
  }) => {
    await open(
      page,
      linkTo({
        scenario: { preset: 'barrier-alignment' },
        tick: 0,
        view: { twin: { mode: 'at-least-once' } },
      }),
    );
    await waitForTwin(page);
    const end = Number(
      await page.getByRole('slider', { name: 'Timeline: tick' }).getAttribute('max'),
    );
    const sizes = () =>
      page
        .locator('.twin-pane .g-canvas')
        .evaluateAll((els) => els.map((el) => `${el.clientWidth}x${el.clientHeight}`).join(' '));
    const first = await sizes();
    const bar = page.getByTestId('twin-diff');
    const barHeights = new Set<number>();
    for (let tick = 1; tick <= end; tick++) {
      await page.keyboard.press('ArrowRight');
      await expectTick(page, tick);
      barHeights.add(Math.round((await bar.boundingBox())!.height));
      // A graph whose stage changes size fits its view again: everything on it jumps.
      expect(await sizes(), `at tick ${tick}`).toBe(first);
    }
    expect(barHeights.size).toBe(1);
  });

  test('a link of the twin view reopens it exactly, and an old link without one opens a single run', async ({
    page,
    context,
  }) => {
    await open(page, linkTo({ ...lesson4, tick: 30, lesson: undefined }));
    await expect(page.getByTestId('twin')).toHaveCount(0);
    // Its choices load when the pointer reaches it, as a user's does before choosing.
    await page.getByTestId('twin-picker').hover();
    await page.getByTestId('twin-picker').selectOption({ label: 'the same run in EXACTLY_ONCE' });
    await waitForTwin(page);
    await expect(page.getByTestId('twin-tick-b')).toHaveText('tick 30');
    // The address bar follows the screen once it is still.
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#v1=/);
    let hash = '';
    await expect
      .poll(async () => {
        hash = await page.evaluate(() => window.location.hash);
        const json = lz.decompressFromEncodedURIComponent(hash.slice('#v1='.length));
        return json ? JSON.parse(json).view?.twin : null;
      })
      .toEqual({ mode: 'exactly-once' });

    const again = await context.newPage();
    await open(again, `/${hash}`);
    await waitForTwin(again);
    await expectTick(again, 30);
    await expect(again.getByTestId('twin-tick-b')).toHaveText('tick 30');
    await expect(again.getByTestId('twin-picker')).toHaveValue('mode:exactly-once');
    for (const task of ['sum_even#0', 'sum_odd#0']) {
      await expect(sumIn(pane(again, 'a'), task)).toHaveText(
        (await sumIn(pane(page, 'a'), task).textContent())!,
      );
      await expect(sumIn(pane(again, 'b'), task)).toHaveText(
        (await sumIn(pane(page, 'b'), task).textContent())!,
      );
    }
  });

  test('a link whose second run is not one is refused with a message', async ({ page }) => {
    await page.goto(linkTo({ ...lesson4, view: { twin: { mode: 'twice' } } as never }));
    await expect(page.getByRole('status').or(page.locator('.notice')).first()).toBeVisible();
    await expect(page.locator('.notice')).toContainText('second run (view.twin)');
    await expect(page.getByTestId('twin')).toHaveCount(0);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    test(`side by side at ${size.width}x${size.height}, each graph legible`, async ({ page }) => {
      await page.setViewportSize(size);
      await open(page, linkTo({ ...lesson4, tick: 25, view: { twin: { mode: 'exactly-once' } } }));
      await waitForTwin(page);
      const boxA = (await pane(page, 'a').boundingBox())!;
      const boxB = (await pane(page, 'b').boundingBox())!;
      expect(boxB.x).toBeGreaterThanOrEqual(boxA.x + boxA.width - 1);
      expect(Math.abs(boxB.y - boxA.y)).toBeLessThan(1);
      for (const run of ['a', 'b'] as const) {
        expect(await smallTitles(pane(page, run), 13), `run ${run}`).toEqual([]);
      }
      // The difference strip is one line: every part of it starts at the same height.
      const tops = await page
        .getByTestId('twin-diff')
        .locator('> span')
        .evaluateAll((spans) => spans.map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThan(3);
      expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
    });
  }

  test('stacked on a narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await open(page, linkTo({ ...lesson4, tick: 25, view: { twin: { failures: false } } }));
    await waitForTwin(page);
    const boxA = (await pane(page, 'a').boundingBox())!;
    const boxB = (await pane(page, 'b').boundingBox())!;
    expect(boxB.y).toBeGreaterThanOrEqual(boxA.y + boxA.height - 1);
    await expect(pane(page, 'b')).toContainText('no failures');
    // Closed, the run is shown alone again, at the same tick.
    await page.getByRole('button', { name: 'Close the second run' }).click();
    await expect(page.getByTestId('twin')).toHaveCount(0);
    await expect(page.getByTestId('twin-picker')).toHaveValue('');
    await expectTick(page, 25);
  });
});

// A step whose text says "“Show beside it” opens the same job…" shows that button in presenter
// mode too, under the text it is named in; its title says what it opens.
for (const language of ['en', 'zh'] as const) {
  test(`(${language}) presenter mode: lesson 8's caption has the button its text names, and it opens the unaligned run beside`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(
      page,
      linkTo({
        scenario: { preset: 'slow-sink-aligned' },
        tick: 16,
        lesson: { id: 'backpressure-aligned', step: 3 },
        view: { presenter: true },
        language,
      }),
    );
    const caption = page.getByTestId('caption');
    const name = language === 'zh' ? '在旁边显示' : 'Show beside it';
    await expect(caption).toContainText(`“${name}”`);
    const button = caption.getByTestId('lesson-twin');
    await expect(button).toHaveText(name);
    await expect(button).toHaveAttribute('title', language === 'zh' ? /非对齐/ : /unaligned/);
    await button.click();
    await waitForTwin(page);
    await expect(caption.getByTestId('lesson-twin-open')).toBeVisible();
  });
}
