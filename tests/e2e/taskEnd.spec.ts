import { recordTimeline } from '../../src/session/timeline';
import { expect, linkTo, node, open, preset, test } from './fixtures';

/**
 * What a task node says when its task has ended: a failed task lost its state, in a compact node
 * as in a full one; a finished source is finished, not paused; the inputs of a task that ended
 * do not flow.
 */

const WORDS = {
  en: {
    cleared: 'state cleared',
    failed: 'failed, state cleared',
    canceled: 'cancelled, state cleared',
    finished: 'finished',
    paused: 'paused',
    jobFinished: 'FINISHED',
    stopped: 'stopped',
    ended: 'ended',
  },
  zh: {
    cleared: '状态已清空',
    failed: '失败，状态已清空',
    canceled: '已取消，状态已清空',
    finished: '已完成',
    paused: '已暂停',
    jobFinished: '已完成',
    stopped: '已停止',
    ended: '已结束',
  },
} as const;

/** Whether an element's text is cut short (shortened with an ellipsis or hidden past its box). */
const isCut = (el: Element) => el.scrollWidth > el.clientWidth + 1;

/** The first failure of the fixed-delay restart lesson: `sum` fails. */
const FAILURE = { preset: 'restart-fixed-delay', tick: 12, task: 'sum#0' };

for (const language of ['en', 'zh'] as const) {
  const say = WORDS[language];

  for (const { viewport, detail } of [
    { viewport: { width: 1024, height: 768 }, detail: 'compact' },
    { viewport: { width: 1280, height: 720 }, detail: 'full' },
  ] as const) {
    test.describe(`${language}, ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport });

      test(`a failed task's ${detail} node says its state is cleared, whole`, async ({ page }) => {
        await open(
          page,
          linkTo({ scenario: { preset: FAILURE.preset }, tick: FAILURE.tick, language }),
        );
        const failed = node(page, FAILURE.task);
        // The moment is drawn in the detail this test is about.
        await expect(page.locator('.g-compact')).toHaveCount(detail === 'compact' ? 1 : 0);
        await expect(failed.locator('.g-task')).toHaveClass(/g-task-failed/);
        const words = failed.locator('.g-cleared-text');
        const expected = detail === 'full' ? say.failed : say.cleared;
        await expect(words).toHaveText(expected);
        expect(await words.evaluate(isCut), `"${expected}" is cut off`).toBe(false);
        // A full node names each input's state in words: a failed task reads none of them.
        if (detail === 'full') {
          await expect(failed.locator('.g-input')).toHaveText(new RegExp(say.stopped));
          await expect(failed.locator('.g-flowing')).toHaveCount(0);
        }
      });

      // A tick after sum_odd failed in lesson 1 its peers are cancelled: "CANCELED" is the
      // longest way a task ends, and the lesson's restart step is about these words.
      test(`the nodes of a failed task's cancelled peers say so, whole`, async ({ page }) => {
        await open(page, linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 21, language }));
        await expect(node(page, 'sum_odd#0').locator('.g-task')).toHaveClass(/g-task-failed/);
        const compact = (await page.locator('.g-compact').count()) > 0;
        for (const peer of ['source#0', 'sum_even#0']) {
          await expect(node(page, peer).locator('.g-task')).toHaveClass(/g-task-canceled/);
          const words = node(page, peer).locator('.g-cleared-text');
          const expected = compact ? say.cleared : say.canceled;
          await expect(words).toHaveText(expected);
          expect(await words.evaluate(isCut), `${peer}: "${expected}" is cut off`).toBe(false);
        }
        if (!compact) {
          await expect(node(page, 'sum_even#0').locator('.g-input').first()).toContainText(
            say.stopped,
          );
          await expect(node(page, 'sum_even#0').locator('.g-flowing')).toHaveCount(0);
        }
      });
    });
  }

  // The third failure of the fixed-delay lesson: the JobManager counts down a restart beside
  // four ended checkpoints. The row hides what it has no room for on its line, and in English
  // that was the mode, "exactly-once".
  test(`${language}: the JobManager counting down a restart still says the mode`, async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'restart-fixed-delay' }, tick: 58, language }));
    const row = node(page, 'job-manager').locator('.g-jm-row');
    await expect(row.locator('.g-restart')).toBeVisible();
    const onTheLine = (el: Element) => {
      const line = el.parentElement!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.top >= line.top - 1 && box.bottom <= line.bottom + 1;
    };
    for (const part of ['.g-label', '.g-restart', '.g-recent']) {
      expect(await row.locator(`> ${part}`).evaluate(onTheLine), `${part} on the row's line`).toBe(
        true,
      );
    }
    await expect(row.locator('> .g-label')).toHaveText(
      language === 'en' ? 'exactly-once' : '精确一次',
    );
  });

  // The failure-rate lesson's end: the job failed for good, and the JobManager says why on two
  // lines under its row, inside its border (the second line of the Chinese sat on it).
  test(`${language}: the JobManager of a failed job says why within its border`, async ({
    page,
  }) => {
    const end = recordTimeline(preset('restart-failure-rate')).end;
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, linkTo({ scenario: { preset: 'restart-failure-rate' }, tick: end, language }));
    const jm = node(page, 'job-manager');
    const reason = jm.locator('.g-jm-reason');
    await expect(reason).toContainText('failure-rate');
    const { lines, inside } = await reason.evaluate((el) => {
      const frame = el.closest('.g-node')!;
      const border = parseFloat(getComputedStyle(frame).borderBottomWidth);
      const bottom = frame.getBoundingClientRect().bottom - border;
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()];
      const tops = new Set(rects.map((r) => Math.round(r.top)));
      return { lines: tops.size, inside: rects.every((r) => r.bottom <= bottom + 0.5) };
    });
    expect(lines).toBeGreaterThanOrEqual(1);
    expect(inside, 'every line of the reason inside the border').toBe(true);
  });

  for (const id of ['odd-even-sum', 'savepoint-upgrade']) {
    test(`${language}: at the last tick of ${id} the finished source says finished, not paused`, async ({
      page,
    }) => {
      const end = recordTimeline(preset(id)).end;
      await open(page, linkTo({ scenario: { preset: id }, tick: end, language }));
      await expect(node(page, 'job-manager')).toContainText(say.jobFinished);
      const source = node(page, 'source#0');
      await expect(source.locator('.g-footer')).toContainText(say.finished);
      await expect(source).not.toContainText(say.paused);
      // Every task finished: no input flows any more, each read to its end.
      await expect(page.locator('.react-flow__node .g-input').first()).toContainText(say.ended);
      await expect(page.locator('.react-flow__node .g-flowing')).toHaveCount(0);
    });
  }
}

