import type { Locator } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons';
import { expect, linkTo, node, open, test } from './fixtures';

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

test('presenter mode: larger type and the lesson step as a caption over the graph', async ({
  page,
}) => {
  await open(page);
  const presenter = page.getByRole('button', { name: 'Presenter' });
  const stepText = page.getByTestId('lesson').getByText(first.steps[0].text.en, { exact: true });
  const before = await fontSize(stepText);
  await expect(page.getByTestId('caption')).toHaveCount(0);

  await presenter.click();
  await expect(presenter).toHaveAttribute('aria-pressed', 'true');
  const caption = page.getByTestId('caption');
  await expect(caption).toBeVisible();
  await expect(caption).toContainText(first.steps[0].title.en);
  await expect(caption).toContainText(first.steps[0].text.en);
  expect(await fontSize(stepText)).toBeGreaterThan(before);

  // The caption follows the lesson.
  await page.getByTestId('lesson').getByRole('button', { name: 'Continue' }).click();
  await expect(caption).toContainText(first.steps[1].title.en);

  await presenter.click();
  await expect(presenter).toHaveAttribute('aria-pressed', 'false');
  await expect(caption).toHaveCount(0);
});

test('presenter mode travels in a link, and in free play the caption says what just happened', async ({
  page,
}) => {
  // Tick 20 of the seed job: sum_odd fails just before adding 7.
  await open(
    page,
    linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 20, view: { presenter: true } }),
  );
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('caption')).toContainText(
    'sum_odd failed just before processing record 7',
  );
});
