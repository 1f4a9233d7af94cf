import { chromium } from '@playwright/test';
import lz from 'lz-string';
import { LESSONS } from './src/scenarios/lessons/course';

const base = 'http://localhost:5331/';
const only = process.argv[2];
const sizes = (process.argv[3] ?? '1440x900,1280x720').split(',').map((s) => s.split('x').map(Number));
const langs = (process.argv[4] ?? 'en,zh').split(',') as ('en' | 'zh')[];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h] of sizes) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, reducedMotion: 'reduce' });
  for (const lesson of LESSONS) {
    if (only && only !== 'all' && !lesson.id.includes(only)) continue;
    for (const language of langs) {
      for (const [i, step] of lesson.steps.entries()) {
        const json = JSON.stringify({ v: 1, scenario: { preset: lesson.scenario.id }, tick: step.tick, lesson: { id: lesson.id, step: i }, language });
        await page.goto('about:blank');
        await page.goto(`${base}#v1=${lz.compressToEncodedURIComponent(json)}`);
        await page.getByTestId('tick').waitFor();
        await page.waitForFunction(
          () => {
            const w = window as unknown as { __k?: string; __n?: number };
            const viewport = document.querySelector('.react-flow__viewport');
            const nodes = [...document.querySelectorAll<HTMLElement>('.react-flow__node')];
            if (!viewport || nodes.length === 0 || document.fonts.status !== 'loaded') return false;
            if (nodes.some((n) => getComputedStyle(n).visibility !== 'visible')) return false;
            const key = [viewport, ...nodes].map((n) => n.getAttribute('style')).join('|');
            w.__n = w.__k === key ? (w.__n ?? 0) + 1 : 0;
            w.__k = key;
            return w.__n >= 5;
          },
          undefined,
          { polling: 'raf' },
        );
        await page.waitForTimeout(300);
        const out = `/tmp/truth/walk/${lesson.order}-${lesson.id}-${language}-s${i + 1}-${w}.png`;
        await page.screenshot({ path: out });
        console.log(out, 'tick', step.tick);
      }
    }
  }
  await page.close();
}
await browser.close();
