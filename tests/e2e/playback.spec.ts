import {
  expect,
  expectTick,
  frames,
  linkTo,
  node,
  open,
  settledVerdict,
  shownTick,
  sumOf,
  test,
} from './fixtures';

// The seed's job: one source reads 1..9, sum_even and sum_odd add the even and the odd ones.
// Checkpoint 1 holds offset 5 with the sums 2 + 4 = 6 and 1 + 3 + 5 = 9; after the failure and
// recovery the job ends at 2 + 4 + 6 + 8 = 20 and 1 + 3 + 5 + 7 + 9 = 25.
const seedJob = { scenario: { preset: 'odd-even-sum' } };

test.describe('playback', () => {
  test('play runs the job to its end, then the button offers a replay', async ({ page }) => {
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 0 }));
    const controls = page.getByRole('toolbar', { name: 'Playback' });
    await controls.getByLabel('Speed').selectOption('32');
    // At this speed the run may end before the button is seen saying Pause: only its end counts.
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    // Two sources of 1..9 each: sum_even ends at 2 * 20, sum_odd at 2 * 25.
    await expect(controls.getByRole('button', { name: 'Replay', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(sumOf(page, 'sum_even#0')).toHaveText('40');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('50');
    const end = await shownTick(page);
    await expect(page.getByTestId('tick')).toContainText(`${end} / ${end}`);

    // Slowly enough that the pause comes long before the end, on any machine.
    await controls.getByLabel('Speed').selectOption('1');
    await controls.getByRole('button', { name: 'Replay', exact: true }).click();
    await expect(controls.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await controls.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(await shownTick(page)).toBeLessThan(end);
  });

  test('pause holds the moment', async ({ page }) => {
    await open(page, linkTo({ ...seedJob, tick: 0 }));
    const controls = page.getByRole('toolbar', { name: 'Playback' });
    await controls.getByLabel('Speed').selectOption('4');
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => shownTick(page)).toBeGreaterThan(0);
    await controls.getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = await shownTick(page);
    expect(paused).toBeLessThan(33);
    // At 4 ticks per second a running loop moves at least two ticks in 40 frames.
    await frames(page, 40);
    await expectTick(page, paused);
    await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });

  test('step and step back move one tick and show that tick', async ({ page }) => {
    await open(page, linkTo({ ...seedJob, tick: 13 }));
    const controls = page.getByRole('toolbar', { name: 'Playback' });
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('4');
    // Record 5 reaches sum_odd one tick after the source read it.
    await controls.getByRole('button', { name: 'Step', exact: true }).click();
    await expectTick(page, 14);
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');
    await expect(node(page, 'source#0')).toContainText('offset 5');
    await controls.getByRole('button', { name: 'Step back' }).click();
    await expectTick(page, 13);
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('4');

    await controls.getByRole('button', { name: 'Reset' }).click();
    await expectTick(page, 0);
    await expect(controls.getByRole('button', { name: 'Step back' })).toBeDisabled();
    await expect(sumOf(page, 'sum_even#0')).toHaveText('0');
  });

  test('many slider changes within one frame show the first at once and then only the latest', async ({
    page,
  }) => {
    await open(page, linkTo({ ...seedJob, tick: 0 }));
    const slider = page.getByRole('slider', { name: 'Timeline: tick' });
    const end = Number(await slider.getAttribute('max'));
    // Every tick the read-out leaves, in order: what each change of it replaced.
    await page.evaluate(() => {
      const out = document.querySelector('[data-testid="tick"] b')!;
      const left: string[] = [];
      (window as unknown as { left: string[] }).left = left;
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'characterData') left.push(r.oldValue ?? '');
          else if (r.removedNodes.length) left.push(r.removedNodes[0].textContent ?? '');
        }
      }).observe(out, {
        subtree: true,
        childList: true,
        characterData: true,
        characterDataOldValue: true,
      });
    });
    // A fast drag: every tick from 1 to the end, all in one task, so no frame comes between.
    await slider.evaluate((el: HTMLInputElement, last: number) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (let tick = 1; tick <= last; tick++) {
        setValue.call(el, String(tick));
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }, end);
    await expectTick(page, end);
    await expect(sumOf(page, 'sum_even#0')).toHaveText('20');
    // Tick 0 gave way to tick 1 at once, and tick 1 to the last: none of the ticks between
    // was drawn (a drag over a long run would otherwise seek and render every one).
    const left = await page.evaluate(() => (window as unknown as { left: string[] }).left);
    expect(left).toEqual(['0', '1']);
  });

  test('dragging the timeline moves the whole view to that tick', async ({ page }) => {
    await open(page, linkTo({ ...seedJob, tick: 0 }));
    const slider = page.getByRole('slider', { name: 'Timeline: tick' });
    const end = Number(await slider.getAttribute('max'));
    const box = (await slider.boundingBox())!;
    const thumb = await slider.evaluate((el) => el.getBoundingClientRect().height);
    const y = box.y + box.height / 2;

    await page.mouse.move(box.x + thumb / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, y, { steps: 8 });
    const middle = await shownTick(page);
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThan(end);
    await expect(slider).toHaveValue(String(middle));
    await page.mouse.move(box.x + box.width - 1, y, { steps: 8 });
    await page.mouse.up();
    await expectTick(page, end);
    await expect(sumOf(page, 'sum_even#0')).toHaveText('20');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
    await settledVerdict(page);
    await expect(page.getByTestId('result')).toContainText('Exactly-once holds');

    // The moment checkpoint 1 is taken: offset 5, sums 6 and 9.
    await slider.fill('15');
    await expectTick(page, 15);
    await expect(node(page, 'source#0')).toContainText('offset 5');
    await expect(sumOf(page, 'sum_even#0')).toHaveText('6');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');
  });

  test('a timeline marker jumps to its moment', async ({ page }) => {
    await open(page, linkTo({ ...seedJob, tick: 0 }));
    await page.getByRole('button', { name: /^checkpoint completed 1 · tick/ }).click();
    const completed = await shownTick(page);
    expect(completed).toBeGreaterThan(0);
    await expect(node(page, 'job-manager')).toContainText('1✓');
    await expect(page.getByTestId('tick')).not.toContainText('tick 0 /');

    await page.getByRole('button', { name: /^task failed: sum_odd · tick/ }).click();
    await expect(node(page, 'sum_odd#0')).toContainText('state cleared');
    expect(await shownTick(page)).toBeGreaterThan(completed);

    await page.getByRole('button', { name: /^job restarted, state restored 1 · tick/ }).click();
    await expect(sumOf(page, 'sum_even#0')).toHaveText('6');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');
  });
});

