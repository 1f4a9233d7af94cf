import { lessonById } from '../../src/scenarios/lessons/course';
import { expect, expectTick, linkTo, open, test } from './fixtures';

// The Checkpoints panel as a student reads it at lesson 5's last step (checkpoint-config): each
// checkpoint's status, and what each subtask stored, in the screen's language and within the
// panel on a projector's 1280x720.

const WORDS = {
  en: { tab: 'Checkpoints', each: 'Show each subtask', completed: 'COMPLETED', sum: /^sum \d+$/ },
  zh: { tab: '检查点', each: '显示每个子任务', completed: '已完成', sum: /^和 \d+$/ },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) a completed checkpoint's status and its subtasks' snapshots read in the screen's language, within the panel`, async ({
    page,
  }) => {
    const words = WORDS[language];
    const steps = lessonById('checkpoint-config')!.steps;
    const tick = steps[steps.length - 1]!.tick;
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, linkTo({ scenario: { preset: 'checkpoint-config' }, tick, language }));
    await expectTick(page, tick);
    await page.getByRole('tab', { name: words.tab }).click();
    const completed = page.locator('.cl-cp-completed').first();
    await expect(completed.locator('.cl-status')).toHaveText(`✓ ${words.completed}`);
    if (language === 'zh')
      await expect(page.locator('.cl-status', { hasText: /[A-Z]{4}/ })).toHaveCount(0);
    await completed.getByRole('button', { name: words.each }).click();
    // The widest snapshot, the sum per key's pairs, wraps inside the panel instead of running
    // past its edge.
    const panel = await page.getByRole('tabpanel').boundingBox();
    const pairs = completed.locator('tr', { hasText: 'sum per key' }).locator('td.cl-snapshot');
    await expect(pairs).toContainText('1: ');
    const box = await pairs.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(panel!.x + panel!.width + 0.5);

    // Lesson 1's sums store a number each: a sum, in the screen's language.
    const last = lessonById('consistent-checkpoint')!.steps.at(-1)!.tick;
    await open(page, linkTo({ scenario: { preset: 'odd-even-sum' }, tick: last, language }));
    await expectTick(page, last);
    await page.getByRole('tab', { name: words.tab }).click();
    const first = page.locator('.cl-cp-completed').first();
    await first.getByRole('button', { name: words.each }).click();
    await expect(first.locator('tr', { hasText: 'sum_even' }).locator('td.cl-snapshot')).toHaveText(
      words.sum,
    );
  });
}

// Lesson 8's "Expired before it started": checkpoint 1 of the backpressured job expired before
// its barrier reached the sum. Its start delays are of the subtasks a barrier reached, and the
// panel says of how many, so that "100 ms" does not read as the sum's.
const REACHED = {
  en: { tab: 'Checkpoints', failed: 'FAILED', reached: 'barrier at 2 of 4 subtasks' },
  zh: { tab: '检查点', failed: '失败', reached: '分界线已到 4 个子任务中的 2 个' },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) an expired checkpoint's start delays say how many subtasks the barrier reached`, async ({
    page,
  }) => {
    const words = REACHED[language];
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, linkTo({ scenario: { preset: 'slow-sink-aligned' }, tick: 16, language }));
    await expectTick(page, 16);
    await page.getByRole('tab', { name: words.tab }).click();
    const expired = page.locator('.cl-cp-failed').first();
    await expect(expired.locator('.cl-status')).toContainText(words.failed);
    await expect(expired.locator('.cl-cp-reached')).toHaveText(words.reached);
    // Every subtask shown, the sum and the sink without a start delay.
    await expired.getByRole('button', { name: WORDS[language].each }).click();
    const sum = expired.locator('tr', { hasText: /^sum|^和/ });
    await expect(sum.locator('td').nth(2)).toHaveText('–');

    // A completed checkpoint's barrier reached every subtask: no such note.
    await open(page, linkTo({ scenario: { preset: 'checkpoint-config' }, tick: 30, language }));
    await page.getByRole('tab', { name: words.tab }).click();
    await expect(page.locator('.cl-cp-completed').first()).toBeVisible();
    await expect(page.locator('.cl-cp-completed .cl-cp-reached')).toHaveCount(0);
  });
}
