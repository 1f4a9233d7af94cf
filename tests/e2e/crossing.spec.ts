import type { Page } from '@playwright/test';
import { drawnBoxes, expect, goTo, linkTo, open, test, type LinkState } from './fixtures';
import { lessonById } from '../../src/scenarios/lessons/course';

const lesson = lessonById('barrier-alignment')!;

/**
 * Records and barriers on different channels that cover each other on the screen: what the
 * flight layer drew, read from its canvas, since no locator reaches into a canvas.
 */
async function overlappingChips(page: Page): Promise<{ found: string[]; chips: number }> {
  // Without the method the flight layer was never asked for: nothing travels, nothing is drawn.
  const boxes = await drawnBoxes(page);
  const chips = boxes.filter((b) => b.edge.startsWith('ch:'));
  const found: string[] = [];
  for (const [i, a] of chips.entries()) {
    for (const b of chips.slice(i + 1)) {
      if (a.edge === b.edge) continue;
      const apart =
        a.left + a.width <= b.left ||
        b.left + b.width <= a.left ||
        a.top + a.height <= b.top ||
        b.top + b.height <= a.top;
      if (!apart) found.push(`"${a.text}" on ${a.edge} covers "${b.text}" on ${b.edge}`);
    }
  }
  return { found, chips: chips.length };
}

const VIEWS = [
  { width: 1440, height: 900, presenter: false },
  { width: 1280, height: 720, presenter: false },
  { width: 1024, height: 768, presenter: false },
  { width: 1280, height: 720, presenter: true },
  { width: 1920, height: 1080, presenter: true },
] as const;

test.describe.configure({ timeout: 120_000 });

// The two sources both feed sum_even and sum_odd, so two of the four channels cross where
// barriers and records travel: at every step of the lesson, framed by its camera or with the
// whole job in view, what travels on one channel never hides what travels on another.
for (const view of VIEWS) {
  const screen = `${view.presenter ? 'presenter' : 'normal'} ${view.width}x${view.height}`;
  test(`${screen}: records and barriers on different channels never cover each other in lesson 3`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: view.width, height: view.height });
    const problems: string[] = [];
    let drawn = 0;
    let first = true;
    for (const [k, step] of lesson.steps.entries()) {
      for (const inLesson of [true, false]) {
        const state: LinkState = {
          scenario: { preset: lesson.scenario.id },
          tick: step.tick,
          view: { presenter: view.presenter },
          ...(inLesson ? { lesson: { id: lesson.id, step: k } } : {}),
        };
        if (first) await open(page, linkTo(state));
        else await goTo(page, state);
        first = false;
        const where = inLesson ? `step ${k + 1}` : `tick ${step.tick}, whole job`;
        const { found, chips } = await overlappingChips(page);
        problems.push(...found.map((p) => `${where}: ${p}`));
        drawn += chips;
      }
    }
    expect(problems).toEqual([]);
    // A layer that drew nothing would pass the check above.
    expect(drawn).toBeGreaterThan(0);
  });
}
