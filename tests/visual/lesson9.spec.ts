import type { Lesson } from '../../src/scenarios/lesson';
import { expect, linkTo, open, settledVerdict, test } from '../e2e/fixtures';
import { lessonById } from '../../src/scenarios/lessons/course';

const lesson9Latency = lessonById('end-to-end-latency')!;
const lesson9Timeout = lessonById('transaction-timeout')!;
const lesson9TwoPhaseCommit = lessonById('end-to-end-exactly-once')!;

/**
 * Lesson 9's moments as the class sees them, the step's caption beside the graph or, where the
 * step points to it, the Topic tab: what each consumer has read while a checkpoint's transaction
 * waits, is aborted or committed, and the transaction the broker aborts on timeout. Made deterministic as moments.spec.ts says.
 */
const MOMENTS: { lesson: Lesson; name: string; step: string; topic?: true }[] = [
  { lesson: lesson9TwoPhaseCommit, name: 'precommitted', step: 'Complete, but not committed' },
  {
    lesson: lesson9TwoPhaseCommit,
    name: 'aborted',
    step: 'The open transaction is aborted',
    topic: true,
  },
  { lesson: lesson9TwoPhaseCommit, name: 'end', step: 'Exactly once, for read_committed' },
  { lesson: lesson9Latency, name: 'first-batch', step: 'The first batch', topic: true },
  { lesson: lesson9Timeout, name: 'broker-aborts', step: 'The broker aborts', topic: true },
  { lesson: lesson9Timeout, name: 'lost', step: 'Lost, though the checkpoint completed' },
];

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    for (const moment of MOMENTS) {
      const index = moment.lesson.steps.findIndex((s) => s.title.en === moment.step);
      const { tick } = moment.lesson.steps[index];
      test(`${moment.lesson.id}, step ${index + 1} (tick ${tick})`, async ({ page }) => {
        for (const language of ['en', 'zh'] as const) {
          await page.goto('about:blank');
          await open(
            page,
            linkTo({
              scenario: { preset: moment.lesson.scenario.id },
              tick,
              language,
              lesson: { id: moment.lesson.id, step: index },
            }),
          );
          await expect(page.getByTestId('tick').locator('b')).toHaveText(String(tick));
          if (moment.topic) {
            await page.getByRole('tab', { name: language === 'en' ? 'Topic' : '主题' }).click();
            await expect(page.getByTestId('topic-panel')).toBeVisible();
          } else {
            await expect(page.getByTestId('lesson')).toContainText(`${index + 1} / `);
          }
          await settledVerdict(page);
          await expect
            .soft(page)
            .toHaveScreenshot(
              `lesson9-${moment.name}-${viewport.width}x${viewport.height}-${language}.png`,
            );
        }
      });
    }
  });
}
