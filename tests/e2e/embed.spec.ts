import { expect, linkTo, open, sumOf, test } from './fixtures';

test('the embed snippet from the Share menu, pasted into a plain page, shows the same moment', async ({
  page,
  baseURL,
}) => {
  await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 7 }));
  const sum = await sumOf(page, 'sum_even#0').textContent();
  await page.getByText('Embed', { exact: true }).click();
  await page.getByRole('radio', { name: '960×540' }).check();
  const snippet = page.getByRole('textbox', { name: /Paste this/ });
  await expect(snippet).toHaveValue(/^<iframe src="http:.*\?embed#v1=.*" width="960" height="540"/);
  await page.getByRole('checkbox', { name: 'Loop: start this moment over at the end' }).check();
  await expect(snippet).toHaveValue(/\?embed&amp;loop#v1=/);
  const html = await snippet.inputValue();

  // A plain page of its own, served from the same server, with nothing but the snippet.
  await page.route(`${baseURL}/slide.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><body>${html}</body>` }),
  );
  await page.goto('/slide.html');
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveAttribute('width', '960');
  const embedded = page.frameLocator('iframe');
  await expect(embedded.getByTestId('tick').locator('b')).toHaveText('7');
  await expect(embedded.getByTestId('rf__node-sum_even#0').locator('.g-value')).toHaveText(sum!);
  // An embed is the graph and its controls: no header, no side panel.
  await expect(embedded.locator('header')).toHaveCount(0);
  await expect(embedded.locator('aside')).toHaveCount(0);
  await expect(embedded.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('an embed asked to play by itself and loop opens playing; played from its end, it starts its own moment over', async ({
  page,
}) => {
  const url = linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 30 }, { embed: true });
  await page.goto(url.replace('?embed', '?embed&autoplay&loop'));
  // Looping, it never reaches a stop: the button stays Pause.
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  await page.goto(url.replace('?embed', '?embed&loop'));
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.keyboard.press('End');
  // The last tick of the run, as the recorded timeline says (the readout shows "tick N / end").
  const end = (await page.getByTestId('tick').innerText()).match(/\/\s*(\d+)/)![1];
  await expect(page.getByTestId('tick').locator('b')).toHaveText(end);
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.getByRole('button', { name: 'Pause' }).click();
  // Not tick 0, where a run without a loop starts over.
  expect(Number(await page.getByTestId('tick').locator('b').textContent())).toBeGreaterThanOrEqual(
    30,
  );
});
