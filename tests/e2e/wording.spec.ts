import type { Page } from '@playwright/test';
import { topologyOf } from '../../src/engine';
import { taskName } from '../../src/session/narration';
import type { Lesson } from '../../src/scenarios/lesson';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { atEveryLesson, expect, expectTextSoon, test, verdictOf } from './fixtures';
import { captionCutOff } from './screenChecks';

/**
 * Every step of every lesson, in both languages, stepped with the lesson's own buttons: what the
 * class reads (the lesson panel or the presenter caption, the event log, the result strip, the
 * timeline's marker tooltips, and what the graph says to a screen reader or on hover) names
 * tasks as the graph does, and the Chinese screen speaks Chinese.
 */

/** An internal task id such as `source#1`, which no reader should ever see. */
const INTERNAL_ID = /[A-Za-z_]\w*#\d+/g;

/** Latin words: identifiers count as one (`setMinPauseBetweenCheckpoints(500)`, `AT_LEAST_ONCE`). */
const LATIN_RUN = /[A-Za-z][\w'’.-]*(?:[ \t]+[A-Za-z][\w'’.-]*){2,}/g;

/**
 * Names of several Latin words that are names, not English sentences: the tasks of the course's
 * jobs as the graph names them (a display name such as "sum per key").
 */
const ALLOWED_NAMES = [
  ...new Set(
    LESSONS.flatMap((l) =>
      topologyOf(l.scenario).tasks.map((t) => taskName(t.id, l.scenario)),
    ).filter((name) => name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).length >= 3),
  ),
];

/** The problems of one text the screen shows: internal ids, and in Chinese English sentences and terms. */
function problems(where: string, text: string, language: 'en' | 'zh'): string[] {
  const found = [...text.matchAll(INTERNAL_ID)].map((m) => `${where}: internal id "${m[0]}"`);
  if (language === 'zh') {
    let plain = text;
    for (const name of ALLOWED_NAMES) plain = plain.split(name).join(' ');
    for (const m of plain.matchAll(LATIN_RUN)) found.push(`${where}: English "${m[0]}"`);
    // The Chinese screen's terms: 拍 for tick, 分界线 for barrier, 键 for key (按键求和,
    // 键控状态): the English word or another translation beside them says something else.
    for (const m of plain.matchAll(/\btick\b|屏障|\bkeys?\b/gi))
      found.push(`${where}: term "${m[0]}"`);
  }
  return found;
}

const TEXT = {
  en: {
    reveal: 'Reveal the answer',
    continue: 'Continue',
    lesson: 'Lesson',
    log: 'Log',
    task: 'Task',
    config: 'Config',
  },
  zh: {
    reveal: '显示答案',
    continue: '继续',
    lesson: '课程',
    log: '日志',
    task: '任务',
    config: '配置',
  },
} as const;

/** What a screen reader or a hover says on the graph: every aria-label and title in it. */
async function graphLabels(page: Page): Promise<string[]> {
  return page
    .locator('.react-flow [aria-label], .react-flow [title]')
    .evaluateAll((els) =>
      els.flatMap((el) =>
        [el.getAttribute('aria-label'), el.getAttribute('title')].filter((v): v is string => !!v),
      ),
    );
}

async function markerTitles(page: Page): Promise<string[]> {
  return page
    .locator('.timeline .marker')
    .evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
}

test('the checks find what the Chinese screen once showed, and let names and APIs be', () => {
  expect(problems('log', '作业失败：fixed-delay gave up after 3 restart attempts', 'zh')).toEqual([
    'log: English "fixed-delay gave up after"',
  ]);
  expect(problems('marker', '任务失败 sum_odd#0 @ 20', 'zh')).toEqual([
    'marker: internal id "sum_odd#0"',
  ]);
  expect(problems('log', '在 tick 12 失败，被屏障 1 阻塞', 'zh')).toHaveLength(2);
  expect(problems('lesson', 'sum 现在有 11 个 key，按 key 分别求和', 'zh')).toEqual([
    'lesson: term "key"',
    'lesson: term "key"',
  ]);
  const fine = [
    'setMaxConcurrentCheckpoints(2) 在这里不起作用；AT_LEAST_ONCE（至少一次）模式',
    'failureRateRestart(5, Time.minutes(5), Time.seconds(10))：Source 2 的记录 4',
    `${ALLOWED_NAMES[0] ?? 'sum_even'} 现在有 11 个键，JobManager 触发检查点 1`,
    'keyBy(v -> v % 2) 按奇偶分区',
  ];
  for (const text of fine) expect(problems('lesson', text, 'zh')).toEqual([]);
});

