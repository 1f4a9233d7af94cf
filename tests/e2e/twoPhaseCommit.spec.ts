import type { Page } from '@playwright/test';
import { expect, linkTo, node, open, test, verdictOf } from './fixtures';

/**
 * The two-phase-commit preset opened at chosen ticks: checkpoint 1 pre-commits sink-0-1 (1, 2, 4,
 * 6, 9) at tick 17, sink-0-2 opens with 12 at tick 18, sum_odd fails at tick 20, the open
 * transaction is aborted at tick 21 and the restore commits sink-0-1 at tick 23; the job ends at
 * tick 35. What a user reads on the sink's node, in the Topic tab and in the result strip.
 */
const at = (tick: number, language: 'en' | 'zh' = 'en', selected?: string) =>
  linkTo({
    scenario: { preset: 'two-phase-commit' },
    tick,
    language,
    ...(selected ? { view: { selected } } : {}),
  });

const TEXT = {
  en: { topic: 'Topic', open: 'open', pre: 'pre-committed', task: 'Task', aborted: 'aborted' },
  zh: { topic: '主题', open: '进行中', pre: '已预提交', task: '任务', aborted: '已中止' },
} as const;

async function reads(page: Page, isolation: string) {
  return page
    .getByTestId(`consumer-${isolation}`)
    .locator('.g-rec')
    .evaluateAll((els) => els.map((e) => `${e.textContent}:${e.getAttribute('data-mark')}`));
}

for (const language of ['en', 'zh'] as const) {
  const text = TEXT[language];

  test(`${language}: the sink's node shows its open transaction beside the pre-committed one`, async ({
    page,
  }) => {
    await open(page, at(19, language));
    const sink = node(page, 'sink#0');
    await expect(sink.getByTestId('sink-txn')).toHaveText('sink-0-2');
    await expect(sink.getByTestId('sink-txn-state')).toHaveText(`${text.open} 1`);
    await expect(sink.getByTestId('sink-committed')).toContainText('0');
    await open(page, at(17, language));
    await expect(sink.getByTestId('sink-txn')).toHaveText('sink-0-1');
    await expect(sink.getByTestId('sink-txn-state')).toHaveText(`${text.pre} 5`);
    await open(page, at(24, language));
    await expect(sink.getByTestId('sink-committed')).toContainText('1');
  });

  test(`${language}: the task inspector lists the sink's transactions with their states`, async ({
    page,
  }) => {
    await open(page, at(24, language, 'sink#0'));
    const rows = page.getByTestId('txn-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('sink-0-1');
    await expect(rows.nth(1)).toContainText('sink-0-2');
    await expect(rows.nth(1)).toContainText(text.aborted);
  });

  test(`${language}: the Topic tab shows what each consumer read, aborted records marked`, async ({
    page,
  }) => {
    await open(page, at(19, language));
    await page.getByRole('tab', { name: text.topic }).click();
    await expect(page.getByTestId('topic-panel')).toBeVisible();
    expect(await reads(page, 'read_uncommitted')).toEqual([
      '1:uncommitted',
      '2:uncommitted',
      '4:uncommitted',
      '6:uncommitted',
      '9:uncommitted',
      '12:uncommitted',
    ]);
    expect(await reads(page, 'read_committed')).toEqual([]);
    await expect(page.getByTestId('waits-for')).toContainText('sink-0-1');

    await open(page, at(24, language));
    await page.getByRole('tab', { name: text.topic }).click();
    expect(await reads(page, 'read_uncommitted')).toContain('12:aborted');
    expect(await reads(page, 'read_committed')).toEqual([
      '1:committed',
      '2:committed',
      '4:committed',
      '6:committed',
      '9:committed',
    ]);
    await expect(page.getByTestId('waits-for')).toHaveCount(0);
  });
}

test('the result strip says per consumer what it read, in both languages', async ({ page }) => {
  await open(page, at(35, 'en'));
  const result = await verdictOf(page);
  await expect(result).toContainText(
    'The read_uncommitted consumer of sums read 12 (from sum_even) twice: one copy was in an aborted transaction.',
  );
  await expect(result).toContainText(
    'The read_committed consumer of sums read every record exactly once.',
  );
  await expect(result).not.toContainText('lost');

  await open(page, at(35, 'zh'));
  const zh = await verdictOf(page);
  await expect(zh).toContainText(
    '主题 sums 的 read_uncommitted 消费者把 12（来自 sum_even）读了两次，因为其中一份在已中止的事务中。',
  );
  await expect(zh).toContainText('主题 sums 的 read_committed 消费者恰好读到每条记录一次。');
});

test('a job without a topic has no Topic tab', async ({ page }) => {
  await open(page, linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 0 }));
  await expect(page.getByRole('tab', { name: 'Task' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Topic' })).toHaveCount(0);
});
