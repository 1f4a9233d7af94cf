import type { Page } from '@playwright/test';

/*
 * What the walks over the course check at each moment they visit, in the page: text below its
 * legibility floor, text cut off or sticking out of its box. Several walks visit the same
 * moments at the same view; one visit runs every check that view needs.
 */

/**
 * The floors of the issue "Legible from the back of the classroom", in screen pixels: node
 * titles and the values nodes show, and the labels that explain them.
 */
export const VIEWS = [
  { name: 'normal', width: 1440, height: 900, title: 14, secondary: 12 },
  { name: 'normal', width: 1280, height: 720, title: 13, secondary: 11 },
  { name: 'normal', width: 1024, height: 768, title: 13, secondary: 11 },
  { name: 'presenter', width: 1280, height: 720, title: 18, secondary: 14 },
  { name: 'presenter', width: 1920, height: 1080, title: 24, secondary: 18 },
  { name: 'embed', width: 800, height: 500, title: 12, secondary: 10 },
] as const;

/** What a node shows as a title or a value; everything else on the graph is a label. */
const TITLES_AND_VALUES = '.g-name, .g-value, .g-value-small, .g-cell, .g-rec, .g-status, b';

/**
 * Every text on the graph that is on screen, drawn below its floor: its size is its computed
 * font size times every scale between it and the screen (the graph's zoom, a node's
 * enlargement), measured as its drawn width over its laid-out width.
 */
export async function belowFloor(page: Page, floors: { title: number; secondary: number }) {
  return page.evaluate(
    ({ floors, titles }) => {
      const found: string[] = [];
      const stage = document.querySelector('.g-canvas')!.getBoundingClientRect();
      const walker = document.createTreeWalker(
        document.querySelector('.react-flow__viewport')!,
        NodeFilter.SHOW_TEXT,
      );
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('.visually-hidden')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || el.offsetWidth === 0) continue;
        // Off the stage (the camera frames part of the job): not on screen, not read.
        if (r.right < stage.left || r.left > stage.right) continue;
        if (r.bottom < stage.top || r.top > stage.bottom) continue;
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // Measured on the node, whose size is a whole number of pixels large enough that the
        // rounding of its laid-out width does not matter.
        const frame = el.closest<HTMLElement>('.g-node') ?? el;
        const scale = frame.getBoundingClientRect().width / frame.offsetWidth;
        const size = parseFloat(getComputedStyle(el).fontSize) * scale;
        const title = el.closest(titles) !== null && el.closest('.g-sub, .g-label') === null;
        const floor = title ? floors.title : floors.secondary;
        if (size < floor - 0.05) {
          const node = el.closest('.react-flow__node')?.getAttribute('data-id') ?? 'edge';
          found.push(
            `${node}: "${text.slice(0, 30)}" (${title ? 'title/value' : 'label'}) ${size.toFixed(1)} px < ${floor}`,
          );
        }
      }
      return found;
    },
    { floors, titles: TITLES_AND_VALUES },
  );
}

/**
 * Every element on screen whose own text is wider than its box, unless it is shortened on
 * purpose: an ellipsis where it is cut, and the full text in its title, for the pointer.
 */
