import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Scenario } from '../../src/engine';
import { lessonText } from '../../src/session/narration';
import type { Lesson } from '../../src/scenarios/lesson';
import type { LocalText } from '../../src/scenarios/text';
import type { DrawnBox } from '../../src/app/graph/flightLayer';
import { LESSONS } from '../../src/scenarios/lessons/course';
import { presetById } from '../../src/scenarios/presets';
import type { ShareState } from '../../src/scenarios/shareLink';
import lz from 'lz-string';

export { expect };

/**
 * Every browser test fails when any page it opened logged an error or a warning, or threw:
 * a classroom sees the console as little as the test does, so nothing may go wrong there
 * silently.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (m) => {
          if (m.type() === 'error' || m.type() === 'warning') {
            problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
          }
        });
        page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(problems);
      expect(problems, 'console errors and warnings').toEqual([]);
    },
    { auto: true },
  ],
});

/** A preset by id; a spec that names a preset that is gone fails here, loudly. */
export function preset(id: string): Scenario {
  const found = presetById(id);
  if (!found) throw new Error(`no preset "${id}"`);
  return found;
}

export type LinkState = Omit<ShareState, 'v' | 'language'> & { language?: ShareState['language'] };

/**
 * The address of a share link in the documented format: `#v1=` and the state as lz-string's
 * URI-safe compression of its JSON. Built here rather than with the app's encoder, so the app's
 * reader is tested against the format, not against itself. (lz-string is CommonJS: Node's ESM
 * loader offers only its default export.)
 */
export function linkTo(state: LinkState, options: { embed?: boolean } = {}): string {
  const json = JSON.stringify({ v: 1, language: 'en', ...state });
  return `/${options.embed ? '?embed' : ''}#v1=${lz.compressToEncodedURIComponent(json)}`;
}

/**
 * A lesson's step found by its English title, with the link that opens the lesson at that step's
 * moment in `language`. Throws if the lesson has no such step.
 */
export function lessonStep(id: string, title: string, language: 'en' | 'zh' = 'en') {
  const lesson = LESSONS.find((l) => l.id === id);
  const step = lesson ? lesson.steps.findIndex((s) => s.title.en === title) : -1;
  if (!lesson || step < 0) throw new Error(`no step "${title}" in lesson ${id}`);
  const link = linkTo({
    scenario: { preset: lesson.scenario.id },
    tick: lesson.steps[step].tick,
    lesson: { id: lesson.id, step },
    language,
  });
  return { lesson, step, link };
}

/**
 * Waits until the job graph stands still: every node measured and shown, fonts loaded, the camera
 * not moving, and the viewport and the nodes' places and sizes unchanged for several animation
 * frames in a row (React Flow measures nodes a frame after they are drawn, and the camera frames
 * again from what it measured).
 */
export async function waitForStableGraph(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __graphKey?: string; __graphStill?: number };
      const viewport = document.querySelector<HTMLElement>('.react-flow__viewport');
      const nodes = [...document.querySelectorAll<HTMLElement>('.react-flow__node')];
      if (!viewport || nodes.length === 0 || document.fonts.status !== 'loaded') return false;
      if (nodes.some((n) => getComputedStyle(n).visibility !== 'visible')) return false;
      // The camera frames again once the nodes' new sizes are measured, and says while it moves.
      if (document.querySelector('[data-camera-moving]')) return false;
      // Something is to travel and the flight layer's code is still on its way.
      if (document.querySelector('canvas.g-flight[data-loading]')) return false;
      const key = [viewport, ...nodes]
        .map((n) => `${n.getAttribute('style')} ${n.offsetWidth}x${n.offsetHeight}`)
        .join('|');
      w.__graphStill = w.__graphKey === key ? (w.__graphStill ?? 0) + 1 : 0;
      w.__graphKey = key;
      return w.__graphStill >= 5;
    },
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Waits until the side panel shows its tab: each tab's content loads when it is first shown,
 * the first one too. Passes at once when the screen has no side panel (embed, presenter).
 */
export async function waitForSidePanel(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const panel = document.querySelector('.tab-panel');
    return !panel || panel.childElementCount > 0;
  });
}

