import { lesson3BarrierAlignment as lesson } from '../../src/scenarios/lessons/lesson3BarrierAlignment';
import { expect, linkTo, open, test } from './fixtures';

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

    // One task framed rather than two: closer.
    expect(after.zoom).toBeGreaterThan(before.zoom);
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
    expect(during.zoom).toBeGreaterThan(before.zoom);
    expect(await camera(page)).toEqual(during);
  });
});