/**
 * Every task's name whole in a compact node: the upgraded savepoint job is drawn compact at
 * 1280x720, and "sum_by_parity 1" is wider than a compact node's header. Measured on the text's
 * lines, not on scrollWidth, which a name that may wrap does not report.
 */
test.describe('compact names', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  for (const language of ['en', 'zh'] as const) {
    test(`${language}: a compact node shows its task's whole name, subtask number included`, async ({
      page,
    }) => {
      await open(page, linkTo({ scenario: { preset: 'savepoint-upgrade-v2' }, tick: 0, language }));
      await expect(page.locator('.g-compact')).toHaveCount(1);
      const names = await page.locator('.g-task .g-name').evaluateAll((els) =>
        els.map((el) => {
          const box = el.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = [...range.getClientRects()].filter((r) => r.width > 0);
          const inside = lines.every(
            (r) =>
              r.left >= box.left - 1 &&
              r.right <= box.right + 1 &&
              r.top >= box.top - 1 &&
              r.bottom <= box.bottom + 1,
          );
          return { name: el.textContent, inside, title: el.getAttribute('title') };
        }),
      );
      expect(names.map((n) => n.name)).toContain('sum_by_parity 1');
      for (const n of names) {
        expect(n.inside, `"${n.name}" is cut off`).toBe(true);
        expect(n.title).toBe(n.name);
      }
    });
  }
});

/**
 * Lesson 2's "Snapshot everything" (stop-the-world, tick 12): every task copies its state into
 * checkpoint 1, the paused sources too. A source's footer shows its offset, that it is paused
 * and its snapshot's badge, each whole inside the footer, on a projector's 1280x720 (compact
 * nodes, where the word "paused" pushed the badge off the footer) as at 1440x900.
 */
for (const language of ['en', 'zh'] as const) {
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    test(`${language} ${width}x${height}: a paused source's footer shows its snapshot badge and that it is paused`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await open(page, linkTo({ scenario: { preset: 'stop-the-world' }, tick: 12, language }));
      for (const id of ['source#0', 'source#1']) {
        const footer = node(page, id).locator('.g-footer');
        // The word, or in a compact footer the sign named by it.
        const paused = WORDS[language].paused;
        await expect(
          footer
            .locator('.g-badge', { hasText: paused })
            .or(footer.getByTitle(paused, { exact: true })),
        ).toHaveCount(1);
        const badge = footer.locator('.g-tag', { hasText: '◉ 1' });
        await expect(badge).toBeVisible();
        const outside = await footer.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.children]
            .map((child) => ({ text: child.textContent, r: child.getBoundingClientRect() }))
            .filter(
              ({ r }) =>
                r.left < box.left - 0.5 ||
                r.right > box.right + 0.5 ||
                r.top < box.top - 0.5 ||
                r.bottom > box.bottom + 0.5,
            )
            .map(({ text }) => text);
        });
        expect(outside, `${id}: every part of its footer inside it`).toEqual([]);
      }
    });
  }
}