test.describe('the timeline at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  for (const language of ['en', 'zh'] as const) {
    test(`${language}: the read-out keeps its width, so the track stays put between the start and the end of a long run`, async ({
      page,
    }) => {
      // 340 ticks of 1000 ms: "tick 340 / 340 · 340000 ms" at the end.
      await open(page, linkTo({ scenario: { preset: 'restart-failure-rate' }, tick: 0, language }));
      const track = page.locator('.timeline-track');
      const atStart = await track.boundingBox();
      await page.keyboard.press('End');
      await expect(page.getByTestId('tick')).toContainText('340000 ms');
      expect(await track.boundingBox()).toEqual(atStart);
      await page.keyboard.press('Home');
      await expect(page.getByTestId('tick')).toContainText('· 0 ms');
      expect(await track.boundingBox()).toEqual(atStart);
    });
  }
});

test.describe('keyboard only', () => {
  test('space plays and pauses, arrows step, Home and End jump', async ({ page }) => {
    await open(page, linkTo({ ...seedJob, tick: 0 }));
    const controls = page.getByRole('toolbar', { name: 'Playback' });
    await page.keyboard.press('ArrowRight');
    await expectTick(page, 1);
    await page.keyboard.press('Shift+ArrowRight');
    await expectTick(page, 11);
    await page.keyboard.press('ArrowLeft');
    await expectTick(page, 10);
    await page.keyboard.press('Shift+ArrowLeft');
    await expectTick(page, 0);
    await page.keyboard.press('End');
    const end = Number(await page.getByRole('slider').getAttribute('max'));
    await expectTick(page, end);
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
    await page.keyboard.press('Home');
    await expectTick(page, 0);

    await page.keyboard.press('Space');
    await expect(controls.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect.poll(() => shownTick(page)).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  });

  test('Tab reaches every playback control, and each works from the keyboard', async ({ page }) => {
    await open(page, linkTo({ ...seedJob, tick: 5 }));
    const focused: string[] = [];
    for (let i = 0; i < 80 && !focused.includes('Inject failure'); i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return '';
          return (
            (
              el.getAttribute('aria-label') ??
              (el.tagName === 'SELECT' ? (el.closest('label')?.textContent ?? '') : '') ??
              ''
            ).trim() || (el.textContent ?? '').trim()
          );
        }),
      );
    }
    const order = [
      'Reset',
      'Step back',
      'Play',
      'Step',
      'Timeline: tick',
      'Trigger',
      'Inject failure',
    ];
    const positions = order.map((name) => focused.indexOf(name));
    expect(positions, `focus order: ${focused.join(' | ')}`).not.toContain(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // Back to the Step button with Shift+Tab, then use the controls with keys only.
    while (
      (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) !== 'Step'
    ) {
      await page.keyboard.press('Shift+Tab');
    }
    await page.keyboard.press('Enter');
    await expectTick(page, 6);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Step back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectTick(page, 5);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

    const slider = page.getByRole('slider', { name: 'Timeline: tick' });
    await slider.focus();
    await page.keyboard.press('Home');
    await expectTick(page, 0);
    await page.keyboard.press('ArrowRight');
    await expectTick(page, 1);
  });
});
