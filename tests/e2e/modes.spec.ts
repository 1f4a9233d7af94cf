import {
  expect,
  expectTick,
  lessonStep,
  linkTo,
  node,
  open,
  pickPreset,
  shownTick,
  sumOf,
  test,
  verdictOf,
} from './fixtures';

// at-least-once-replay: two sources each read 1..9, so a run that counts every record once
// ends with sum_even = 2 * (2 + 4 + 6 + 8) = 40 and sum_odd = 2 * (1 + 3 + 5 + 7 + 9) = 50.
test('switching the mode changes the verdict: at-least-once names the duplicate, exactly-once holds', async ({
  page,
}) => {
  await open(page);
  await pickPreset(page, 'at-least-once-replay');
  const modes = page.getByRole('radiogroup', { name: 'Checkpointing mode' });
  await expect(modes.getByRole('radio', { name: 'At-least-once' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const result = page.getByTestId('result');
  await expect(result).toContainText('Play to the end');

  await page.keyboard.press('End');
  await expect(result).not.toContainText('Play to the end');
  await verdictOf(page);
  const text = (await result.locator('.result-text').textContent()) ?? '';
  // A record that came behind barrier 1 was counted before the snapshot and replayed after the
  // restore: sum_even counted it twice, and its sum is off by exactly that record.
  const duplicate = /sum_even counted record (\d+) from Source \d twice/.exec(text);
  expect(duplicate, text).not.toBeNull();
  const value = Number(duplicate![1]);
  expect(value % 2).toBe(0);
  expect(text).toContain(`sum_even ends at ${40 + value}, not 40`);
  await expect(sumOf(page, 'sum_even#0')).toHaveText(String(40 + value));
  await expect(result).toHaveClass(/result-bad/);

  await modes.getByRole('radio', { name: 'Exactly-once' }).click();
  await expect(modes.getByRole('radio', { name: 'Exactly-once' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(node(page, 'job-manager')).toContainText('exactly-once');
  await page.keyboard.press('End');
  // Inside Flink: its sink writes outside transactions, and received the replayed output again.
  await expect(result).toContainText('Inside Flink, exactly-once holds');
  await expect(result).toContainText('The sink received');
  await expect(result).toContainText('sum_even = 40');
  await expect(result).toContainText('sum_odd = 50');
  await expect(result).not.toContainText('counted record');
  await expect(result).toHaveClass(/result-ok/);
  await expect(sumOf(page, 'sum_even#0')).toHaveText('40');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('50');

  // Switching the mode keeps the moment on screen rather than starting over.
  await page.keyboard.press('Shift+ArrowLeft');
  const before = await shownTick(page);
  await modes.getByRole('radio', { name: 'Stop-the-world' }).click();
  await expectTick(page, before);
  await page.keyboard.press('End');
  await expect(result).toContainText(/exactly-once holds/i);
  await expect(sumOf(page, 'sum_even#0')).toHaveText('40');
});

test('in Chinese, stop-the-world has one name: the mode switch and the JobManager say 暂停应用, and no other name shows', async ({
  page,
}) => {
  await open(page, linkTo({ scenario: { preset: 'stop-the-world' }, tick: 12, language: 'zh' }));
  const modes = page.getByRole('radiogroup', { name: '检查点模式' });
  await expect(modes.getByRole('radio', { name: '暂停应用' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(node(page, 'job-manager')).toContainText('暂停应用');
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/全局暂停|暂停全部/);
});

// At-least-once counts a barrier without blocking its input (Flink's barrier tracker): the row
// of the input it arrived on says so, at the compact detail of 1280x720 as well, where the node
// has no line for the alignment.
for (const language of ['en', 'zh'] as const) {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    test(`(${language}, ${viewport.width}x${viewport.height}) at-least-once: the input a barrier reached shows it counted, and flows on`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, lessonStep('exactly-once-vs-at-least-once', 'No blocking', language).link);
      const rows = node(page, 'sum_even#0').locator('.g-input');
      await expect(rows).toHaveCount(2);
      // Barrier 1 from Source 1 arrived; Source 2's is on its way.
      await expect(rows.nth(0).locator('.g-tag')).toHaveText('✓1');
      await expect(rows.nth(0)).toContainText(language === 'en' ? 'flowing' : '流动');
      await expect(rows.nth(0)).not.toHaveClass(/g-blocked/);
      await expect(rows.nth(1).locator('.g-tag')).toHaveCount(0);
    });
  }
}
