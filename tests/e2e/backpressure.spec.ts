import type { Page } from '@playwright/test';
import type { Lesson } from '../../src/scenarios/lesson';
import {
  drawnBoxes,
  expect,
  expectTick,
  linkTo,
  node,
  open,
  say,
  test,
  waitForStableGraph,
} from './fixtures';
import { lessonById } from '../../src/scenarios/lessons/course';

const lesson8Backpressure = lessonById('backpressure-aligned')!;
const lesson8Timeout = lessonById('backpressure-aligned-timeout')!;
const lesson8Unaligned = lessonById('backpressure-unaligned')!;

// Lesson 8 walked step by step in both languages: each step opened at its moment, as a share
// link of the lesson at that step opens it, with what the step talks about on the screen.

const PARTS: Lesson[] = [lesson8Backpressure, lesson8Unaligned, lesson8Timeout];

// A walk opens the app once per step: on a loaded machine that takes longer than one test's default.
test.describe.configure({ timeout: 240_000 });

/** Opens `lesson` at its step `k`, as a share link of the lesson at that step opens it. */
async function openAt(page: Page, lesson: Lesson, k: number, language: 'en' | 'zh') {
  const step = lesson.steps[k]!;
  await open(
    page,
    linkTo({
      scenario: { preset: lesson.scenario.id },
      tick: step.tick,
      lesson: { id: lesson.id, step: k },
      language,
    }),
  );
  await expectTick(page, step.tick);
}

for (const language of ['en', 'zh'] as const) {
  for (const lesson of PARTS) {
    test(`${lesson.id} (${language}): every step at its moment`, async ({ page }) => {
      for (const [k, step] of lesson.steps.entries()) {
        await openAt(page, lesson, k, language);
        const panel = page.getByTestId('lesson');
        await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
          say(lesson, step.title, language),
        );
        await expect(panel).toContainText(say(lesson, step.text, language));
      }
    });
  }

  test(`part 1 (${language}): the backpressured sum is ringed HIGH and the full channel shows its credits`, async ({
    page,
  }) => {
    const k = lesson8Backpressure.steps.findIndex((s) => s.tick === 8);
    await open(
      page,
      linkTo({
        scenario: { preset: lesson8Backpressure.scenario.id },
        tick: 8,
        lesson: { id: lesson8Backpressure.id, step: k },
        language,
      }),
    );
    await expect(node(page, 'sum#0').locator('.g-bp-high')).toHaveCount(1);
    await expect(node(page, 'sink#0').locator('.g-bp-high, .g-bp-low')).toHaveCount(0);
    // Each channel's fill is in its receiver's row for it, beside the sender's name, in red where
    // no credit is left, and nothing in flight covers it.
    const fills = node(page, 'sum#0').locator('.g-input-fill');
    await expect(fills).toHaveCount(2);
    await expect(fills.first()).toHaveText(/^[34]\/4$/);
    await expect(node(page, 'sum#0').locator('.g-input-fill.g-fill-full')).toHaveText(['4/4']);
    const covered = await fills.evaluateAll(
      (els) =>
        els.filter((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return top !== el && !el.contains(top);
        }).length,
    );
    expect(covered, 'fill figures covered by something').toBe(0);
    await expect(page.locator('.g-fill-value')).toHaveCount(0);
  });
}

/** Opens `lesson` at its step titled `title` on a projector's 1280x720, drawn and still. */
async function openStep(page: Page, lesson: Lesson, title: string, language: 'en' | 'zh' = 'en') {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openAt(
    page,
    lesson,
    lesson.steps.findIndex((s) => s.title.en === title),
    language,
  );
  await waitForStableGraph(page);
  return (await page.locator('.g-canvas').boundingBox())!;
}

type Rect = { x: number; y: number; width: number; height: number };

/** Whether `box` lies wholly on `stage`, to half a pixel. */
const onStage = (box: Rect, stage: Rect) =>
  box.x >= stage.x - 0.5 &&
  box.y >= stage.y - 0.5 &&
  box.x + box.width <= stage.x + stage.width + 0.5 &&
  box.y + box.height <= stage.y + stage.height + 0.5;

// The three steps about where barrier 1 goes in the sources' outputs (behind the records, ahead
// of them, or behind them until the alignment times out), on a projector: the outputs are framed
// whole, every record and barrier in them on the stage.
const OUTPUT_STEPS = [
  [lesson8Backpressure, 'Barriers queue behind the data'],
  [lesson8Unaligned, 'The barrier overtakes'],
  [lesson8Timeout, 'Aligned first'],
] as const;

for (const [lesson, title] of OUTPUT_STEPS) {
  test(`${lesson.id}, "${title}" at 1280x720: the sources' outputs are on the stage, every element in them and the task they lead to`, async ({
    page,
  }) => {
    const stage = await openStep(page, lesson, title);
    const outputs = (await drawnBoxes(page)).filter((b) => /^ch:source#\d/.test(b.edge));
    expect(outputs.length, 'elements in the outputs').toBeGreaterThan(0);
    const off = outputs.filter(
      (b) => !onStage({ x: b.left, y: b.top, width: b.width, height: b.height }, stage),
    );
    expect(off.map((b) => `${b.edge} ${b.text}`)).toEqual([]);
    // Where the outputs lead: the task that waits for them, wholly on the stage.
    expect(onStage((await node(page, 'sum#0').boundingBox())!, stage)).toBe(true);
  });
}

// "Too late": the step says the checkpoint coordinator already gave checkpoint 1 up; on a
// projector the JobManager that shows it failed is on the stage with the sum that aligns anyway.
for (const language of ['en', 'zh'] as const) {
  test(`backpressure-aligned, "Too late" at 1280x720 (${language}): the JobManager shows checkpoint 1 given up`, async ({
    page,
  }) => {
    const stage = await openStep(page, lesson8Backpressure, 'Too late', language);
    for (const id of ['job-manager', 'sum#0']) {
      expect(onStage((await node(page, id).boundingBox())!, stage), id).toBe(true);
    }
    await expect(node(page, 'job-manager').locator('.g-ended-failed')).toContainText('1');
  });
}
