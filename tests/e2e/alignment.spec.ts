import { expect, node, open, pickPreset, test } from './fixtures';

/**
 * Issue 3's acceptance test: barrier-alignment played (not stepped) to its first completed
 * checkpoint. On the way an operator must hold one input while barrier 1 is missing on another
 * (that is what alignment is), and at the end the JobManager and the history show checkpoint 1
 * completed.
 */
test('playing barrier-alignment to checkpoint 1 shows an input blocked, then the checkpoint completed', async ({
  page,
}) => {
  await open(page);
  await pickPreset(page, 'barrier-alignment');
  await expect(page.getByTestId('tick')).toContainText('tick 0 /');

  // Playback may pass through a tick between two of the test's looks at the page, so the page
  // itself notes every blocked input the graph draws.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __blocked: string[] }).__blocked = seen;
    const note = () => {
      document.querySelectorAll('.react-flow__node .g-blocked').forEach((el) => {
        const task = el.closest('.react-flow__node')?.getAttribute('data-id') ?? '?';
        const barrier = el.querySelector('[title^="blocked by barrier"]')?.getAttribute('title');
        seen.push(`${task}: ${barrier ?? el.textContent}`);
      });
    };
    new MutationObserver(note).observe(document.querySelector('.react-flow')!, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });

  const completed = node(page, 'job-manager').locator('.g-ended-completed');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(completed).toHaveCount(1, { timeout: 30_000 });
  await expect(completed).toContainText('1');
  // The run goes on to its end (a pause here would race it on a slow machine); nothing after
  // checkpoint 1 changes what is asserted below.
  await expect(page.getByRole('button', { name: 'Replay', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  const blocked = await page.evaluate(
    () => (window as unknown as { __blocked: string[] }).__blocked,
  );
  expect(blocked.length, 'an input blocked during alignment was on screen').toBeGreaterThan(0);
  expect(blocked.some((b) => /^sum_(even|odd)#0: blocked by barrier 1$/.test(b))).toBe(true);

  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(
    page
      .getByText(/blocked its input from Source \d until barrier 1 arrives on every input/)
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Checkpoint 1 completed: every task acknowledged it')).toBeVisible();

  await page.getByRole('tab', { name: 'Checkpoints' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/COMPLETED/i);
});
