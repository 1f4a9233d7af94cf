import type { Page } from '@playwright/test';
import lz from 'lz-string';
import { LESSONS } from '../../src/scenarios/lessons/course';
import {
  expect,
  expectPicked,
  expectTick,
  type LinkState,
  linkTo,
  node,
  open,
  pickPreset,
  preset,
  say,
  settledVerdict,
  shownTick,
  sumOf,
  test,
} from './fixtures';

const first = LESSONS[0];

/** What the app shows when a link could not be opened: the message, and the first lesson. */
async function expectRefusedWithDefaultLesson(page: Page, why: RegExp) {
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(why);
  await expect(alert).toContainText('The default lesson opened instead.');
  const lesson = page.getByTestId('lesson');
  await expect(lesson.getByRole('heading', { level: 2 })).toHaveText(first.title.en);
  await expect(lesson).toContainText(`step 1 / ${first.steps.length}`);
  await expectTick(page, first.steps[0].tick);
}

function rawLink(json: string): string {
  return `/#v1=${lz.compressToEncodedURIComponent(json)}`;
}

test.describe('share links', () => {
  test('Share copies a link that opens the same tick, language and lesson step', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page);
    const lesson = page.getByTestId('lesson');
    await lesson.getByRole('button', { name: 'Continue' }).click();
    await lesson.getByRole('button', { name: 'Continue' }).click();
    await expect(lesson).toContainText(`step 3 / ${first.steps.length}`);
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    const tick = first.steps[2].tick + 1;
    await expectTick(page, tick);
    await page.getByRole('button', { name: '切换到中文' }).click();
    await page.getByRole('button', { name: '分享' }).click();
    await expect(page.getByRole('status').filter({ hasText: '链接已复制' })).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/#v1=/);

    // Somebody else's browser: nothing remembered, English by default.
    await page.evaluate(() => localStorage.clear());
    await page.goto('about:blank');
    await open(page, url);
    await expectTick(page, tick);
    await expect(page.getByRole('button', { name: 'Switch to English' })).toBeVisible();
    await expect(page.getByTestId('lesson')).toContainText(`第 3 / ${first.steps.length} 步`);
    await expect(page.getByTestId('lesson').getByRole('heading', { level: 3 })).toHaveText(
      say(first, first.steps[2].title, 'zh'),
    );
    await expect(page.getByRole('button', { name: `回到第 ${tick - 1} 拍` })).toBeVisible();
  });

  test('a link made elsewhere opens at its tick, in its language, at its lesson step', async ({
    page,
  }) => {
    const lesson = LESSONS.find((l) => l.scenario.id === 'barrier-alignment') ?? LESSONS[1];
    const step = lesson.steps.length - 2;
    const tick = lesson.steps[step].tick;
    await open(
      page,
      linkTo({
        scenario: { preset: lesson.scenario.id },
        tick,
        language: 'zh',
        lesson: { id: lesson.id, step },
      }),
    );
    await expectTick(page, tick);
    await expect(page.getByTestId('lesson')).toContainText(
      `第 ${step + 1} / ${lesson.steps.length} 步`,
    );
    await expect(page.getByTestId('lesson').getByRole('heading', { level: 2 })).toHaveText(
      lesson.title.zh,
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the address bar follows the screen, and a link pasted into an open app is followed', async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 0 }));
    const end = Number(await page.getByRole('slider').getAttribute('max'));
    await page.keyboard.press('End');
    const tickInAddress = () => {
      const payload = new URL(page.url()).hash.replace(/^#v1=/, '');
      return (
        JSON.parse(lz.decompressFromEncodedURIComponent(payload) ?? '{}') as { tick?: number }
      ).tick;
    };
    await expect.poll(tickInAddress).toBe(end);
    const atEnd = page.url();
    await page.goto('about:blank');
    await open(page, atEnd);
    await expect(sumOf(page, 'sum_even#0')).toHaveText('20');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
    await settledVerdict(page);
    await expect(page.getByTestId('result')).toContainText('Exactly-once holds');

    // Only the hash changes: the open app follows it without a reload.
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await page.goto(linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 15 }));
    await expectTick(page, 15);
    await expect(node(page, 'source#0')).toContainText('offset 5');
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(
      true,
    );
  });

  test('a link starts loading its reader before the rest of the app has run', async ({ page }) => {
    // The app's startup, once all its modules have run, begins with the remembered language.
    await page.addInitScript(() => {
      const w = window as unknown as { __languageReadAt?: number };
      const read = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key: string) {
        if (key === 'checkpoint-lab.language') w.__languageReadAt ??= performance.now();
        return read.call(this, key);
      };
    });
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 0 }));
    const { reader, language } = await page.evaluate(() => ({
      reader: performance
        .getEntriesByType('resource')
        .find((e) => /\/links-[\w-]+\.js$/.test(e.name))?.startTime,
      language: (window as unknown as { __languageReadAt?: number }).__languageReadAt,
    }));
    expect(language).toBeDefined();
    expect(reader).toBeLessThan(language!);
  });
});

