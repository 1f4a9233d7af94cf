import type { Page } from '@playwright/test';
import { stressScenario } from '../../bench/scenarios';
import { recordTimeline, stateAt } from '../../src/session/timeline';
import type { DrawnBox } from '../../src/app/graph/flightLayer';
import {
  atEveryLessonStep,
  drawnBoxes,
  expect,
  linkTo,
  open,
  test,
  waitForStableGraph,
} from './fixtures';
import { belowFloor, floorsAt } from './screenChecks';

type Box = Pick<DrawnBox, 'left' | 'top' | 'width' | 'height'>;

/** How far two boxes overlap, across and down; 0 when they are apart. */
function overlap(a: Box, b: Box): { x: number; y: number } {
  return {
    x: Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)),
    y: Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top)),
  };
}

/** Borders may touch: two boxes count as covering each other past this many pixels. */
const TOUCH = 2;

/**
 * What travels covering what else travels nearby: elements on one channel (records, barriers,
 * "+N" chips), a channel's elements and a snapshot write or control message beside them, and
 * control messages. Copies of one control message to several tasks are drawn as one pill,
 * exactly on top of each other, while their paths are one: that is not covering, a pill half
 * over another is. (Elements on two channels that cross: crossing.spec.ts.)
 */
async function covered(page: Page): Promise<string[]> {
  const boxes = (await drawnBoxes(page)).filter((b) => /^(ch|ctl|be):/.test(b.edge));
  const kind = (b: DrawnBox) => b.edge.slice(0, b.edge.indexOf(':'));
  const found: string[] = [];
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const kinds = new Set([kind(a), kind(b)]);
      const checked =
        a.edge === b.edge ||
        (kinds.size === 1 && kinds.has('ctl')) ||
        (kinds.has('ch') && kinds.size === 2);
      if (!checked) continue;
      const { x, y } = overlap(a, b);
      if (x <= TOUCH || y <= TOUCH) continue;
      const one =
        kind(a) === 'ctl' &&
        kind(b) === 'ctl' &&
        a.text === b.text &&
        Math.abs(a.left - b.left) < 1 &&
        Math.abs(a.top - b.top) < 1;
      if (!one) found.push(`"${a.text}" on ${a.edge} covers "${b.text}" on ${b.edge}`);
    }
  }
  return found;
}

/**
 * Snapshot writes, restored state and control messages that a task's box cuts: the flight layer
 * is drawn under the nodes, so a pill reaching into a task loses its edge (lesson 3's first
 * "snap 1" lost its number's edge to the next task's corner).
 */
async function cutByTasks(page: Page): Promise<string[]> {
  const pills = (await drawnBoxes(page)).filter((b) => /^(ctl|be):/.test(b.edge));
  if (pills.length === 0) return [];
  const tasks = await page.evaluate(() =>
    [...document.querySelectorAll('.react-flow__node')]
      .filter((el) => el.querySelector('.g-task'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          id: el.getAttribute('data-id') ?? '?',
          left: r.left,
          top: r.top,
          width: r.width,
          height: r.height,
        };
      }),
  );
  const found: string[] = [];
  for (const pill of pills) {
    for (const task of tasks) {
      const { x, y } = overlap(pill, task);
      if (x > TOUCH && y > TOUCH) found.push(`"${pill.text}" on ${pill.edge} is cut by ${task.id}`);
    }
  }
  return found;
}

/** Checkpoint tags under a source's tape that cover each other. */
async function tagsCovered(page: Page): Promise<string[]> {
  return page.evaluate((touch) => {
    const found: string[] = [];
    for (const row of document.querySelectorAll('.g-marks')) {
      const node = row.closest('.react-flow__node')?.getAttribute('data-id') ?? '?';
      const tags = [...row.querySelectorAll('.g-mark-tag')].map((el) => ({
        text: el.textContent ?? '',
        box: el.getBoundingClientRect(),
      }));
      for (const [i, a] of tags.entries()) {
        for (const b of tags.slice(i + 1)) {
          const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (x > touch && y > touch) found.push(`${node}: tag ${a.text} covers tag ${b.text}`);
        }
      }
    }
    return found;
  }, TOUCH);
}

test.describe.configure({ timeout: 240_000 });

// At the suite's 1440x900, where the walks check the graph's legibility floors as well.
const floors = floorsAt('normal', 1440, 900);
test.use({ viewport: { width: floors.width, height: floors.height } });

for (const language of ['en', 'zh'] as const) {
  test(`${language}: at every lesson step, nothing in flight and no checkpoint tag covers its neighbour, no task cuts a message or write, and the graph's text is at or above ${floors.title}/${floors.secondary} px`, async ({
    page,
  }) => {
    const problems = await atEveryLessonStep(page, language, async () => [
      ...(await belowFloor(page, floors)),
      ...(await covered(page)),
      ...(await cutByTasks(page)),
      ...(await tagsCovered(page)),
    ]);
    expect(problems).toEqual([]);
  });
}

test('a channel too short for its queue draws its head, its barriers and "+N" for the rest', async ({
  page,
}) => {
  // Eight sources beside eight sums: each channel holds about fifty records and a barrier or two,
  // with room for hardly a chip.
  const scenario = stressScenario();
  const tick = 40;
  const state = stateAt(recordTimeline(scenario), tick);
  const inFlight =
    state.channels.reduce((n, c) => n + c.queue.length, 0) +
    state.messages.length +
    state.writes.length;
  await open(page, linkTo({ scenario: { custom: scenario }, tick }));
  await waitForStableGraph(page);
  const canvas = page.locator('canvas.g-flight');
  // Every element is still counted: a "+N" chip stands for N records.
  await expect(canvas).toHaveAttribute('data-count', String(inFlight));
  const boxes = (await drawnBoxes(page)).filter((b) => b.edge.startsWith('ch:'));
  const runs = boxes.filter((b) => b.className.includes('g-chip-run'));
  expect(runs.length).toBeGreaterThan(0);
  expect(runs.every((b) => /^\+\d+$/.test(b.text))).toBe(true);
  expect(boxes.length).toBeLessThan(inFlight / 4);
  // Every barrier on a channel is drawn as itself.
  const barriers = state.channels.reduce(
    (n, c) => n + c.queue.filter((f) => f.element.kind === 'barrier').length,
    0,
  );
  expect(barriers).toBeGreaterThan(0);
  expect(boxes.filter((b) => b.className.includes('g-barrier')).length).toBe(barriers);
  // So short a channel has room for less than a run, a barrier and a run: nothing else is drawn
  // as itself.
  for (const b of boxes) expect(b.className).toMatch(/g-barrier|g-chip-run/);
});
