import { expect, linkTo, open, settledVerdict, test, waitForStableGraph } from './fixtures';
import { lessonById } from '../../src/scenarios/lessons/course';

const lesson = lessonById('barrier-alignment')!;

/** A step that frames both sums, then one that frames sum_even alone: the camera moves. */
const FROM = lesson.steps.findIndex(
  (s, k) =>
    s.highlight?.join() === 'sum_even#0,sum_odd#0' &&
    lesson.steps[k + 1]?.highlight?.join() === 'sum_even#0',
);

/** The graph's pan and zoom, as React Flow writes it on its viewport. */
async function camera(page: import('@playwright/test').Page) {
  const style = (await page.locator('.react-flow__viewport').getAttribute('style')) ?? '';
  const [x, y, zoom] = (style.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  return { x, y, zoom };
}

/** Expects the task's node wholly on the graph's stage. */
async function expectWhollyOnStage(page: import('@playwright/test').Page, id: string) {
  const stage = (await page.locator('.g-canvas').boundingBox())!;
  const node = (await page.getByTestId(`rf__node-${id}`).boundingBox())!;
  expect(node.x).toBeGreaterThanOrEqual(stage.x);
  expect(node.y).toBeGreaterThanOrEqual(stage.y);
  expect(node.x + node.width).toBeLessThanOrEqual(stage.x + stage.width);
  expect(node.y + node.height).toBeLessThanOrEqual(stage.y + stage.height);
}

/**
 * Opens the step that frames both sums with the page's clock in the test's hands, presses
 * Continue, and gives where the camera was before it.
 */
async function continueFromBothSums(page: import('@playwright/test').Page) {
  expect(FROM).toBeGreaterThanOrEqual(0);
  await page.clock.install();
  await open(
    page,
    linkTo({
      scenario: { preset: lesson.scenario.id },
      tick: lesson.steps[FROM].tick,
      lesson: { id: lesson.id, step: FROM },
    }),
  );
  await page.clock.pauseAt(Date.now() + 60_000);
  const before = await camera(page);
  await page.getByTestId('lesson').getByRole('button', { name: 'Continue' }).click();
  return before;
}

test.describe('the camera follows the lesson', () => {
  // A user who has not asked for reduced motion; the page's clock is the test's, so the move
  // is looked at part way through however fast the machine is.
  test.use({ reducedMotion: 'no-preference' });

  test('a step that frames other tasks moves the camera there over a moment, not in a jump', async ({
    page,
  }) => {
    const before = await continueFromBothSums(page);
    await page.clock.runFor(250);
    const during = await camera(page);
    await page.clock.runFor(2000);
    const after = await camera(page);

    // The camera went somewhere else (one task framed rather than two; how close depends on
    // what the framing would cut beside it), and that task is wholly on the stage.
    expect(after).not.toEqual(before);
    await expectWhollyOnStage(page, 'sum_even#0');
    // Part way, the camera has left where it was and is not yet where it goes (its path may
    // draw back before it closes in, so only that).
    expect(during).not.toEqual(before);
    expect(during).not.toEqual(after);
  });

  test('with reduced motion asked for, the camera is there at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const before = await continueFromBothSums(page);
    await page.clock.runFor(50);
    const during = await camera(page);
    await page.clock.runFor(2000);
    expect(during).not.toEqual(before);
    expect(await camera(page)).toEqual(during);
    await expectWhollyOnStage(page, 'sum_even#0');
  });
});

/** Where a node is drawn on the page. */
async function box(page: import('@playwright/test').Page, id: string) {
  return (await page.getByTestId(`rf__node-${id}`).boundingBox())!;
}

/** Draws a node `px` tall, as a new layout would (React Flow measures it a frame later). */
async function grow(page: import('@playwright/test').Page, id: string, px: number) {
  await page.addStyleTag({
    content: `.react-flow__node[data-id="${id}"] { height: ${px}px !important; }`,
  });
}

