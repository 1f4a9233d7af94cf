import { recordTimeline, stateAt } from '../../src/session/timeline';
import { backpressureOf, topologyOf } from '../../src/engine';
import { expect, expectTick, linkTo, node, open, preset, test } from './fixtures';

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

const FIGURES = {
  en: {
    endToEnd: 'End to end',
    persisted: 'Persisted in-flight data',
    four: '4 records',
    none: '0 records',
  },
  zh: { endToEnd: '端到端耗时', persisted: '保存的在途数据', four: '4 条', none: '0 条' },
} as const;

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) checkpoint 1's figures: summed up over the subtasks in the Checkpoints panel, and Source 1's own in its inspector`, async ({
    page,
  }) => {
    const words = FIGURES[language];
    await open(
      page,
      linkTo({
        scenario: { preset: UNALIGNED },
        tick: 15,
        language,
        view: { selected: 'source#0' },
      }),
    );
    // Source 1 persisted 4 records (7 8 9 10), the most of any subtask; the sink none.
    const own = page.getByTestId('inspector-figures');
    await expect(own.locator('tr', { hasText: words.persisted })).toContainText(words.four);
    await page.getByRole('tab', { name: language === 'zh' ? '检查点' : 'Checkpoints' }).click();
    await page
      .getByRole('button', { name: language === 'zh' ? '显示每个子任务' : 'Show each subtask' })
      .first()
      .click();
    const summary = page.getByTestId('checkpoint-summary-1');
    const persisted = summary.locator('tr', { hasText: words.persisted }).locator('td');
    await expect(persisted.first()).toHaveText(words.none);
    await expect(persisted.last()).toHaveText(words.four);
    // The largest end-to-end time of a subtask is the checkpoint's own: it completes with the
    // last acknowledgement.
    const entry = page.locator('.cl-cp', { has: summary });
    const duration = await entry
      .locator('.cl-cp-grid div', { hasText: words.endToEnd })
      .locator('dd')
      .innerText();
    const endToEnd = summary.locator('tr', { hasText: words.endToEnd }).locator('td');
    await expect(endToEnd.last()).toHaveText(duration.replace('…', ''));
  });
}

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) a LOW backpressure ring is dashed, unlike a lesson's highlight, and the legend tells them apart`, async ({
    page,
  }) => {
    // Lesson 8 part 1 at tick 8: Source 1 is LOW and ringed by the lesson too; sum is HIGH.
    await open(
      page,
      linkTo({
        scenario: { preset: 'slow-sink-aligned' },
        tick: 8,
        lesson: { id: 'backpressure-aligned', step: 1 },
        language,
      }),
    );
    const low = node(page, 'source#0').locator('.g-bp-low');
    await expect(low).toHaveCount(1);
    await expect(low).toHaveCSS('outline-style', 'dashed');
    await expect(node(page, 'sum#0')).toHaveClass(/g-highlight/);
    await expect(node(page, 'sum#0').locator('.g-node')).not.toHaveCSS('outline-style', 'dashed');
    await page.getByText(language === 'zh' ? '图例' : 'Legend', { exact: true }).click();
    const popup = page.locator('.g-legend-popup');
    await expect(popup).toContainText(language === 'zh' ? '反压 LOW' : 'backpressure LOW');
    await expect(popup).toContainText(language === 'zh' ? '课程关注的任务' : 'lesson points here');
  });

  test(`(${language}) records an unaligned barrier overtook are drawn as in channel state`, async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: UNALIGNED }, tick: 11, language }));
    // Source 1's barrier went past 7 8 9 10 in its output (the marks are drawn on the flight
    // canvas, checked in the unit tests of toFlowElements); the legend names the mark.
    await page.getByText(language === 'zh' ? '图例' : 'Legend', { exact: true }).click();
    await expect(page.locator('.g-legend-popup')).toContainText(
      language === 'zh' ? '在通道状态中' : 'in channel state',
    );
  });
}

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) the task inspector shows Flink's load metrics and backpressure level`, async ({
    page,
  }) => {
    // Part 1 at tick 8: the engine's own figures for each task, read as Flink's metrics.
    const scenario = preset('slow-sink-aligned');
    const run = recordTimeline(scenario);
    const state = stateAt(run, 8);
    const topology = topologyOf(scenario);
    const seen = new Set<string>();
    for (const id of ['source#0', 'sum#0', 'sink#0']) {
      const load = backpressureOf(state, topology.taskIndex.get(id)!);
      seen.add(load.status);
      await open(
        page,
        linkTo({
          scenario: { preset: 'slow-sink-aligned' },
          tick: 8,
          language,
          view: { selected: id },
        }),
      );
      await expect(page.getByTestId('backpressure-level')).toHaveText(load.status);
      const figures = page.getByTestId('task-load');
      const value = (metric: string) => figures.locator(`tr[data-metric="${metric}"] b`);
      await expect(value('busyTimeMsPerSecond')).toHaveText(/^\d+$/);
      const shown = await Promise.all(
        ['busyTimeMsPerSecond', 'backPressuredTimeMsPerSecond', 'idleTimeMsPerSecond'].map(
          async (m) => Number(await value(m).textContent()),
        ),
      );
      // Whole milliseconds of the engine's shares, rounded so that the three make one second.
      const shares = [load.busy, load.backpressured, load.idle];
      shown.forEach((ms, k) => expect(Math.abs(ms - shares[k] * 1000)).toBeLessThanOrEqual(1));
      expect(shown.reduce((a, b) => a + b, 0)).toBe(1000);
    }
    // The moment has all three levels: the check above could not pass with one label for all.
    expect([...seen].sort()).toEqual(['HIGH', 'LOW', 'OK']);
  });
}

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) the config panel sets a channel's capacity, and refuses an impossible one`, async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'slow-sink-aligned' }, tick: 8, language }));
    await page.getByRole('tab', { name: language === 'zh' ? '配置' : 'Config' }).click();
    const capacity = page.getByLabel('sum → sink', { exact: true });
    await expect(capacity).toHaveValue('4');
    await capacity.fill('0');
    await expect(page.getByRole('alert')).toContainText(
      language === 'zh' ? '0 小于下限 1' : '0 is less than the minimum of 1',
    );
    // Refused: the run still has its old channel.
    await expect(
      node(page, 'sink#0').locator('.g-input-fill', { hasText: /\/4$/ }).first(),
    ).toBeVisible();
    await capacity.fill('2');
    await capacity.press('Enter');
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The run is recorded again with the new capacity, at the same tick.
    await expectTick(page, 8);
    await expect(node(page, 'sink#0').locator('.g-input-fill', { hasText: /^\d\/2$/ })).toHaveCount(
      1,
    );
  });
}
