import { expect, linkTo, open, preset, test } from './fixtures';

/**
 * What the Config tab says of a sink that writes a topic: its KafkaSink builder in the Flink
 * code, and a warning when a transaction timeout is set on a sink that writes outside
 * transactions.
 */
const TEXT = {
  en: {
    config: 'Config',
    warning: /Sink sink has a transaction timeout \(3000 ms\).*does nothing/,
  },
  zh: {
    config: '配置',
    warning: /Sink sink 设置了事务超时（3000 ms），却不在事务中写入.*不起作用/,
  },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`${language}: a transaction timeout on an at-least-once sink is said to do nothing`, async ({
    page,
  }) => {
    const base = preset('at-least-once-sink');
    const custom = {
      ...base,
      operators: base.operators.map((op) =>
        op.kind === 'sink' ? { ...op, transactionTimeoutMs: 3000 } : op,
      ),
    };
    await open(page, linkTo({ scenario: { custom }, tick: 5, language }));
    await page.getByRole('tab', { name: TEXT[language].config }).click();
    await expect(page.getByRole('note').filter({ hasText: 'transaction.timeout.ms' })).toHaveText(
      TEXT[language].warning,
    );
    const code = page.locator('pre.cl-code');
    await expect(code).toContainText('.setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)');
    await expect(code).not.toContainText('setTransactionalIdPrefix');
  });
}

test('the transaction timeout trap: the code shows the sink as KafkaSink with EXACTLY_ONCE, and no warning', async ({
  page,
}) => {
  await open(page, linkTo({ scenario: { preset: 'two-phase-commit-timeout' }, tick: 5 }));
  await page.getByRole('tab', { name: 'Config' }).click();
  const code = page.locator('pre.cl-code');
  await page.getByRole('button', { name: 'Java' }).click();
  for (const line of [
    'KafkaSink<String> sink = KafkaSink.<String>builder()',
    '.setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)',
    '.setTransactionalIdPrefix("sink")',
    '.setProperty("transaction.timeout.ms", "3000")',
  ]) {
    await expect(code).toContainText(line);
  }
  await expect(page.getByRole('note').filter({ hasText: 'transaction.timeout.ms' })).toHaveCount(0);
});