// Each walk is a class going through the whole course: the first lesson opened by its link, each
// next one as a pasted link (a page load per lesson cost more than its walk).
test.describe.configure({ timeout: 300_000 });

for (const language of ['en', 'zh'] as const) {
  for (const presenter of [false, true]) {
    test(`${language}${presenter ? ', presenter at 1280x720' : ''}: every lesson names tasks as the graph does${language === 'zh' ? ', in Chinese' : ''}${presenter ? ', and no caption is cut off' : ''}`, async ({
      page,
    }) => {
      // Presenter mode as a classroom projects it: the walk checks the caption's room too.
      if (presenter) await page.setViewportSize({ width: 1280, height: 720 });
      const found = await atEveryLesson(
        page,
        language,
        (lesson) => walk(page, lesson, language, presenter),
        { presenter },
      );
      expect([...new Set(found)]).toEqual([]);
    });
  }
}

/** The problems of every step of `lesson`, open at its first step, stepped with its own buttons. */
async function walk(
  page: Page,
  lesson: Lesson,
  language: 'en' | 'zh',
  presenter: boolean,
): Promise<string[]> {
  const say = TEXT[language];
  const panelId = presenter ? 'caption' : 'lesson';
  const panel = page.getByTestId(panelId);
  const found: string[] = [];
  for (const m of await markerTitles(page)) found.push(...problems('marker', m, language));

  for (let i = 0; i < lesson.steps.length; i++) {
    const where = `step ${i + 1}`;
    await expectTextSoon(page, panelId, `${i + 1} / ${lesson.steps.length}`);
    const reveal = panel.getByRole('button', { name: say.reveal });
    if (await reveal.count()) {
      await reveal.click();
      await expect(panel.locator(presenter ? '.caption-answer' : '.answer')).toBeVisible();
    }
    if (presenter) {
      // The caption's layout is the page's, not the graph's: no need to wait for the camera.
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      found.push(...(await captionCutOff(page)).map((p) => `${where}: ${p}`));
    }
    found.push(
      ...problems(
        `${where}, ${presenter ? 'caption' : 'lesson'}`,
        await panel.innerText(),
        language,
      ),
    );
    for (const label of await graphLabels(page))
      found.push(...problems(`${where}, graph label`, label, language));
    if (!presenter) {
      // Presenter mode shows no result strip: only the graph, the caption and the controls.
      found.push(
        ...problems(`${where}, result`, await (await verdictOf(page)).innerText(), language),
      );
      await page.getByRole('tab', { name: say.log }).click();
      const log = page.getByRole('tabpanel');
      await expect(log.locator('h2')).toBeVisible();
      found.push(...problems(`${where}, log`, await log.innerText(), language));
      if (i === lesson.steps.length - 1) found.push(...(await taskAndConfig(page, language)));
      await page.getByRole('tab', { name: say.lesson }).click();
    }
    if (i < lesson.steps.length - 1)
      await panel.getByRole('button', { name: say.continue }).click();
  }
  return found;
}

/**
 * The problems of the Task tab, for each operator's first subtask picked on the graph, and of the
 * Config tab with its Flink code (the code stays code; its comments are read).
 */
async function taskAndConfig(page: Page, language: 'en' | 'zh'): Promise<string[]> {
  const say = TEXT[language];
  const found: string[] = [];
  const tasks = await page
    .locator('.react-flow__node')
    .evaluateAll((els) =>
      els.map((el) => el.getAttribute('data-id') ?? '').filter((id) => id.endsWith('#0')),
    );
  for (const id of tasks) {
    // Picked as a click picks it, wherever the camera frames the step.
    await page.getByTestId(`rf__node-${id}`).dispatchEvent('click');
    await page.getByRole('tab', { name: say.task }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('h3')).toBeVisible();
    found.push(...problems(`task tab of ${id}`, await panel.innerText(), language));
  }
  await page.getByRole('tab', { name: say.config }).click();
  const config = page.getByRole('tabpanel');
  await expect(config.locator('pre')).toBeVisible();
  found.push(...problems('config tab', await config.innerText(), language));
  return found;
}
