import { expect, expectTick, linkTo, node, open, test } from './fixtures';

// What a student reads of an unaligned checkpoint and of backpressure, each at its moment
// opened from a share link: lesson 8's unaligned job (slow-sink-unaligned).

const UNALIGNED = 'slow-sink-unaligned';

const TEXT = {
  en: { inFlight: 'in flight', inspector: '+ 4 in-flight records as channel state: 7 8 9 10' },
  zh: { inFlight: '在途数据', inspector: '+ 4 条在途数据（通道状态）：7 8 9 10' },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) the backend entry of unaligned checkpoint 1 shows each task's in-flight records`, async ({
    page,
  }) => {
    await open(
      page,
      linkTo({
        scenario: { preset: UNALIGNED },
        tick: 15,
        language,
        view: { selected: 'source#0' },
      }),
    );
    await expectTick(page, 15);
    const backend = node(page, 'state-backend');
    await expect(backend).toContainText(TEXT[language].inFlight);
    // Source 1's barrier overtook 7 8 9 10 in its full output at tick 11; the sink persisted none.
    const sep = language === 'zh' ? '：' : ': ';
    await expect(page.getByTestId('backend-1-source#0')).toContainText(`+4${sep}7 8 9 10`);
    await expect(page.getByTestId('backend-1-source#1')).toContainText(`+3${sep}6 7 8`);
    await expect(page.getByTestId('backend-1-sink#0')).toContainText('+0');
    // The inspector of Source 1 says the same in words.
    await expect(page.getByTestId('inspector-inflight-1')).toHaveText(TEXT[language].inspector);
  });

  test(`(${language}) the Checkpoints panel lists each subtask's persisted records`, async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: UNALIGNED }, tick: 15, language }));
    await page.getByRole('tab', { name: language === 'zh' ? '检查点' : 'Checkpoints' }).click();
    await page
      .getByRole('button', { name: language === 'zh' ? '显示每个子任务' : 'Show each subtask' })
      .first()
      .click();
    const row = page.locator('.cl-cp-tasks tr', { hasText: 'Source 1' });
    const sep = language === 'zh' ? '：' : ': ';
    await expect(row.locator('td.cl-inflight')).toHaveText(`4${sep}7 8 9 10`);
  });
}
