import { expect, linkTo, node, open, preset, settledVerdict, sumOf, test } from './fixtures';

// The seed's failure, injected by hand: sum_odd fails just before adding 7. Checkpoint 1 holds
// (offset 5, sum_even 6, sum_odd 9); recovery restores it and replays 6 to 9, so the job still
// ends at 2 + 4 + 6 + 8 = 20 and 1 + 3 + 5 + 7 + 9 = 25, each record counted once.
test('injecting the seed failure from the menu shows recovery to 20 and 25, and undo removes it', async ({
  page,
}) => {
  const seed = preset('odd-even-sum');
  const withoutFailure = { ...seed, actions: seed.actions.filter((a) => a.type !== 'fail-task') };
  // Tick 10: the source has read 1 to 4, record 7 is still ahead.
  await open(page, linkTo({ scenario: { custom: withoutFailure }, tick: 10 }));
  const failures = page.getByRole('button', { name: /^task failed: sum_odd · tick/ });
  const restarts = page.getByRole('button', { name: /^job restarted, state restored 1 · tick/ });
  await expect(failures).toHaveCount(0);

  const menu = page.locator('details', { has: page.getByText('Inject failure', { exact: true }) });
  await menu.getByText('Inject failure', { exact: true }).click();
  await menu.getByLabel('Task').selectOption({ label: 'sum_odd' });
  await menu.getByLabel('before record').fill('7');
  await menu.getByRole('button', { name: 'Fail before it' }).click();

  await expect(failures).toHaveCount(1);
  await expect(restarts).toHaveCount(1);
  await expect(page.getByTestId('tick')).toContainText('tick 10 /');

  await failures.click();
  await expect(node(page, 'sum_odd#0')).toContainText('state cleared');
  await restarts.click();
  await expect(node(page, 'source#0').getByTitle(/^rewound from \d+ to 5$/)).toBeVisible();
  await expect(sumOf(page, 'sum_even#0')).toHaveText('6');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');

  await page.keyboard.press('End');
  await expect(sumOf(page, 'sum_even#0')).toHaveText('20');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
  await expect(node(page, 'job-manager')).toContainText('restarts 1');
  await settledVerdict(page);
  await expect(page.getByTestId('result')).toContainText('Exactly-once holds');

  await page.keyboard.press('Home');
  // The clicks on the timeline closed the menu, as a press outside a menu does.
  await expect(menu).not.toHaveAttribute('open');
  await menu.locator('summary').click();
  await menu.getByRole('button', { name: 'Undo last injection' }).click();
  await expect(failures).toHaveCount(0);
  await expect(restarts).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Undo last injection' })).toBeDisabled();
  await page.keyboard.press('End');
  await expect(sumOf(page, 'sum_even#0')).toHaveText('20');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
  await expect(node(page, 'job-manager')).not.toContainText('restarts');
});

test('a failure injected after the record went by changes nothing that happened before it', async ({
  page,
}) => {
  const seed = preset('odd-even-sum');
  const withoutFailure = { ...seed, actions: seed.actions.filter((a) => a.type !== 'fail-task') };
  await open(page, linkTo({ scenario: { custom: withoutFailure }, tick: 24 }));
  // By tick 24 sum_odd has added 7 (1 + 3 + 5 + 7 = 16): a failure before 7 can no longer fire.
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('16');
  const menu = page.locator('details', { has: page.getByText('Inject failure', { exact: true }) });
  await menu.getByText('Inject failure', { exact: true }).click();
  await menu.getByLabel('Task').selectOption({ label: 'sum_odd' });
  await menu.getByLabel('before record').fill('7');
  await menu.getByRole('button', { name: 'Fail before it' }).click();
  await expect(menu.getByRole('button', { name: 'Undo last injection' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^task failed/ })).toHaveCount(0);
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('16');
  await page.keyboard.press('End');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
});

test('the Inject, Trigger and File menus close on Escape and on a press outside, and give the focus back', async ({
  page,
}) => {
  await open(page);
  for (const name of ['Inject failure', 'Trigger', 'File']) {
    const menu = page.locator('details', { has: page.getByText(name, { exact: true }) });
    const button = menu.locator('summary');
    await button.click();
    await expect(menu).toHaveAttribute('open', '');
    await menu.getByRole('button').first().focus();
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toHaveAttribute('open', '');
    // A press on the empty graph: nothing there takes the focus, so the menu's button has it.
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await expect(menu).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
  }
});
