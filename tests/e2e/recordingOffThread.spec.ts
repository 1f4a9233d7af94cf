import type { Page } from '@playwright/test';
import { costly } from './costly';
import { expect, holdBetweenPieces, linkTo, open, pickPreset, test, verdictOf } from './fixtures';

const slider = 'Timeline: tick';

test('a costly valid link records in a worker: menus open while it records, and Stop stops it', async ({
  page,
}) => {
  // The worker's script is held back until the test lets it go: the page has handed the run
  // over by then and waits, so the checks below see it recording however fast the machine is.
  // Once going, the worker sends its first piece and then waits between pieces for as long as
  // the test holds it, so Stop is pressed while it records, however fast it records.
  let asked = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/recording\.worker/, async (route) => {
    asked = true;
    await held;
    const response = await route.fetch();
    await route.fulfill({ response, body: holdBetweenPieces + (await response.text()) });
  });
  const workers: string[] = [];
  let recorderClosed = false;
  page.on('worker', (worker) => {
    workers.push(worker.url());
    if (worker.url().includes('recording.worker'))
      worker.on('close', () => (recorderClosed = true));
  });
  await page.goto(linkTo({ scenario: { custom: costly }, tick: 0 }));
  const progress = page.getByTestId('recording-progress');
  await expect(progress).toBeVisible({ timeout: 30_000 });
  // The page hands the recording to a worker once the first screen is drawn.
  await expect.poll(() => asked, { timeout: 30_000 }).toBe(true);

  // The page answers while the run records: a menu opens, its content loads and shows.
  await page.getByText('File', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Import scenario…' })).toBeVisible();
  await expect(progress).toBeVisible();
  // What the worker records arrives in pieces: the bar moves.
  const bar = progress.locator('progress');
  const first = Number(await bar.getAttribute('value'));
  release();
  await expect.poll(() => workers.some((url) => url.includes('recording.worker'))).toBe(true);
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
    .toBeGreaterThan(first);

  await progress.getByRole('button', { name: 'Stop recording' }).click();
  await expect(progress).toBeHidden();
  // Stop ends the worker: held or not, it records nothing more.
  await expect.poll(() => recorderClosed).toBe(true);
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

/** The verdict at the end of the at-least-once replay preset, as the page shows it. */
async function verdictAtTheEnd(page: Page): Promise<string> {
  await open(page);
  await pickPreset(page, 'at-least-once-replay');
  const result = page.getByTestId('result');
  await expect(result).toContainText('Play to the end');
  // End on the timeline's slider (the picker keeps the focus, and keeps its keys).
  await page.getByRole('slider', { name: slider }).press('End');
  // A verdict, good or bad, rather than "play to the end" or "comparing".
  await expect(result).not.toHaveClass(/result-neutral/, { timeout: 30_000 });
  return (await result.locator('.result-text').textContent()) ?? '';
}

test('a run is judged in a worker, and where none can be made, on the page: the same verdict', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const inWorker = await verdictAtTheEnd(page);
  expect(workers.some((url) => url.includes('judging.worker'))).toBe(true);
  // The duplicate the replay made is named, whichever thread judged it.
  expect(inWorker).toMatch(/sum_even counted record \d+ from Source \d twice/);

  // Opened again in a browser that refuses workers: the page judges the run itself.
  await page.addInitScript(() => {
    window.Worker = class {
      constructor() {
        throw new Error('workers refused');
      }
    } as unknown as typeof Worker;
  });
  const judgedBefore = workers.length;
  expect(await verdictAtTheEnd(page)).toBe(inWorker);
  expect(workers.length).toBe(judgedBefore);
});

test('a recorded run that ended is judged ahead in a worker: at its end the verdict is ready, judged once', async ({
  page,
}) => {
  const judging: string[] = [];
  page.on('worker', (worker) => {
    if (worker.url().includes('judging.worker')) judging.push(worker.url());
  });
  await open(page, linkTo({ scenario: { preset: 'at-least-once-replay' }, tick: 0 }));
  const result = page.getByTestId('result');
  await expect(result).toContainText('Play to the end');
  // Left at its start, the run is judged a moment after it is on screen.
  await expect.poll(() => judging.length, { timeout: 30_000 }).toBe(1);
  await expect(result).toContainText('Play to the end');
  await page.getByRole('slider', { name: slider }).press('End');
  await verdictOf(page);
  await expect(result.locator('.result-text')).toContainText(
    /counted record \d+ from Source \d twice/,
  );
  expect(judging).toHaveLength(1);
});