/** Opens the app at a share link (or at the plain address) and waits until it has settled. */
/**
 * Put before the recording worker's script: the worker's waits between two pieces last as long
 * as `self.held` is true (it is, from the start), polled with the worker's own timer. A test that
 * acts while a run records then acts while it records, however fast the machine records.
 */
export const holdBetweenPieces = `{
  const wait = self.setTimeout.bind(self);
  self.held = true;
  self.setTimeout = (go, ms) => wait(function later() { self.held ? wait(later, 20) : go(); }, ms);
}
`;

/** Serves the recording worker with `holdBetweenPieces` before it: it sends one piece, then waits. */
export async function holdRecordingWorker(page: Page): Promise<void> {
  await page.route(/recording\.worker/, async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, body: holdBetweenPieces + (await response.text()) });
    } catch (error) {
      // The test ended and closed its page while the worker's script was on its way.
      if (!page.isClosed()) throw error;
    }
  });
}

export async function open(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('tick')).toBeVisible();
  await waitForSidePanel(page);
  await waitForStableGraph(page);
}

/** What a wait expects on screen: the footer's tick, the picker's choice, a text in a test id. */
interface Shown {
  tick?: number;
  picked?: string | null;
  within?: string;
  text?: string;
}

/**
 * Waits, frame by frame, until the page shows what `shown` says; when it has not within a few
 * seconds, fails as `otherwise` does (expects whose messages say what the page showed instead).
 * An expect alone retries after 100 ms and then later: over a walk of hundreds of moments, most
 * of a moment's wait was that pause, not the app.
 */
