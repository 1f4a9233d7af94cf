import type { Locator } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { PRESET_TITLES } from '../../src/scenarios/presets/titles';
import { expect, linkTo, node, open, say, test } from './fixtures';

const first = LESSONS[0];

const fontSize = (locator: Locator) =>
  locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test('switching to Chinese translates the screen and is remembered on the next visit', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: '切换到中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '分享' })).toBeVisible();
  await expect(page.getByRole('button', { name: '播放', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: '精确一次' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '课程' })).toBeVisible();
  await expect(page.getByTestId('lesson').getByRole('heading', { level: 2 })).toHaveText(
    first.title.zh,
  );
  await expect(node(page, 'source#0')).toContainText('偏移量');
  await expect(page.getByTestId('tick')).toContainText('拍');

  // A visit without a link: the language comes from what this browser remembered.
  await page.goto('/');
  await expect(page.getByRole('button', { name: '分享' })).toBeVisible();
  await expect(page.getByTestId('lesson').getByRole('heading', { level: 2 })).toHaveText(
    first.title.zh,
  );

  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('in Chinese the picker names every scenario in Chinese, and picking one opens it', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: '切换到中文' }).click();
  const picker = page.getByRole('combobox', { name: '课程或场景' });
  // The scenarios' titles load on the page's first input (the click).
  await expect(picker.locator('option[value^="preset:"]')).toHaveCount(PRESET_TITLES.length);
  // A preset's title once, as a whole option (a lesson part may share it, after its number).
  const titles = await picker.locator('option').allTextContents();
  for (const preset of PRESET_TITLES) {
    expect(titles.filter((title) => title.trim() === preset.title.zh)).toHaveLength(1);
  }
  await expect(picker.locator('option', { hasText: 'Barriers and alignment' })).toHaveCount(0);
  await picker.selectOption({ label: '两个 Source 的分界线与对齐' });
  await expect(picker).toHaveValue('preset:barrier-alignment');
});

test('presenter mode: the graph, the lesson as a caption and one row of controls, nothing else', async ({
  page,
}) => {
  await open(page);
  const presenter = page.getByRole('button', { name: 'Presenter' });
  const stage = page.locator('section.stage');
  const before = (await stage.boundingBox())!;
  await expect(page.getByTestId('caption')).toHaveCount(0);

  await presenter.click();
  const caption = page.getByTestId('caption');
  await expect(caption).toBeVisible();
  await expect(page.locator('header')).toHaveCount(0);
  await expect(page.getByTestId('result')).toHaveCount(0);
  await expect(page.locator('aside')).toHaveCount(0);
  const after = (await stage.boundingBox())!;
  expect(after.width * after.height).toBeGreaterThan(before.width * before.height);
  await expect(caption).toContainText(say(first, first.steps[0].title));
  await expect(caption).toContainText(say(first, first.steps[0].text));
  expect(await fontSize(caption.getByText(say(first, first.steps[0].text)))).toBeGreaterThanOrEqual(
    18,
  );

  // The lesson goes on from the caption, question and answer included.
  const withQuestion = first.steps.findIndex((s) => s.question);
  for (let i = 0; i < withQuestion; i++) {
    await caption.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(caption).toContainText(say(first, first.steps[withQuestion].title));
  await expect(caption).toContainText(say(first, first.steps[withQuestion].question!.prompt));
  await caption.getByRole('button', { name: 'Reveal the answer' }).click();
  await expect(caption).toContainText(say(first, first.steps[withQuestion].question!.answer));

  await page.getByRole('button', { name: 'Leave presenter mode' }).click();
  await expect(presenter).toHaveAttribute('aria-pressed', 'false');
  await expect(caption).toHaveCount(0);
  await expect(page.getByTestId('lesson')).toContainText(
    `step ${withQuestion + 1} / ${first.steps.length}`,
  );
});

test('presenter mode travels in a link, and in free play the caption says what just happened', async ({
  page,
}) => {
  // Tick 20 of the seed job: sum_odd fails just before adding 7.
  await open(
    page,
    linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 20, view: { presenter: true } }),
  );
  await expect(page.getByRole('button', { name: 'Leave presenter mode' })).toBeVisible();
  await expect(page.getByTestId('caption')).toContainText(
    'sum_odd failed just before processing record 7',
  );
});