test('a run paused after playing leaves the paused tick in the address bar', async ({ page }) => {
  await open(page, linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 0 }));
  const tickInAddress = () => {
    const payload = new URL(page.url()).hash.replace(/^#v1=/, '');
    return (JSON.parse(lz.decompressFromEncodedURIComponent(payload) ?? '{}') as { tick?: number })
      .tick;
  };
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => shownTick(page)).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const paused = await shownTick(page);
  expect(paused).toBeGreaterThanOrEqual(3);
  await expect.poll(tickInAddress).toBe(paused);
  // The link opens the moment it names.
  const link = page.url();
  await page.goto('about:blank');
  await open(page, link);
  await expectTick(page, paused);
});

test.describe('links that cannot be opened', () => {
  const valid = linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 5, language: 'en' });

  const cases: { name: string; url: string; why: RegExp }[] = [
    { name: 'not a link of this app', url: '/#hello', why: /damaged/ },
    { name: 'a broken escape', url: '/#v1=%E0%A4%A', why: /damaged/ },
    { name: 'characters a link never holds', url: '/#v1=abc<def>', why: /damaged/ },
    {
      name: 'truncated',
      url: valid.slice(0, Math.floor(valid.length / 2)),
      why: /damaged|cannot run/,
    },
    { name: 'oversized', url: `/#v1=${'A'.repeat(70_000)}`, why: /too large/ },
    {
      name: 'a decompression bomb',
      url: rawLink(JSON.stringify({ v: 1, pad: 'x'.repeat(3_000_000) })),
      why: /too large/,
    },
    { name: 'from a newer version', url: '/#v9=N4Ig', why: /newer Checkpoint Lab/ },
    {
      name: 'an unknown preset',
      url: linkTo({ scenario: { preset: 'no-such-preset' }, tick: 0 }),
      why: /unknown preset/,
    },
    {
      name: 'an impossible scenario',
      url: linkTo({
        scenario: {
          custom: {
            ...preset('odd-even-sum'),
            operators: preset('odd-even-sum').operators.map((op) =>
              op.id === 'sum_even' ? { ...op, parallelism: 0 } : op,
            ),
          },
        },
        tick: 0,
      }),
      why: /cannot run/,
    },
  ];

  // One page for all of them: each is a fresh load of its link, and a new page costs more.
  test(`each shows the message and the default lesson: ${cases.map((c) => c.name).join(', ')}`, async ({
    page,
  }) => {
    for (const c of cases) {
      await test.step(c.name, async () => {
        await page.goto('about:blank');
        await open(page, c.url);
        await expectRefusedWithDefaultLesson(page, c.why);
      });
    }
  });

  test('a hostile link: script in the title of an impossible scenario runs nothing', async ({
    page,
  }) => {
    const hostile = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const seed = preset('odd-even-sum');
    const state: LinkState = {
      scenario: {
        custom: {
          ...seed,
          title: hostile,
          edges: [...seed.edges, { from: 'sum_odd', to: 'nowhere', partitioning: 'forward' }],
        },
      },
      tick: 0,
    };
    await open(page, linkTo(state));
    await expectRefusedWithDefaultLesson(page, /cannot run/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
      undefined,
    );
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('a hostile link that can run: its names show as text, no script runs, no prototype is polluted', async ({
    page,
  }) => {
    const hostile = '<img src=x onerror="window.__pwned = 1">';
    const seed = preset('odd-even-sum');
    const scenario = {
      ...seed,
      title: `<script>window.__pwned = 2</script>`,
      operators: seed.operators.map((op) => (op.id === 'sum_odd' ? { ...op, name: hostile } : op)),
    };
    // `__proto__` only survives as a key when written by hand into the JSON.
    const json = JSON.stringify({ v: 1, language: 'en', tick: 14, scenario: { custom: scenario } })
      .replace('"version":1', '"__proto__":{"polluted":"yes"},"version":1')
      .replace('{"v":1', '{"constructor":{"prototype":{"polluted":"yes"}},"v":1');
    await open(page, rawLink(json));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectTick(page, 14);
    await expect(node(page, 'sum_odd#0')).toContainText(hostile);
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');
    expect(
      await page.evaluate(() => ({
        pwned: (window as unknown as { __pwned?: number }).__pwned,
        polluted: ({} as Record<string, unknown>).polluted,
      })),
    ).toEqual({ pwned: undefined, polluted: undefined });
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test('embed mode shows the graph and the playback controls without the chrome', async ({
  page,
}) => {
  await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 6 }, { embed: true }));
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByText('Inject failure')).toHaveCount(0);
  await expect(node(page, 'sum_even#0')).toBeVisible();
  await expectTick(page, 6);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expectTick(page, 7);
});

