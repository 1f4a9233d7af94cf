import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { expect, linkTo, open, test } from './fixtures';

/** Violations a screen reader or keyboard user would be stopped by. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

const lesson = LESSONS[LESSONS.length > 2 ? 2 : 0];
const lessonLink = (language: 'en' | 'zh', presenter = false) =>
  linkTo({
    scenario: { preset: lesson.scenario.id },
    tick: lesson.steps[1]?.tick ?? 0,
    language,
    lesson: { id: lesson.id, step: Math.min(1, lesson.steps.length - 1) },
    view: { presenter },
  });

/** A step the run can be one tick past without reaching the next: the caption then offers to go back. */
const offStep = lesson.steps.findIndex(
  (s, k) => (lesson.steps[k + 1]?.tick ?? Infinity) > s.tick + 1,
);

// The Chinese screen is the lesson screen: one axe run covers both.
const screens: [string, string][] = [
  ['a lesson open, in Chinese', lessonLink('zh')],
  ['presenter mode', lessonLink('en', true)],
];

// axe takes seconds per screen on a graph this size, so each run covers as much as it can.
test.describe.configure({ timeout: 120_000 });

test('no serious accessibility violations: the main screen, with the config tab and the menus open', async ({
  page,
}) => {
  await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 7 }));
  await page.getByRole('tab', { name: 'Config' }).click();
  // A press on a menu closes the others, as menus do: every menu is opened at once here so that
  // one run of axe sees them all.
  await page.locator('details').evaluateAll((menus) => {
    for (const menu of menus) (menu as HTMLDetailsElement).open = true;
  });
  await expect(page.getByRole('button', { name: 'Undo last injection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkpoint now' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [name, url] of screens) {
  test(`no serious accessibility violations: ${name}`, async ({ page }) => {
    await open(page, url);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// axe leaves a button it cannot place over one background unjudged; this one was white on white.
test('every button of the presenter caption, the one back to the step’s moment too, stands out from its background', async ({
  page,
}) => {
  await open(
    page,
    linkTo({
      scenario: { preset: lesson.scenario.id },
      tick: lesson.steps[offStep].tick + 1,
      language: 'zh',
      lesson: { id: lesson.id, step: offStep },
      view: { presenter: true },
    }),
  );
  await expect(page.getByTestId('off-script').getByRole('button')).toBeVisible();
  const contrasts = await page.locator('.caption button').evaluateAll((buttons) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    return buttons.map((b) => {
      // The first opaque background at or above the button.
      let under: Element | null = b;
      let bg = [0, 0, 0, 0];
      while (under && bg.length === 4 && bg[3] === 0) {
        bg = rgb(getComputedStyle(under).backgroundColor);
        under = under.parentElement;
      }
      const [hi, lo] = [luminance(rgb(getComputedStyle(b).color)), luminance(bg)].sort(
        (x, y) => y - x,
      );
      return { text: b.textContent, ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 10) / 10 };
    });
  });
  expect(contrasts.length).toBeGreaterThan(2);
  expect(contrasts.filter((c) => c.ratio < 4.5)).toEqual([]);
});

test('no serious accessibility violations: an embed at 800x500, with its legend open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 500 });
  await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 7 }, { embed: true }));
  await page.getByText('Legend', { exact: true }).click();
  await expect(page.locator('details').getByText('failed task')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violations: a 1024x768 screen, with the More and Embed menus open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await open(page, lessonLink('en'));
  await page.getByText('More', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Presenter' })).toBeVisible();
  await page.getByText('Embed', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: /Paste this/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
