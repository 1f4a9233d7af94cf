import { expect, test } from '@playwright/test';

test('opens on the odd/even sum lesson and steps', async ({ page }) => {
  const errors: string[] = [];
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && errors.push(m.text()),
  );
  await page.goto('/');
  await expect(page.getByText('Odd/even sum', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByText('tick 1 /', { exact: false })).toBeVisible();
  expect(errors).toEqual([]);
});
