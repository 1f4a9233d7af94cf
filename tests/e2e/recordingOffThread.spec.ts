import { costly } from './costly';
import { expect, linkTo, test } from './fixtures';

const slider = 'Timeline: tick';

test('a costly valid link records in a worker: menus open while it records, and Stop stops it', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(linkTo({ scenario: { custom: costly }, tick: 0 }));
  const progress = page.getByTestId('recording-progress');
  await expect(progress).toBeVisible({ timeout: 30_000 });
  // The page hands the recording to a worker once the first screen is drawn.
  await expect
    .poll(() => workers.some((url) => url.includes('recording.worker')), { timeout: 30_000 })
    .toBe(true);

  // The page answers while the run records: a menu opens, its content loads and shows.
  await page.getByText('File', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Import scenario…' })).toBeVisible();
  await expect(progress).toBeVisible();
  // What is recorded so far arrives in pieces: the bar moves.
  const bar = progress.locator('progress');
  const first = Number(await bar.getAttribute('value'));
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
    .toBeGreaterThan(first);

  await progress.getByRole('button', { name: 'Stop recording' }).click();
  await expect(progress).toBeHidden();
  const recorded = Number(await page.getByRole('slider', { name: slider }).getAttribute('max'));
  expect(recorded).toBeGreaterThan(0);
  // What the worker recorded is explorable on the page: its last tick, and one before it.
  await page.keyboard.press('End');
  await expect(page.getByTestId('tick').locator('b')).toHaveText(String(recorded));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tick').locator('b')).toHaveText(String(recorded - 1));
  // Nothing more arrives after Stop.
  await page.waitForTimeout(500);
  expect(Number(await page.getByRole('slider', { name: slider }).getAttribute('max'))).toBe(
    recorded,
  );
});

test('where no worker can be made, the page records the run itself, between frames', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // As a browser that refuses workers: making one throws.
    window.Worker = class {
      constructor() {
        throw new Error('workers refused');
      }
    } as unknown as typeof Worker;
  });
  await page.goto(linkTo({ scenario: { custom: costly }, tick: 0 }));
  const progress = page.getByTestId('recording-progress');
  await expect(progress).toBeVisible({ timeout: 30_000 });
  const bar = progress.locator('progress');
  const first = Number(await bar.getAttribute('value'));
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
    .toBeGreaterThan(first);
  await progress.getByRole('button', { name: 'Stop recording' }).click();
  await expect(progress).toBeHidden();
  expect(
    Number(await page.getByRole('slider', { name: slider }).getAttribute('max')),
  ).toBeGreaterThan(0);
});

test('an imported file is read in a worker: a good one opens, a misspelled key is named', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/');
  await page.getByText('File', { exact: true }).click();
  const input = page.getByTestId('import-file');
  const file = (name: string, scenario: object) => ({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await input.setInputFiles(file('costly.json', costly));
  await expect(page.getByRole('status').filter({ hasText: 'Opened costly.json.' })).toBeVisible({
    timeout: 30_000,
  });
  expect(workers.some((url) => url.includes('scenarioFile.worker'))).toBe(true);
  await expect(page.getByRole('combobox', { name: 'Lesson or scenario' })).toHaveValue('');

  const misspelled = { ...costly, checkpoint: { mode: 'exactly-once', intervalMS: 1000 } };
  await input.setInputFiles(file('typo.json', misspelled));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('intervalMS', { timeout: 30_000 });
  await expect(alert).toContainText('Nothing was changed.');
});
