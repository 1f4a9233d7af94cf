import { recordTimeline } from '../../src/app/timeline';
import { expect, linkTo, node, open, preset, test } from './fixtures';

/**
 * What a task node says when its task has ended: a failed task lost its state, in a compact node
 * as in a full one; a finished source is finished, not paused.
 */

const WORDS = {
  en: { cleared: 'state cleared', finished: 'finished', paused: 'paused', jobFinished: 'FINISHED' },
  zh: { cleared: '状态已清空', finished: '已完成', paused: '已暂停', jobFinished: '已完成' },
} as const;

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
        await expect(words).toHaveText(say.cleared);
        const cut = await words.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        expect(cut, `"${say.cleared}" is cut off`).toBe(false);
      });
    });
  }

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
    });
  }
}