async function shownSoon(page: Page, shown: Shown, otherwise: () => Promise<void>): Promise<void> {
  const ok = await page
    .waitForFunction(
      ({ tick, picked, within, text }: Shown) => {
        if (tick !== undefined) {
          const at = document.querySelector('[data-testid="tick"] b')?.textContent;
          if (at !== String(tick)) return false;
        }
        const picker = document.querySelector<HTMLSelectElement>('.picker select');
        if (picked && picker && picker.value !== picked) return false;
        if (within !== undefined && text !== undefined) {
          const box = document.querySelector(`[data-testid="${within}"]`);
          if (!box?.textContent?.includes(text)) return false;
        }
        return true;
      },
      shown,
      { polling: 'raf', timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!ok) await otherwise();
}

/** Expects the element of test id `within` to contain `text`, checked at every frame. */
export async function expectTextSoon(page: Page, within: string, text: string): Promise<void> {
  await shownSoon(page, { within, text }, () =>
    expect(page.getByTestId(within)).toContainText(text),
  );
}

/**
 * Shows another moment in the open app by its link, as pasting it into the address bar does: no
 * page load, so a walk over a hundred moments costs a render each, not a start of the app each.
 * Waits until the app shows the link's scenario or lesson at its tick, and the graph stands still.
 */
export async function goTo(page: Page, state: LinkState): Promise<void> {
  const url = linkTo(state);
  await page.evaluate((hash) => (window.location.hash = hash), url.slice(url.indexOf('#')));
  // Two scenarios' moments may share a tick: the picker says which one is on screen.
  const picked = state.lesson
    ? `lesson:${state.lesson.id}`
    : 'preset' in state.scenario
      ? `preset:${state.scenario.preset}`
      : null;
  await shownSoon(page, { tick: state.tick, picked }, async () => {
    await expectTick(page, state.tick);
    const picker = page.locator('.picker select');
    if (picked && (await picker.count())) await expect(picker).toHaveValue(picked);
  });
  await waitForStableGraph(page);
}

/**
 * Every lesson in turn, open at its first step in `language`: the first by its link, each next
 * one as a pasted link (see `goTo`; a lesson starts at 0, where the one before it ended later).
 * `visit` goes through the lesson from there; what it found comes back named by its lesson.
 */
export async function atEveryLesson(
  page: Page,
  language: 'en' | 'zh',
  visit: (lesson: Lesson) => Promise<string[]>,
  options: { presenter?: boolean; embed?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const [n, lesson] of LESSONS.entries()) {
    const state: LinkState = {
      scenario: { preset: lesson.scenario.id },
      tick: lesson.steps[0].tick,
      lesson: { id: lesson.id, step: 0 },
      view: { presenter: options.presenter ?? false },
      language,
    };
    if (n === 0) await open(page, linkTo(state, { embed: options.embed }));
    else await goTo(page, state);
    problems.push(
      ...(await visit(lesson)).map((f) => `lesson ${lesson.order} (${lesson.id}), ${f}`),
    );
  }
  return problems;
}

/**
 * Every step of every lesson in turn, in `language`, each as a link: the first lesson's first
 * step opened, every other step pasted (see `atEveryLesson`; a step's tick is later than the one
 * before it). Gives what `check` found at each, named by the step.
 */
export async function atEveryLessonStep(
  page: Page,
  language: 'en' | 'zh',
  check: () => Promise<string[]>,
  options: { presenter?: boolean; embed?: boolean } = {},
): Promise<string[]> {
  return atEveryLesson(
    page,
    language,
    async (lesson) => {
      const found: string[] = [];
      for (const [k, step] of lesson.steps.entries()) {
        if (k > 0) {
          await goTo(page, {
            scenario: { preset: lesson.scenario.id },
            tick: step.tick,
            lesson: { id: lesson.id, step: k },
            view: { presenter: options.presenter ?? false },
            language,
          });
        }
        found.push(...(await check()).map((f) => `step ${k + 1}: ${f}`));
      }
      return found;
    },
    options,
  );
}

/**
 * What the flight layer draws now, as boxes on the page: no locator reaches into a canvas, so
 * the canvas tells (FlightLayer.boxes). Empty when nothing was ever asked to travel.
 */
export function drawnBoxes(page: Page): Promise<DrawnBox[]> {
  return page
    .locator('canvas.g-flight')
    .evaluate(
      (canvas) => (canvas as unknown as { drawnBoxes?: () => DrawnBox[] }).drawnBoxes?.() ?? [],
    );
}

/** The tick the footer shows. */
export async function shownTick(page: Page): Promise<number> {
  const text = await page.getByTestId('tick').locator('b').textContent();
  return Number(text);
}

/** Expects the footer to show this tick. */
export async function expectTick(page: Page, tick: number): Promise<void> {
  await shownSoon(page, { tick }, () =>
    expect(page.getByTestId('tick').locator('b')).toHaveText(String(tick)),
  );
}

/** A task's node on the graph (React Flow names each node by its id). */
export function node(page: Page, id: string) {
  return page.getByTestId(`rf__node-${id}`);
}

/** The result strip once its verdict is in (see settledVerdict). */
export async function verdictOf(page: Page): Promise<Locator> {
  await settledVerdict(page);
  return page.getByTestId('result');
}

/**
 * Waits until the result strip is not judging: at a run's end, until its verdict shows. The
 * judging runs in a worker, which a loaded machine may take seconds to start and finish.
 */
export async function settledVerdict(page: Page): Promise<void> {
  await expect(page.getByTestId('result')).not.toHaveAttribute('data-judging', {
    timeout: 30_000,
  });
}

/** The value a sum operator's node shows as its state. */
export function sumOf(page: Page, task: string) {
  return node(page, task).locator('.g-value');
}

/** Lets the page run this many animation frames: playback runs on them, so a paused run must
 * not move across them. */
export async function frames(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );
}

/** The header's picker of lessons and scenarios. */
export function picker(page: Page) {
  return page.getByRole('combobox', { name: /scenario/i });
}

/**
 * Picks a preset for free play in the header, by the title a user reads, and waits until it is
 * open: its definition loads first, and keys pressed meanwhile act on the run still on screen
 * (an End pressed then is undone when the preset opens at its tick 0).
 */
export async function pickPreset(page: Page, id: string): Promise<void> {
  // The scenarios' titles load on the page's first input, as the pointer on its way to the picker.
  await picker(page).hover();
  await picker(page).selectOption({ label: preset(id).title });
  await expectPicked(page, id);
}

/** Expects the header's picker to name this preset. */
export async function expectPicked(page: Page, id: string): Promise<void> {
  await expect(picker(page).locator('option:checked')).toHaveText(preset(id).title);
}

/** A lesson's text as the screen shows it: its task references named as the graph names them. */
export function say(lesson: Lesson, text: LocalText, language: 'en' | 'zh' = 'en'): string {
  return lessonText(text, language, lesson.scenario);
}
