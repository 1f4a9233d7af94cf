import type { Page } from '@playwright/test';
import { topologyOf, type Scenario } from '../../src/engine';
import { fanOutDraft, worstCaseScenario } from '../../bench/scenarios';
import { expect, holdRecordingWorker, linkTo, test } from './fixtures';

const digits = (n: number) => Array.from({ length: n }, (_, i) => (i % 9) + 1);

/** Eight sources reading 12,000 values each through a chain of 48 subtasks: thousands of ticks. */
const longChain = {
  version: 1,
  id: 'long-chain',
  title: 'A long chain',
  tickMs: 100,
  seed: 1,
  operators: [
    { id: 'source', kind: 'source', parallelism: 8, input: digits(12000), rate: 1 },
    { id: 'm1', kind: 'map', parallelism: 8 },
    { id: 'm2', kind: 'map', parallelism: 8 },
    { id: 'm3', kind: 'map', parallelism: 8 },
    { id: 'total', kind: 'sum', parallelism: 8, accept: 'all' },
    { id: 'sink', kind: 'sink', parallelism: 8 },
  ],
  edges: [
    { from: 'source', to: 'm1', partitioning: 'rebalance' },
    { from: 'm1', to: 'm2', partitioning: 'rebalance' },
    { from: 'm2', to: 'm3', partitioning: 'rebalance' },
    { from: 'm3', to: 'total', partitioning: 'hash' },
    { from: 'total', to: 'sink', partitioning: 'forward' },
  ],
  checkpoint: { mode: 'exactly-once', intervalMs: 1000 },
} as unknown as Scenario;

test('the three-level broadcast link is refused with what to change, and the app goes on', async ({
  page,
}) => {
  await page.goto(
    linkTo({ scenario: { custom: fanOutDraft(1000) as unknown as Scenario }, tick: 40 }),
  );
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('the broadcast edge b → c');
  await expect(alert).toContainText('lower the parallelism of c');
  await expect(page.getByTestId('tick')).toBeVisible();
});

test('the costliest fan-out that passes validation stops at its budget and says why', async ({
  page,
}) => {
  await page.goto(linkTo({ scenario: { custom: worstCaseScenario() }, tick: 0 }));
  // Waits for the recording to reach the limit, however loaded the machine.
  await expect(page.getByRole('status').filter({ hasText: 'The run stopped' })).toContainText(
    'in flight at once',
    { timeout: 60_000 },
  );
  // What was recorded stays explorable: the run's last tick can be stepped back from.
  await page.keyboard.press('End');
  const end = Number(await page.getByTestId('tick').locator('b').textContent());
  expect(end).toBeGreaterThan(0);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tick').locator('b')).toHaveText(String(end - 1));
});

test('a long run shows at once, records between frames with progress, and stops on request', async ({
  page,
}) => {
  // The worker that takes the recording over records a piece and waits: Stop is pressed while
  // the run records, however fast the machine records.
  await holdRecordingWorker(page);
  await page.goto(linkTo({ scenario: { custom: longChain }, tick: 0 }));
  const progress = page.getByTestId('recording-progress');
  // The first screen of 48 subtasks takes a while to draw on a loaded machine.
  await expect(progress).toBeVisible({ timeout: 30_000 });
  // From here the first screen is drawn while the run is still recording: a run recorded in one
  // go would have ended before it, with no progress to show. (No measure of time here: a loaded
  // machine stretches every task, and a test must not fail for that.)
  const bar = progress.locator('progress');
  const first = Number(await bar.getAttribute('value'));
  // The worker's first piece comes once the worker has started and recorded it, which a loaded
  // machine takes its time over: the wait is there for a hang, as above.
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 })
    .toBeGreaterThan(first);

  // The page answers while it records: one click stops the recording.
  await progress.getByRole('button', { name: 'Stop recording' }).click();
  await expect(progress).toBeHidden();
  const recorded = await page.getByRole('slider', { name: 'Timeline: tick' }).getAttribute('max');
  expect(Number(recorded)).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect(page.getByTestId('tick').locator('b')).toHaveText(String(recorded));
});

/**
 * Waits until the job is drawn whole: every subtask, the job manager and the backend, and every
 * channel, with the drawing's progress gone.
 */
async function expectDrawnWhole(page: Page, job: Scenario) {
  const { tasks, channels } = topologyOf(job);
  await expect(page.locator('.react-flow__node')).toHaveCount(tasks.length + 2, {
    timeout: 30_000,
  });
  await expect(page.locator('.react-flow__edge[aria-label^="Channel from"]')).toHaveCount(
    channels.length,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('drawing-progress')).toBeHidden();
}

test('a job too large to draw in one frame is drawn over a few, with progress, and whole in the end', async ({
  page,
}) => {
  const job = worstCaseScenario();
  const { tasks, channels } = topologyOf(job);
  // From before the app's first script: what the page showed when the progress first appeared.
  await page.addInitScript(() => {
    const w = window as unknown as { __drawing: { nodes: number; edges: number } | null };
    w.__drawing = null;
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="drawing-progress"]')) return;
      w.__drawing = {
        nodes: document.querySelectorAll('.react-flow__node').length,
        edges: document.querySelectorAll('.react-flow__edge').length,
      };
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(linkTo({ scenario: { custom: job }, tick: 0 }));
  await expectDrawnWhole(page, job);
  // Meanwhile the page said it was drawing, with only part of the job drawn.
  const seen = await page.evaluate(
    () => (window as unknown as { __drawing: { nodes: number; edges: number } | null }).__drawing,
  );
  expect(seen).not.toBeNull();
  expect(seen!.nodes + seen!.edges).toBeLessThan(tasks.length + 2 + channels.length);
});

test('a job drawn over a few frames is shown at the zoom it ends at from its first node', async ({
  page,
}) => {
  // From before the app's first script: the graph's pan and zoom each time it changed while the
  // job was drawn, and as it stood when the drawing began.
  await page.addInitScript(() => {
    const w = window as unknown as { __views: string[] };
    w.__views = [];
    new MutationObserver(() => {
      const view = document.querySelector<HTMLElement>('.react-flow__viewport');
      if (!view || !document.querySelector('[data-testid="drawing-progress"]')) return;
      if (w.__views.at(-1) !== view.style.transform) w.__views.push(view.style.transform);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const job = worstCaseScenario();
  await page.goto(linkTo({ scenario: { custom: job }, tick: 0 }));
  await expectDrawnWhole(page, job);
  const views = await page.evaluate(() => (window as unknown as { __views: string[] }).__views);
  const final = await page.locator('.react-flow__viewport').evaluate((v) => v.style.transform);
  const zoomOf = (transform: string) => Number(/scale\(([^)]+)\)/.exec(transform)?.[1]);
  // React Flow's view before it first fits anything, if the drawing began that early.
  const fitted = views.filter((v) => v !== 'translate(0px, 0px) scale(1)');
  expect(fitted.length).toBeGreaterThan(0);
  for (const view of fitted) expect(zoomOf(view)).toBe(zoomOf(final));
});
