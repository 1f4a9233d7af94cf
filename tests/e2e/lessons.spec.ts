import type { Page } from '@playwright/test';
import type { LessonInfo } from '../../src/scenarios/lesson';
import { LESSONS } from '../../src/scenarios/lessons/course';
import {
  expect,
  expectTick,
  lessonStep,
  linkTo,
  node,
  open,
  say,
  settledVerdict,
  shownTick,
  sumOf,
  test,
} from './fixtures';

const first = LESSONS[0];

/** How a lesson step names the nodes that are not tasks, and what the graph calls them. */
const GRAPH_NODE: Record<string, string> = { jobmanager: 'job-manager', backend: 'state-backend' };

/** The graph's nodes drawn with a ring around them, by id. */
function ringedNodes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.react-flow__node')]
      .filter((n) => getComputedStyle(n).boxShadow !== 'none')
      .map((n) => n.getAttribute('data-id') ?? '')
      .sort(),
  );
}

test('the first lesson: continue, reveal the answer, go back, leave', async ({ page }) => {
  await open(page);
  const lesson = page.getByTestId('lesson');
  await expect(lesson.getByRole('heading', { level: 2 })).toHaveText(first.title.en);
  await expect(lesson.getByRole('button', { name: 'Back' })).toBeDisabled();

  await lesson.getByRole('button', { name: 'Continue' }).click();
  const step = first.steps[1];
  await expect(lesson).toContainText(`step 2 / ${first.steps.length}`);
  await expectTick(page, step.tick);
  // Seed section 1: checkpoint 1 is taken when the source has read 1..5, so it holds the
  // offset 5, sum_even 2 + 4 = 6 and sum_odd 1 + 3 + 5 = 9.
  await expect(node(page, 'source#0')).toContainText('offset 5');
  await expect(sumOf(page, 'sum_even#0')).toHaveText('6');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');
  if (step.question) {
    await expect(lesson).toContainText(say(first, step.question.prompt));
    await expect(lesson).not.toContainText(say(first, step.question.answer));
    await lesson.getByRole('button', { name: 'Reveal the answer' }).click();
    await expect(lesson).toContainText(say(first, step.question.answer));
  }

  await lesson.getByRole('button', { name: 'Back' }).click();
  await expect(lesson).toContainText(`step 1 / ${first.steps.length}`);
  await expectTick(page, first.steps[0].tick);

  await page.getByRole('button', { name: 'Leave the lesson (free play)' }).click();
  await expect(page.getByTestId('lesson')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Lessons' })).toBeVisible();
  // Free play: the controls still work, and no lesson step follows the cursor any more.
  await page.keyboard.press('End');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
});

for (const language of ['en', 'zh'] as const) {
  test(`${language}: the picker names the lesson on screen at once and lists the whole course from the first input`, async ({
    page,
  }) => {
    await page.addInitScript(
      (l) => window.localStorage.setItem('checkpoint-lab.language', l),
      language,
    );
    await open(page);
    const select = page.locator('.picker select');
    const choice = (l: LessonInfo) => `${l.order}. ${l.title[language]}`;
    await expect(select.locator('option:checked')).toHaveText(choice(first));
    await select.hover();
    await expect(select.locator('optgroup').first().locator('option')).toHaveText(
      LESSONS.map(choice),
    );
    await select.selectOption({ label: choice(LESSONS[2]) });
    await expect(page.getByTestId('lesson').getByRole('heading', { level: 2 })).toHaveText(
      LESSONS[2].title[language],
    );
  });

  test(`${language}: a link to a preset lists the whole course in the picker at once`, async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 0, language }));
    const choice = (l: LessonInfo) => `${l.order}. ${l.title[language]}`;
    await expect(page.locator('.picker select optgroup').first().locator('option')).toHaveText(
      LESSONS.map(choice),
    );
  });

  test(`${language}: a link to a lesson's last step offers the next lesson, by its title`, async ({
    page,
  }) => {
    const last = first.steps[first.steps.length - 1];
    await open(page, lessonStep(first.id, last.title.en, language).link);
    const next = LESSONS[1];
    await expect(page.getByTestId('next-lesson')).toHaveText(
      language === 'en'
        ? `Next lesson: ${next.order}. ${next.title.en}`
        : `下一课：${next.order}. ${next.title.zh}`,
    );
    await expect(page.getByTestId('lesson')).not.toContainText(
      language === 'en' ? 'End of the course' : '课程到此结束',
    );
  });
}