export async function cutOff(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((within) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${within} *`)) {
      const own = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (!own || el.clientWidth === 0 || el.closest('.visually-hidden')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const text = el.textContent!.trim().replace(/\s+/g, ' ');
      const where =
        el.closest('.react-flow__node')?.getAttribute('data-id') ??
        el.getAttribute('class') ??
        el.tagName;
      // Cut by a box around it that hides what sticks out (the graph's pane excepted: there
      // the user pans).
      const r = el.getBoundingClientRect();
      for (
        let a = el.parentElement;
        a && !a.matches('.react-flow__viewport');
        a = a.parentElement
      ) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          found.push(
            `${where}: "${text.slice(0, 40)}" sticks out of ${a.getAttribute('class') ?? a.tagName}`,
          );
        }
        break;
      }
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      const title = el.closest<HTMLElement>('[title]')?.title.replace(/\s+/g, ' ') ?? '';
      if (style.textOverflow === 'ellipsis' && title.includes(text)) continue;
      found.push(
        `${where}: "${text.slice(0, 40)}" needs ${el.scrollWidth} px, has ${el.clientWidth}`,
      );
    }
    return found;
  }, within);
}

/**
 * SVG text that leaves its drawing: past the edge of its `<svg>` (which clips it), or out of the
 * nearest box around it that hides what sticks out. SVG text never wraps, so a label at the edge
 * of a chart is cut without a trace in scrollWidth.
 */
export async function svgTextCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<SVGTextElement>('svg text')) {
      const text = el.textContent!.trim();
      if (text === '' || !el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const svg = el.ownerSVGElement!;
      const where = svg.getAttribute('class') ?? svg.getAttribute('aria-label') ?? 'svg';
      // An <svg> clips what leaves it unless told not to (React Flow's edges are drawn in
      // one that lets them reach anywhere on the pane).
      const boxes: [string, DOMRect][] =
        getComputedStyle(svg).overflowX === 'visible' ? [] : [[where, svg.getBoundingClientRect()]];
      for (let a = svg.parentElement; a; a = a.parentElement) {
        if (a.matches('.react-flow__viewport')) break;
        if (getComputedStyle(a).overflowX === 'visible') continue;
        boxes.push([a.getAttribute('class') ?? a.tagName, a.getBoundingClientRect()]);
        break;
      }
      for (const [name, box] of boxes) {
        if (r.right > box.right + 1 || r.left < box.left - 1) {
          const by = Math.round(Math.max(r.right - box.right, box.left - r.left));
          found.push(`${where}: "${text.slice(0, 40)}" sticks out of ${name} by ${by} px`);
          break;
        }
      }
    }
    return found;
  });
}

/**
 * What a node says of its task, shortened: a value, a count, a status or a checkpoint's outcome
 * cut short, whatever its title says. A student cannot hover over a projection, and these are
 * the words a lesson step is about ("CANCELED state cl…", "sum by key even…", "10 dup…").
 * Names may be shortened (the subtask number stays), labels and lists with their title.
 */
export async function valuesCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const VALUES = [
      'b',
      '.g-value',
      '.g-value-small',
      '.g-status',
      '.g-cleared-text',
      '.g-dup-count',
      '.g-restart',
      '.g-store-label .g-label',
      '.g-jm-row > .g-label',
    ].join(', ');
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`.react-flow__node :is(${VALUES})`)) {
      if (el.clientWidth === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const where = el.closest('.react-flow__node')?.getAttribute('data-id') ?? '?';
      found.push(
        `${where}: "${el.textContent!.trim().slice(0, 40)}" needs ${el.scrollWidth} px, has ${el.clientWidth}`,
      );
    }
    return found;
  });
}

/**
 * Presenter mode's caption, projected: what in it is cut sideways, or below its fold (the back
 * row cannot scroll a projected caption, so text below its fold is text nobody reads).
 */
export async function captionCutOff(page: Page): Promise<string[]> {
  const found = await cutOff(page, '.caption');
  const caption = page.getByTestId('caption');
  const { need, has } = await caption.evaluate((el) => ({
    need: el.scrollHeight,
    has: el.clientHeight,
  }));
  if (need > has + 1) found.push(`caption needs ${need} px of height, has ${has}`);
  return found;
}

/** The floors of the view of VIEWS named `name` at this size. */
export function floorsAt(name: (typeof VIEWS)[number]['name'], width: number, height: number) {
  const view = VIEWS.find((v) => v.name === name && v.width === width && v.height === height);
  if (!view) throw new Error(`no legibility floors for ${name} ${width}x${height}`);
  return view;
}

/**
 * Views whose walks over the presets' key moments or the lesson steps are walked by other specs,
 * which check the floors at each moment as well: legibility.spec.ts does not visit them again.
 * The presets at 1440x900 and 1280x720 and the lessons at 1280x720 and 1024x768: overflow.spec.ts;
 * the lessons at 1440x900: channelRoom.spec.ts.
 */
export const FLOORS_WALKED_ELSEWHERE = {
  presets: ['normal 1440x900', 'normal 1280x720'],
  lessons: ['normal 1440x900', 'normal 1280x720', 'normal 1024x768'],
};
