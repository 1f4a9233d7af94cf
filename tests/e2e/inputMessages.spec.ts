import type { Page } from '@playwright/test';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { DEFAULT_TICK_LIMIT } from '../../src/engine';
import { expect, expectTick, linkTo, node, open, preset, test } from './fixtures';

/**
 * What a link or a file that cannot be used as it is says on screen, in the language of the
 * screen: a broken link, an old one, one pointing out of range, an invalid file. Each says what
 * happened in that language only, and the app goes on working.
 */

/** Three Latin words in a row: an English phrase (identifiers count as one word). */
const ENGLISH = /[A-Za-z][\w'.-]*(?:\s+[A-Za-z][\w'.-]*){2,}/;

const first = LESSONS[0];

const TEXT = {
  en: {
    broken: /^This link is damaged: .+\. The default lesson opened instead\.$/,
    pastEnd: [/points past tick 100000/, /opens the last step/],
    oldOption: /preferCheckpointForRecovery false is Flink 1\.14 and earlier/,
    invalidFile: [
      /This file's scenario cannot be used: scenario\.operators\[\d\]\.parallelism/,
      /Nothing was changed\.$/,
    ],
    step: 'Step',
    config: 'Config',
    file: 'File',
    import: 'Import scenario…',
    lessonAt: `step 1 / ${first.steps.length}`,
  },
  zh: {
    broken: /^此链接已损坏：.+。已改为打开默认课程。$/,
    pastEnd: [/指向第 100000 拍之后/, /改为打开最后一步/],
    oldOption: /preferCheckpointForRecovery 为 false 是 Flink 1\.14 及更早的行为/,
    invalidFile: [
      /此文件中的场景无法使用：scenario\.operators\[\d\]\.parallelism：/,
      /未做任何更改。$/,
    ],
    step: '单步',
    config: '配置',
    file: '文件',
    import: '导入场景…',
    lessonAt: `第 1 / ${first.steps.length} 步`,
  },
} as const;

/** The Chinese screen has no English phrase: identifiers and Flink API names stand alone. */
function expectSpoken(text: string, language: 'en' | 'zh') {
  if (language === 'zh') expect(text, `English in: ${text}`).not.toMatch(ENGLISH);
}

/** The app still runs: the Step button moves the cursor on by one tick. */
async function expectWorking(page: Page, language: 'en' | 'zh') {
  const before = Number(await page.getByTestId('tick').locator('b').textContent());
  await page.getByRole('button', { name: TEXT[language].step, exact: true }).click();
  await expectTick(page, before + 1);
}

for (const language of ['en', 'zh'] as const) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      // A broken link names no language: the screen speaks the one the user chose before.
      await page.addInitScript((l) => {
        if (window.location.protocol !== 'about:') {
          window.localStorage.setItem('checkpoint-lab.language', l);
        }
      }, language);
    });

    test('a broken link says why in the screen language, and the default lesson opens', async ({
      page,
    }) => {
      for (const url of [
        '/#v1=abc<def>',
        '/#v9=N4Ig',
        linkTo({ scenario: { preset: 'no-such' }, tick: 0, language }),
      ]) {
        await page.goto('about:blank');
        await open(page, url);
        const alert = page.getByRole('alert');
        const text = (await alert.locator('span').textContent()) ?? '';
        if (url === '/#v1=abc<def>') expect(text).toMatch(TEXT[language].broken);
        expect(text).toMatch(
          language === 'zh' ? /已改为打开默认课程。$/ : /The default lesson opened instead\.$/,
        );
        expectSpoken(text, language);
        await expect(page.getByTestId('lesson')).toContainText(TEXT[language].lessonAt);
        await expectTick(page, first.steps[0].tick);
        await expectWorking(page, language);
      }
    });

    test('a link pointing out of range opens at the nearest moment and says so', async ({
      page,
    }) => {
      await open(
        page,
        linkTo({
          scenario: { preset: first.scenario.id },
          tick: DEFAULT_TICK_LIMIT * 10,
          lesson: { id: first.id, step: 99 },
          language,
        }),
      );
      const notice = page.locator('.notice-info');
      await expect(notice).toHaveAttribute('role', 'status');
      const text = (await notice.locator('span').textContent()) ?? '';
      for (const says of TEXT[language].pastEnd) expect(text).toMatch(says);
      expectSpoken(text, language);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test('an old link with preferCheckpointForRecovery opens, and the option is explained in the screen language', async ({
      page,
    }) => {
      const seed = preset('odd-even-sum');
      await open(
        page,
        linkTo({
          scenario: {
            custom: {
              ...seed,
              checkpoint: { ...seed.checkpoint, preferCheckpointForRecovery: false },
            },
          },
          tick: 5,
          language,
        }),
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectTick(page, 5);
      await page.getByRole('tab', { name: TEXT[language].config }).click();
      const note = page.getByRole('note').filter({ hasText: 'preferCheckpointForRecovery' });
      await expect(note).toHaveText(TEXT[language].oldOption);
      expectSpoken((await note.textContent()) ?? '', language);
      await expectWorking(page, language);
    });

    test('an invalid file says which field is wrong in the screen language and changes nothing', async ({
      page,
    }) => {
      await open(page, linkTo({ scenario: { preset: 'barrier-alignment' }, tick: 6, language }));
      const seed = preset('odd-even-sum');
      const scenario = {
        ...seed,
        operators: seed.operators.map((op) =>
          op.id === 'sum_odd' ? { ...op, parallelism: 0 } : op,
        ),
      };
      await page.getByText(TEXT[language].file, { exact: true }).click();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: TEXT[language].import }).click();
      await (
        await chooser
      ).setFiles({
        name: 'class.checkpoint-lab.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({ format: 'checkpoint-lab-scenario', version: 1, scenario }),
        ),
      });
      const alert = page.getByRole('alert');
      await expect(alert).toBeVisible();
      const text = (await alert.locator('span').textContent()) ?? '';
      for (const says of TEXT[language].invalidFile) expect(text).toMatch(says);
      expectSpoken(text, language);
      await expectTick(page, 6);
      await expect(node(page, 'source#1')).toBeVisible();
      await page.keyboard.press('Escape');
      await expectWorking(page, language);
    });
  });
}