test('the seed’s moments on screen: sum_even = 12 when sum_odd fails, offset 5 when the state is restored', async ({
  page,
}) => {
  // Seed section 1: sum_odd fails before adding 7 while sum_even has added 6 (2 + 4 + 6 = 12);
  // recovery restores checkpoint 1, taken at offset 5 with the sums 6 and 9.
  const failure = first.steps.findIndex((s) => /fails/.test(s.title.en));
  const restore = first.steps.findIndex((s) => /^Restore/.test(s.title.en));
  const at = (step: number) =>
    linkTo({
      scenario: { preset: first.scenario.id },
      tick: first.steps[step].tick,
      lesson: { id: first.id, step },
    });

  await open(page, at(failure));
  await expect(page.getByTestId('lesson')).toContainText(`step ${failure + 1} /`);
  await expect(node(page, 'sum_odd#0')).toContainText('failed, state cleared');
  await expect(sumOf(page, 'sum_even#0')).toHaveText('12');
  await expect(node(page, 'sum_even#0')).not.toContainText('state cleared');
  await expect(node(page, 'source#0')).toContainText('offset 7');

  await page.goto('about:blank');
  await open(page, at(restore));
  await expect(page.getByTestId('lesson')).toContainText(`step ${restore + 1} /`);
  await expect(node(page, 'source#0')).toContainText('offset 5');
  await expect(sumOf(page, 'sum_even#0')).toHaveText('6');
  await expect(sumOf(page, 'sum_odd#0')).toHaveText('9');
});

test('the lesson follows the cursor: steps, keys and markers move it; off its moment it offers the way back', async ({
  page,
}) => {
  await open(page);
  const lesson = page.getByTestId('lesson');
  const heading = lesson.getByRole('heading', { level: 3 });
  const [, second, third] = first.steps;

  // The step button and the arrow keys: the panel shows the last step whose moment has come.
  await lesson.getByRole('button', { name: 'Continue' }).click();
  await expectTick(page, second.tick);
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expectTick(page, second.tick + 1);
  await expect(heading).toHaveText(say(first, second.title));
  await expect(lesson.getByTestId('off-script')).toContainText(
    `The run is at tick ${second.tick + 1}, 1 tick after this step’s moment (tick ${second.tick}).`,
  );
  await lesson.getByRole('button', { name: `Back to tick ${second.tick}` }).click();
  await expectTick(page, second.tick);
  await expect(lesson.getByTestId('off-script')).toHaveCount(0);
  for (let t = second.tick; t < third.tick; t++) await page.keyboard.press('ArrowRight');
  await expectTick(page, third.tick);
  await expect(heading).toHaveText(say(first, third.title));
  await expect(lesson).toContainText(`step 3 / ${first.steps.length}`);

  // A marker on the timeline: sum_odd's failure, the moment of the failure step.
  const failure = first.steps.findIndex((s) => s.title.en.includes('fails before adding 7'));
  await page.getByRole('button', { name: /^task failed: sum_odd · tick \d+$/ }).click();
  await expectTick(page, first.steps[failure].tick);
  await expect(heading).toHaveText(say(first, first.steps[failure].title));

  // Space plays and pauses, even with the focus on Continue after a click on it.
  await lesson.getByRole('button', { name: 'Continue' }).click();
  await expect(heading).toHaveText(say(first, first.steps[failure + 1].title));
  const play = page.getByRole('toolbar', { name: 'Playback' }).locator('.play');
  await expect(play).toHaveAttribute('data-state', 'paused');
  await page.keyboard.press('Space');
  await expect(play).toHaveAttribute('data-state', /playing|ended/);
  await page.keyboard.press('Space');
  await expect(play).not.toHaveAttribute('data-state', 'playing');
  const tick = await shownTick(page);
  const following = first.steps.filter((s) => s.tick <= tick).pop()!;
  await expect(heading).toHaveText(say(first, following.title));
});

test('"Replay this step" plays from the previous step’s moment to this one and stops there', async ({
  page,
}) => {
  await open(page);
  const lesson = page.getByTestId('lesson');
  const i = first.steps.findIndex((s, k) => k > 0 && s.tick - first.steps[k - 1].tick <= 3);
  const step = first.steps[i];
  await page.getByRole('slider').fill(String(step.tick));
  await expect(lesson).toContainText(`step ${i + 1} / ${first.steps.length}`);
  // The slowest speed: the replay of a few ticks lasts long enough to be seen running.
  await page.getByRole('combobox', { name: 'Speed' }).selectOption('1');
  await lesson.getByRole('button', { name: 'Replay this step' }).click();
  const play = page.getByRole('toolbar', { name: 'Playback' }).locator('.play');
  await expect(play).toHaveAttribute('data-state', 'playing');
  // It stops by itself at this step's moment, where the step's text is.
  await expect(play).toHaveAttribute('data-state', 'paused');
  await expectTick(page, step.tick);
  await expect(lesson.getByRole('heading', { level: 3 })).toHaveText(say(first, step.title));
});

