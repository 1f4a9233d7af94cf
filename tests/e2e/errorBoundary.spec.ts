import { expect, linkTo, test } from './fixtures';

const BOOM = 'ResizeObserver is broken in this browser';

test('a failing graph says what failed, keeps the link and the rest of the app, and reopens the default lesson', async ({
  page,
  consoleProblems,
}) => {
  await page.addInitScript((message) => {
    const w = window as unknown as { __resizeObserver: unknown; ResizeObserver: unknown };
    w.__resizeObserver = w.ResizeObserver;
    w.ResizeObserver = class {
      constructor() {
        throw new Error(message);
      }
    };
  }, BOOM);
  const link = linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 7 });
  await page.goto(link);
  const failed = page.getByRole('alert').filter({ hasText: 'The job graph failed' });
  await expect(failed).toContainText(BOOM);
  await expect(failed.getByRole('textbox', { name: 'Link' })).toHaveValue(/#v1=/);
  // The rest of the app goes on: the footer steps, the side panel shows its tabs.
  await expect(page.getByTestId('tick').locator('b')).toHaveText('7');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByTestId('tick').locator('b')).toHaveText('8');
  await expect(page.getByRole('tab', { name: 'Log' })).toBeVisible();

  await page.evaluate(() => {
    const w = window as unknown as { __resizeObserver: unknown; ResizeObserver: unknown };
    w.ResizeObserver = w.__resizeObserver;
  });
  await failed.getByRole('button', { name: 'Reopen the default lesson' }).click();
  await expect(failed).toBeHidden();
  await expect(page.locator('.react-flow__node').first()).toBeVisible();
  await expect(page.getByTestId('lesson')).toContainText('step 1 /');
  // React reports the caught error in the console; that one was made here on purpose.
  const unexpected = consoleProblems.filter(
    (p) => !p.includes(BOOM) && !p.includes('error boundary'),
  );
  consoleProblems.length = 0;
  consoleProblems.push(...unexpected);
});
