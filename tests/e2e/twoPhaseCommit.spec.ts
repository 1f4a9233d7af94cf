import type { Page } from '@playwright/test';
import {
  expect,
  expectTick,
  linkTo,
  node,
  open,
  preset,
  shownTick,
  test,
  verdictOf,
} from './fixtures';

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
  en: {
    topic: 'Topic',
    open: 'open',
    pre: 'pre-committed',
    task: 'Task',
    aborted: 'aborted',
    committed: 'committed',
    received: 'received',
  },
  zh: {
    topic: '主题',
    open: '进行中',
    pre: '已预提交',
    task: '任务',
    aborted: '已中止',
    committed: '已提交',
    received: '已收到',
  },
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

  // A sink's snapshot holds the records of its uncommitted transactions: checkpoint 1 holds
  // sink-0-1's 5; the sink of a job writing outside transactions stores nothing, not "0".
  test(`${language}: the state backend shows what a sink's snapshot stores, and nothing where it stores nothing`, async ({
    page,
  }) => {
    await open(page, at(19, language));
    await expect(page.getByTestId('backend-1-sink#0').locator('b')).toHaveText('5');
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 13, language }));
    await expect(page.getByTestId('backend-1-sink#0').locator('b')).toHaveText('–');
  });

  test(`${language}: records written into the open transaction are not counted as committed`, async ({
    page,
  }) => {
    // Tick 15: the sink has written 1, 2, 4, 6 and 9 into sink-0-1, and nothing is committed.
    await open(page, at(15, language));
    const sink = node(page, 'sink#0');
    await expect(sink.getByTestId('sink-txn-state')).toHaveText(`${text.open} 5`);
    await expect(sink.locator('.g-state').first()).toHaveText(`${text.committed} 0`);
    await expect(sink).not.toContainText(text.received);
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

/**
 * The timeout trap without a restart strategy: the job fails for good at tick 20, with
 * checkpoint 1's transaction pre-committed. Submitted again from checkpoint 1 at once, it
 * commits it; submitted after staying down longer than the 3 s transaction timeout, the broker
 * has aborted it and its records are lost, though checkpoint 1 completed.
 */
for (const language of ['en', 'zh'] as const) {
  const words = {
    en: { trigger: 'Trigger', down: 'Down for (s)', start: 'Start a new job from checkpoint 1' },
    zh: { trigger: '触发', down: '停机时长（秒）', start: '从检查点 1 启动新作业' },
  }[language];
  const failedForGood = {
    ...preset('two-phase-commit-timeout'),
    id: 'timeout-no-restart',
    restart: { type: 'none' as const },
  };

  test(`${language}: a failed job started again from its checkpoint after its transactions timed out loses their records`, async ({
    page,
  }) => {
    const resumeAfter = async (seconds: string) => {
      // A fresh page each time: the link then opens with the page, not as a new address of an
      // open page still showing the last run.
      await page.goto('about:blank');
      await open(page, linkTo({ scenario: { custom: failedForGood }, tick: 0, language }));
      const slider = page.getByRole('slider');
      await slider.press('End');
      await expectTick(page, 20);
      const menu = page.locator('details.trigger');
      await menu.locator('summary').click();
      // A downtime the menu cannot take is said, and nothing starts.
      const down = menu.getByLabel(words.down);
      await down.fill('5000');
      // The bound it says is the input's: what the run has room to record.
      await expect(menu.getByRole('alert')).toContainText(`${await down.getAttribute('max')}`);
      await expect(menu.getByRole('button', { name: words.start })).toBeDisabled();
      await menu.getByLabel(words.down).fill(seconds);
      await expect(menu.getByRole('alert')).toHaveCount(0);
      await menu.getByRole('button', { name: words.start }).click();
      await page.keyboard.press('Escape');
      await expect(menu).not.toHaveAttribute('open');
      // The run goes on past the failure: the new job runs to the end of its input.
      await slider.press('End');
      await expect.poll(() => shownTick(page)).toBeGreaterThan(20);
      return verdictOf(page);
    };

    const late = await resumeAfter('5');
    await expect(late).toHaveClass(/result-bad/);
    await expect(late).toContainText(
      language === 'en' ? 'the transaction timeout ran out' : '超过了事务超时时间',
    );

    const soon = await resumeAfter('0');
    await expect(soon).not.toContainText(
      language === 'en' ? 'the transaction timeout ran out' : '超过了事务超时时间',
    );
  });
}