test('changing the mode inside a lesson leaves it, and says so', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: 'Config' }).click();
  await page
    .getByRole('radiogroup', { name: 'Checkpointing mode' })
    .getByRole('radio', { name: 'Stop-the-world' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'You left lesson 1' })).toBeVisible();
  await page.getByRole('tab', { name: 'Lesson' }).click();
  await expect(page.getByTestId('lesson')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Lessons' })).toBeVisible();
});

/**
 * What each lesson's last step says, checked on the screen: the numbers come from the seed
 * text and from the jobs' inputs, not from the app.
 */
const FINAL_CLAIMS: Record<string, (page: Page) => Promise<void>> = {
  // Seed section 1: sum_even = 2 + 4 + 6 + 8, sum_odd = 1 + 3 + 5 + 7 + 9, after recovery.
  'consistent-checkpoint': async (page) => {
    await expect(sumOf(page, 'sum_even#0')).toHaveText('20');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('25');
    await expect(page.getByTestId('result')).toContainText('Exactly-once holds');
  },
  // Two sources of 1..9: every number of both counted once.
  'barrier-alignment': async (page) => {
    await expect(sumOf(page, 'sum_even#0')).toHaveText('40');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('50');
  },
  // CheckpointConfig: the expired checkpoints stay within the tolerated failures, so the job
  // still reads all its input.
  'checkpoint-config': async (page) => {
    await expect(node(page, 'job-manager')).toContainText('FINISHED');
    await expect(page.getByRole('button', { name: /^checkpoint failed / })).not.toHaveCount(0);
  },
  // Version 1 stopped with savepoint 5 at offset 15: 1 + ... + 15 = 120 counted once, nothing
  // lost, 16..30 left for version 2.
  savepoints: async (page) => {
    await expect(node(page, 'job-manager')).toContainText('FINISHED');
    const result = page.getByTestId('result');
    await expect(result).toHaveClass(/result-ok/);
    await expect(result).toContainText('Stopped with savepoint 5');
    await expect(result).toContainText('sum_by_parity = 120, total = 120');
    await expect(result).toContainText('The 15 records of Source 1 after offset 15');
    await expect(result).not.toContainText('lost');
  },
  // The upgraded job: numbers up to 15 once as version 1 counted them, from 16 on plus 100.
  'savepoint-upgrade-v2': async (page) => {
    await expect(node(page, 'job-manager')).toContainText('FINISHED');
    await expect(page.locator('.react-flow').getByText('1040', { exact: true })).toBeVisible();
    await expect(page.locator('.react-flow').getByText('925', { exact: true })).toBeVisible();
    await expect(page.getByTestId('result')).toContainText('Exactly-once holds across both jobs');
  },
  // fixedDelayRestart(3, ...): three restarts, and the fourth failure fails the job.
  'restart-strategies': async (page) => {
    await expect(node(page, 'job-manager')).toContainText('FAILED');
    await expect(page.getByRole('button', { name: /^task failed: / })).toHaveCount(4);
    await expect(page.getByRole('button', { name: /^job restarted/ })).toHaveCount(3);
    await expect(page.getByTestId('result')).toContainText('The job failed');
  },
  // failureRateRestart(5, 5 min, 10 s): failures at 12, 100, 150, 200, 250, 320 and 340 s; only
  // the last makes more than 5 within 5 minutes, so six restarts and then FAILED.
  'restart-failure-rate': async (page) => {
    await expect(node(page, 'job-manager')).toContainText('FAILED');
    await expect(page.getByRole('button', { name: /^task failed: / })).toHaveCount(7);
    await expect(page.getByRole('button', { name: /^job restarted/ })).toHaveCount(6);
    await expect(page.getByTestId('result')).toContainText('The job failed');
  },
  // Without alignment the 4 of source 1 (source#0) is in the snapshot and replayed: 40 + 4.
  'exactly-once-vs-at-least-once': async (page) => {
    await expect(sumOf(page, 'sum_even#0')).toHaveText('44');
    await expect(sumOf(page, 'sum_odd#0')).toHaveText('50');
    await expect(page.getByTestId('result')).toContainText(
      'sum_even counted record 4 from Source 1 twice',
    );
  },
};

