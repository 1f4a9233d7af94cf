import { expect, linkTo, test } from './fixtures';

// A page fulfilled by the test has no address, so Chromium takes it for a public page and
// lets it frame no local address (Local Network Access), whatever the app's headers say.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-features=LocalNetworkAccessChecks'],
  },
});

test('a page of another origin can embed the app in a frame', async ({ page, baseURL }) => {
  // localhost is another origin than 127.0.0.1, both on this machine.
  const slides = `${baseURL!.replace('127.0.0.1', 'localhost')}/slides.html`;
  await page.route(slides, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Slides</title><iframe title="lab" width="960" height="540" src="${baseURL}${linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 4 }, { embed: true })}"></iframe>`,
    }),
  );
  await page.goto(slides);
  const frame = page.frameLocator('iframe[title="lab"]');
  await expect(frame.getByTestId('tick').locator('b')).toHaveText('4', { timeout: 30_000 });
});
