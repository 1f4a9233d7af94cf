import { costly } from './costly';
import { expect, holdRecordingWorker, linkTo, test } from './fixtures';

test('the built app is served with its security headers: a CSP without ws:, framing allowed, nosniff, no referrer', async ({
  request,
}) => {
  for (const path of ['/', '/favicon.svg']) {
    const response = await request.get(path);
    expect(response.ok()).toBe(true);
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain('ws:');
    expect(csp).not.toContain("'unsafe-eval'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-frame-options']).toBeUndefined();
  }
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('ws:');
});

test('under that CSP the app loads, records in a worker and opens menus with no violation', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  // The worker records a piece and waits, so Stop is pressed while it records.
  await holdRecordingWorker(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(linkTo({ scenario: { custom: costly }, tick: 0 }));
  await expect(page.getByTestId('recording-progress')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => workers.some((url) => url.includes('recording.worker')), { timeout: 30_000 })
    .toBe(true);
  await page.getByText('File', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Import scenario…' })).toBeVisible();
  await page.getByText('Embed', { exact: true }).click();
  await page
    .getByTestId('recording-progress')
    .getByRole('button', { name: 'Stop recording' })
    .click();
  const violations = await page.evaluate(
    () => (window as unknown as { __violations: string[] }).__violations,
  );
  expect(violations).toEqual([]);
});