test.describe('scenario files', () => {
  const file = (scenario: unknown) => ({
    name: 'class.checkpoint-lab.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({ format: 'checkpoint-lab-scenario', version: 1, scenario }, null, 2),
    ),
  });

  async function openFileMenu(page: Page) {
    const menu = page.locator('details', { has: page.getByText('File', { exact: true }) });
    if (!(await menu.evaluate((d: HTMLDetailsElement) => d.open))) {
      await menu.getByText('File', { exact: true }).click();
    }
  }

  async function importFile(page: Page, payload: ReturnType<typeof file> | string) {
    await openFileMenu(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import scenario…' }).click();
    await (await chooser).setFiles(payload);
  }

  test('an invalid file says which field is wrong and changes nothing', async ({ page }) => {
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 6 }));
    const seed = preset('odd-even-sum');
    await importFile(
      page,
      file({
        ...seed,
        operators: seed.operators.map((op) =>
          op.id === 'sum_odd' ? { ...op, parallelism: 0 } : op,
        ),
      }),
    );
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('parallelism');
    await expect(alert).toContainText('Nothing was changed.');
    await expectTick(page, 6);
    await expectPicked(page, 'barrier-alignment');
    await expect(node(page, 'source#1')).toBeVisible();
  });

  test('a valid file opens its job; an exported file opens the same job again', async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 6 }));
    await importFile(
      page,
      file({
        version: 1,
        id: 'one-to-four',
        title: 'One to four',
        operators: [
          { id: 'numbers', kind: 'source', parallelism: 1, input: [1, 2, 3, 4] },
          { id: 'total', kind: 'sum', parallelism: 1, accept: 'all' },
        ],
        edges: [{ from: 'numbers', to: 'total', partitioning: 'forward' }],
      }),
    );
    await expect(
      page.getByRole('status').filter({ hasText: 'Opened class.checkpoint-lab.json' }),
    ).toBeVisible();
    await expectTick(page, 0);
    await page.keyboard.press('End');
    await expect(sumOf(page, 'total#0')).toHaveText('10');

    await openFileMenu(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export scenario (JSON)' }).click();
    const exported = await (await download).path();
    await pickPreset(page, 'odd-even-sum');
    await expect(node(page, 'total#0')).toHaveCount(0);
    await importFile(page, exported);
    await expect(node(page, 'total#0')).toBeVisible();
    await page.keyboard.press('End');
    await expect(sumOf(page, 'total#0')).toHaveText('10');
  });
});
