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

/** A source of 300 values straight into a sink, read 20 a tick. */
function manyOutputs() {
  const base = preset('at-least-once-sink');
  return {
    ...base,
    operators: [
      {
        id: 'source',
        kind: 'source' as const,
        parallelism: 1,
        input: Array.from({ length: 300 }, (_, i) => i + 1),
        rate: 20,
      },
      { id: 'sink', kind: 'sink' as const, parallelism: 1 },
    ],
    edges: [{ from: 'source', to: 'sink', partitioning: 'forward' as const, latency: 1 }],
    actions: [],
  };
}

const LISTED = {
  en: 'The last 200 are listed; 0 of all 300 are duplicates.',
  zh: '下面列出最近的 200 条；全部 300 条中有 0 条重复。',
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`${language}: a sink's inspector lists its latest 200 outputs and says how many there are`, async ({
    page,
  }) => {
    await open(
      page,
      linkTo({
        scenario: { custom: manyOutputs() },
        tick: 0,
        language,
        view: { selected: 'sink#0' },
      }),
    );
    await page.keyboard.press('End');
    const listed = page.getByTestId('sink-outputs').locator('.g-rec');
    await expect(page.getByTestId('outputs-not-listed')).toHaveText(LISTED[language]);
    await expect(listed).toHaveCount(200);
    await expect(listed.first()).toHaveText('101');
    await expect(listed.last()).toHaveText('300');
  });
}