for (const lesson of LESSONS) {
  test(`lesson ${lesson.order}, ${lesson.title.en}: every step from the first to the last`, async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'Leave the lesson (free play)' }).click();
    await page.getByRole('button', { name: lesson.title.en }).click();
    const panel = page.getByTestId('lesson');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(lesson.title.en);

    for (const [i, step] of lesson.steps.entries()) {
      await expect(panel).toContainText(`step ${i + 1} / ${lesson.steps.length}`);
      await expectTick(page, step.tick);
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText(say(lesson, step.title));
      await expect(panel.getByText(say(lesson, step.text), { exact: true })).toBeVisible();
      // The nodes the step talks about, and only those, are ringed on the graph.
      const talkedAbout = (step.highlight ?? []).map((id) => GRAPH_NODE[id] ?? id).sort();
      await expect.poll(() => ringedNodes(page)).toEqual(talkedAbout);
      if (step.question) {
        await expect(panel).toContainText(say(lesson, step.question.prompt));
        await panel.getByRole('button', { name: 'Reveal the answer' }).click();
        await expect(panel.getByText(say(lesson, step.question.answer))).toBeVisible();
      }
      if (i < lesson.steps.length - 1) {
        await panel.getByRole('button', { name: 'Continue' }).click();
      }
    }
    await expect(panel.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await settledVerdict(page);
    await FINAL_CLAIMS[lesson.id]?.(page);
    // The last step offers the next lesson of the course.
    const next = LESSONS[LESSONS.indexOf(lesson) + 1];
    if (next) {
      await panel.getByTestId('next-lesson').click();
      await expect(page.getByTestId('lesson').getByRole('heading', { level: 2 })).toHaveText(
        next.title.en,
      );
      await expect(page.getByTestId('lesson')).toContainText(`step 1 / ${next.steps.length}`);
    }
  });
}

for (const language of ['en', 'zh'] as const) {
  test(`${language}: the list numbers each lesson part as the lesson it opens says it is`, async ({
    page,
  }) => {
    await open(page, linkTo({ scenario: { preset: 'odd-even-sum' }, tick: 0, language }));
    const items = page.locator('.lesson-list li');
    await expect(items).toHaveCount(LESSONS.length);
    const numbers = await items.evaluateAll((lis) => lis.map((li) => (li as HTMLLIElement).value));
    // Numbers never go down and never skip: the parts of a lesson share its number.
    for (let k = 1; k < numbers.length; k++) {
      expect(numbers[k] - numbers[k - 1]).toBeGreaterThanOrEqual(0);
      expect(numbers[k] - numbers[k - 1]).toBeLessThanOrEqual(1);
    }
    // The second part of the first lesson in parts: its entry and its header say the number and
    // which part it is, and so does the first part's "Next lesson" button.
    const second = numbers.findIndex((n, k) => k > 0 && n === numbers[k - 1]);
    expect(second).toBeGreaterThan(0);
    const parts = numbers.filter((n) => n === numbers[second]).length;
    const part = language === 'en' ? `part 2 of ${parts}` : `第 2/${parts} 部分`;
    await expect(items.nth(second)).toContainText(part);
    await expect(items.nth(second - 1)).toContainText(
      language === 'en' ? `part 1 of ${parts}` : `第 1/${parts} 部分`,
    );
    // A lesson in one part says none.
    await expect(items.first()).not.toContainText(language === 'en' ? 'part ' : '部分');
    await items.nth(second).getByRole('button').click();
    const header =
      language === 'en'
        ? `Lesson ${numbers[second]}, ${part} · step 1 /`
        : `第 ${numbers[second]} 课 ${part} · 第 1 /`;
    await expect(page.getByTestId('lesson')).toContainText(header);

    const firstPart = LESSONS[second - 1];
    const end = firstPart.steps.at(-1)!;
    await open(page, lessonStep(firstPart.id, end.title.en, language).link);
    const nextPart = LESSONS[second];
    await expect(page.getByTestId('next-lesson')).toHaveText(
      language === 'en'
        ? `Next lesson: ${nextPart.order}. ${nextPart.title.en} (${part})`
        : `下一课：${nextPart.order}. ${nextPart.title.zh}（${part}）`,
    );
  });
}