/** Drags the pane by hand from an empty part of it, 100 px right and 60 px down. */
async function dragPane(page: import('@playwright/test').Page) {
  const from = await page.evaluate(() => {
    const pane = document.querySelector('.g-canvas')!.getBoundingClientRect();
    for (let y = pane.top + 10; y < pane.bottom; y += 20) {
      for (let x = pane.left + 10; x < pane.right; x += 20) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) {
          return { x, y };
        }
      }
    }
    return null;
  });
  expect(from).not.toBeNull();
  await page.mouse.move(from!.x, from!.y);
  await page.mouse.down();
  await page.mouse.move(from!.x + 100, from!.y + 60, { steps: 5 });
  await page.mouse.up();
}

test.describe('the camera and a node that grows', () => {
  // A step that frames sum_even alone, at the tick the lesson sets.
  const alone = (page: import('@playwright/test').Page) =>
    open(
      page,
      linkTo({
        scenario: { preset: lesson.scenario.id },
        tick: lesson.steps[FROM + 1].tick,
        lesson: { id: lesson.id, step: FROM + 1 },
      }),
    );

  test('frames a ringed task again when it grows, so it stays wholly on the stage', async ({
    page,
  }) => {
    await alone(page);
    const before = await box(page, 'sum_even#0');
    await grow(page, 'sum_even#0', 500);
    await waitForStableGraph(page);
    const stage = (await page.locator('.g-canvas').boundingBox())!;
    const task = await box(page, 'sum_even#0');
    // Taller than it was, and wholly on the stage.
    expect(task.height).toBeGreaterThan(before.height * 1.5);
    expect(task.y).toBeGreaterThanOrEqual(stage.y);
    expect(task.y + task.height).toBeLessThanOrEqual(stage.y + stage.height);
  });

  test('leaves the camera where the user moved it', async ({ page }) => {
    await alone(page);
    const before = await camera(page);
    await dragPane(page);
    await waitForStableGraph(page);
    const moved = await camera(page);
    expect(moved).not.toEqual(before);
    await grow(page, 'sum_even#0', 500);
    await waitForStableGraph(page);
    expect(await camera(page)).toEqual(moved);
  });

  test('leaves the camera where the user moved it when the stage changes size and the layout does not', async ({
    page,
  }) => {
    await alone(page);
    const root = page.locator('.g-root');
    const layout = () =>
      root.evaluate((r) =>
        ['scale', 'arrangement', 'detail'].map((k) => r.getAttribute(`data-${k}`)),
      );
    const laidOut = await layout();
    await dragPane(page);
    await waitForStableGraph(page);
    const moved = await camera(page);
    // A window a little wider: the stage grows, and the layout stays as it was.
    await page.setViewportSize({ width: 1450, height: 900 });
    await waitForStableGraph(page);
    expect(await layout()).toEqual(laidOut);
    expect(await camera(page)).toEqual(moved);
  });
});

test.describe('the result below the graph', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  /** The stage's height and the camera, once the graph stands still. */
  async function stage(page: import('@playwright/test').Page) {
    await waitForStableGraph(page);
    const height = (await page.locator('.react-flow').boundingBox())!.height;
    return { height, camera: await camera(page) };
  }
  const strip = (page: import('@playwright/test').Page) =>
    page.getByTestId('result').evaluate((el) => el.getBoundingClientRect().height);

  test('a verdict a line longer than the start keeps its room, so End and Home leave the graph where it is', async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 0 }));
    const start = await strip(page);
    await page.keyboard.press('End');
    await settledVerdict(page);
    const atEnd = await stage(page);
    // The verdict takes one more line here than the sentence at the start.
    expect(await strip(page)).toBeGreaterThan(start + 4);
    expect(await strip(page)).toBeLessThan(start + 24);
    await page.keyboard.press('Home');
    await expect(page.getByTestId('result')).toContainText('Play to the end');
    expect(await stage(page)).toEqual(atEnd);
    await page.keyboard.press('End');
    await settledVerdict(page);
    expect(await stage(page)).toEqual(atEnd);
  });

  test('a verdict several lines long gives its room back to the graph at the start', async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'at-least-once-sink' }, tick: 0 }));
    const before = await stage(page);
    await page.keyboard.press('End');
    await settledVerdict(page);
    const atEnd = await stage(page);
    expect(atEnd.height).toBeLessThan(before.height - 40);
    await page.keyboard.press('Home');
    await expect(page.getByTestId('result')).toContainText('Play to the end');
    expect(await stage(page)).toEqual(before);
  });
});
